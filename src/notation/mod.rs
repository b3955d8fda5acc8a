//! Text notations: positions (SPEC.md §5) over a pest grammar in `grammar/`,
//! and plies as a person types them.

mod ply;
mod position;

pub use ply::{PlyParseError, parse_ply};
pub use position::{PositionError, format_position, parse_position};
