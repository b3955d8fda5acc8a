//! English words for counts and places, used wherever ayla writes a
//! sentence: the engine's messages, the rulebook, the command line. A leaf
//! module (it imports nothing of ayla's), so that the engine can word its
//! errors without depending on the rulebook's prose.

/// `one` for a count of 1, else `many` (0 included): `pit a`, `pits c,d`.
#[must_use]
pub fn plural<'a, T: PartialEq + From<u8>>(n: T, one: &'a str, many: &'a str) -> &'a str {
    if n == T::from(1) { one } else { many }
}

/// `bytes` in MB, for messages.
#[must_use]
pub fn megabytes(bytes: u64) -> String {
    format!("{:.0} MB", bytes as f64 / 1e6)
}

/// `1 ply`, `2 plies`, `0 plies`: a count and its noun.
#[must_use]
pub fn count<T: std::fmt::Display + PartialEq + From<u8> + Copy>(
    n: T,
    one: &str,
    many: &str,
) -> String {
    format!("{n} {}", plural(n, one, many))
}

/// `1st`, `2nd`, `3rd`, `4th`, … `11th`, … `21st`.
#[must_use]
pub fn ordinal(n: u8) -> String {
    let suffix = match (n % 10, n % 100) {
        (1, r) if r != 11 => "st",
        (2, r) if r != 12 => "nd",
        (3, r) if r != 13 => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// Wraps `text` at `width` columns, every line after the first indented by `indent`.
pub fn wrap(text: &str, width: usize, first: &str, indent: &str) -> String {
    let mut out = String::from(first);
    let mut col = first.chars().count();
    let mut line_start = true;
    for word in text.split_whitespace() {
        let w = word.chars().count();
        if !line_start && col + 1 + w > width {
            out.push('\n');
            out.push_str(indent);
            col = indent.chars().count();
            line_start = true;
        }
        if !line_start {
            out.push(' ');
            col += 1;
        }
        out.push_str(word);
        col += w;
        line_start = false;
    }
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ordinals_take_the_suffix_of_their_last_digit_except_in_the_teens() {
        let got: Vec<String> = [1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111]
            .into_iter()
            .map(ordinal)
            .collect();
        assert_eq!(
            got,
            [
                "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "23rd",
                "101st", "111th"
            ]
        );
    }

    #[test]
    fn counts_are_singular_only_for_one() {
        assert_eq!(count(0u32, "ply", "plies"), "0 plies");
        assert_eq!(count(1u32, "ply", "plies"), "1 ply");
        assert_eq!(count(2u32, "ply", "plies"), "2 plies");
    }

    #[test]
    fn wrap_breaks_between_words_and_indents_later_lines() {
        assert_eq!(
            wrap("one two three four", 10, "- ", "  "),
            "- one two\n  three\n  four\n"
        );
    }
}
