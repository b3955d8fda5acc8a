//! Text notations over pest grammars in `grammar/`: positions (docs/notation.md)
//! and records (§4); and plies as a person types them.

mod ply;
mod position;
mod record;

pub use ply::{PlyParseError, other_plies, parse_ply};
pub use position::{PositionError, format_position, format_state, parse_position, parse_state};
pub use record::{
    Loc, RawPly, Record, RecordPly, RecordSyntaxError, ResolveError, Tag, parse_records,
};

/// `text` as an error message quotes it: characters that would show as
/// nothing or move the cursor (controls such as NUL, zero-width and
/// direction marks, the byte-order mark) written as escapes (`\0`,
/// `\u{200b}`), so that a message never says "found ` `" of a byte the
/// reader cannot see.
pub(crate) fn visible(text: &str) -> String {
    text.chars()
        .map(|c| {
            let invisible = c.is_control()
                || matches!(c, '\u{200B}'..='\u{200F}' | '\u{2028}'..='\u{202E}' | '\u{2060}'..='\u{2064}' | '\u{FEFF}');
            if invisible {
                c.escape_debug().to_string()
            } else {
                c.to_string()
            }
        })
        .collect()
}
