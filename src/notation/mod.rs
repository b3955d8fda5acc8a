//! Text notations over pest grammars in `grammar/`: positions (docs/notation.md)
//! and records (§4); and plies as a person types them.

mod ply;
mod position;
mod record;

pub use ply::{PlyParseError, parse_ply};
pub use position::{PositionError, format_position, parse_position};
pub use record::{
    Loc, RawPly, Record, RecordPly, RecordSyntaxError, ResolveError, Tag, parse_records,
};
