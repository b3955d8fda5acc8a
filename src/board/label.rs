//! Pit labels: a letter for the column, counted from the owner's left
//! (lower case South's, upper case North's), and for a row other than the
//! owner's edge row its number counted from that edge (`c2`). Two-row
//! boards have edge rows only, so their labels are single letters.

use std::fmt;

use super::Side;

/// A pit's label, as written in records, positions and drawings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Label {
    side: Side,
    /// 0 for `a`/`A`.
    letter: u8,
    /// 1 for the owner's edge row.
    number: u8,
}

impl Label {
    /// The label of letter `letter` (0 for `a`) in row `number` (1 at the
    /// edge) of `side`'s letters.
    ///
    /// # Panics
    /// If `letter` is past `z` or `number` is 0 or above 9.
    #[must_use]
    pub fn new(side: Side, letter: usize, number: usize) -> Label {
        assert!(
            letter < 26 && (1..=9).contains(&number),
            "no label {letter}/{number}"
        );
        Label {
            side,
            letter: letter as u8,
            number: number as u8,
        }
    }

    /// The label `text` spells: a letter and, for a row past the edge,
    /// its number (`c`, `C2`). `None` for anything else, `c1` included:
    /// each label has one spelling.
    #[must_use]
    pub fn parse(text: &str) -> Option<Label> {
        let mut chars = text.chars();
        let first = chars.next()?;
        let (side, letter) = match first {
            'a'..='z' => (Side::South, first as usize - 'a' as usize),
            'A'..='Z' => (Side::North, first as usize - 'A' as usize),
            _ => return None,
        };
        let number = match chars.as_str() {
            "" => 1,
            digit if digit.len() == 1 => match digit.as_bytes()[0] {
                d @ b'2'..=b'9' => usize::from(d - b'0'),
                _ => return None,
            },
            _ => return None,
        };
        Some(Label::new(side, letter, number))
    }

    /// Whose letters: lower case South's, upper case North's.
    #[must_use]
    pub fn side(self) -> Side {
        self.side
    }

    /// The letter's place in the alphabet, from 0.
    #[must_use]
    pub fn letter(self) -> usize {
        usize::from(self.letter)
    }

    /// The row, counted from the owner's edge (1).
    #[must_use]
    pub fn number(self) -> usize {
        usize::from(self.number)
    }

    /// The letter as written.
    #[must_use]
    pub fn letter_char(self) -> char {
        let base = match self.side {
            Side::South => b'a',
            Side::North => b'A',
        };
        (base + self.letter) as char
    }
}

impl fmt::Display for Label {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use fmt::Write;
        f.write_char(self.letter_char())?;
        if self.number > 1 {
            write!(f, "{}", self.number)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spellings() {
        assert_eq!(Label::new(Side::South, 2, 1).to_string(), "c");
        assert_eq!(Label::new(Side::North, 0, 2).to_string(), "A2");
        for text in ["a", "z", "A", "Z", "c2", "H2", "b3"] {
            assert_eq!(Label::parse(text).unwrap().to_string(), text);
        }
        for text in ["", "1", "c1", "c0", "c10", "c 2", "é", "-", "c2x"] {
            assert_eq!(Label::parse(text), None, "{text:?}");
        }
    }
}
