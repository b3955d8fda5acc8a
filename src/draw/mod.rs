//! Pictures of a board, as SVG: for papers, for `ayla draw`, for the page
//! of `ayla serve`.
//!
//! A drawing reads plain data (a [`Scene`]: the crate's one plain
//! [`State`] and whether the game is over), not the engine, so the
//! engine's positions, the reference interpreter's states and the frames
//! of a sowing trace all draw the same way. The geometry comes from the
//! rules alone ([`layout`]); [`svg`] draws it. Nothing is said by colour
//! alone: every mark has a shape or a word (docs/drawing.md).
//!
//! ```
//! use ayla::draw::{Marks, Options, Scene, svg};
//! use ayla::engine::Position;
//!
//! let rules = ayla::rules::bundled("kpe")?;
//! let scene = Scene::of_position(&rules, &Position::initial(&rules));
//! let picture = svg(&rules, &scene, &Marks::default(), &Options::default());
//! assert!(picture.starts_with("<svg"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod layout;
mod svg;

use crate::board::{PitSet, Place, Side};
use crate::engine::Position;
use crate::rules::Rules;
use crate::state::State;

pub use svg::svg;

/// What is on the board: a state, and whether its game is over.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scene {
    /// The state drawn. Short or long per-pit vectors still draw: a pit
    /// past their end shows empty and its home side's.
    pub state: State,
    /// The game is over: nobody is to act.
    pub over: bool,
}

impl Scene {
    /// The scene of a state whose game goes on.
    #[must_use]
    pub fn new(state: State) -> Scene {
        Scene { state, over: false }
    }

    /// The scene of an engine position (a position does not know whether
    /// its game has ended, so it is not over).
    #[must_use]
    pub fn of_position(rules: &Rules, pos: &Position) -> Scene {
        Scene::new(pos.to_state(rules))
    }

    /// The side to act; `None` once the game is over.
    #[must_use]
    pub fn to_act(&self) -> Option<Side> {
        (!self.over).then_some(self.state.to_move)
    }
}

/// What to point out on the picture.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Marks {
    /// Pits the player to act may sow from (a thicker ring).
    pub legal: PitSet,
    /// Where the last ply's seeds fell, in order (each place numbered
    /// with the order of its seeds; a place may come more than once).
    pub path: Vec<Place>,
    /// The place a seed has just fallen in (ringed).
    pub focus: Option<Place>,
    /// Pits just captured (crossed).
    pub taken: PitSet,
}

/// How seeds are shown.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Seeds {
    /// The count, as a number.
    #[default]
    Numbers,
    /// One dot a seed, up to [`MAX_DOTS`]; above that a ring of dots and
    /// the number.
    Dots,
}

/// Most seeds a pit shows as dots one by one; more would no longer be
/// countable at a glance, nor fit.
pub const MAX_DOTS: u32 = 20;

/// How to draw.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// Numbers or dots.
    pub seeds: Seeds,
    /// Pit labels (`a b c …`, `A B C …`) outside the board.
    pub labels: bool,
    /// `class` and `data-*` attributes a page hooks onto: each pit's `<g>`
    /// gets `class="pit"` (plus `legal` etc.), `data-pit` and
    /// `data-count`; each store's `data-store` and `data-count`.
    pub interactive: bool,
    /// A line of text under the board.
    pub caption: Option<String>,
    /// For a narrow screen: the names above and below the board, the pits
    /// closer and the labels larger, so the board fills the width.
    pub compact: bool,
}

impl Default for Options {
    /// Numbers, labels, not interactive, no caption, not compact.
    fn default() -> Options {
        Options {
            seeds: Seeds::Numbers,
            labels: true,
            interactive: false,
            caption: None,
            compact: false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reference::trace::{Event, trace};

    /// The engine's and the reference's starts are the same scene, on
    /// every bundled board.
    #[test]
    fn positions_and_states_make_the_same_scene() {
        for (id, _, _) in crate::rules::BUNDLED {
            let rules = crate::rules::bundled(id).unwrap();
            assert_eq!(
                Scene::of_position(&rules, &Position::initial(&rules)),
                Scene::new(State::initial(&rules)),
                "{id}"
            );
        }
    }

    /// A frame's state keeps the controllers and the side of the state
    /// before; the last frame of Kpé's `c` is the position after it
    /// (7,6,0,7/7,7,7,7, the crate's own example).
    #[test]
    fn a_frame_keeps_who_controls_what() {
        let rules = crate::rules::bundled("kpe").unwrap();
        let start = State::initial(&rules);
        let c = rules.pit("c").unwrap();
        let frames = trace(&rules, &start, crate::engine::Ply::Sow(c)).unwrap();
        assert_eq!(frames[0].event, Event::Lift(c));
        let last = Scene::new(frames.last().unwrap().state.clone());
        assert_eq!(last.state.seeds, vec![7, 6, 0, 7, 7, 7, 7, 7]);
        assert_eq!(last.state.controller, start.controller);
        assert_eq!(last.to_act(), Some(Side::South));
    }
}
