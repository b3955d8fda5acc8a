//! Text notations: positions (SPEC.md §5), over pest grammars in `grammar/`.

mod position;

pub use position::{PositionError, format_position, parse_position};
