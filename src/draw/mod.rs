//! Pictures of a board, as SVG: for papers, for `ayla draw`, for the page
//! of `ayla serve`.
//!
//! A drawing reads plain data (a [`Scene`]), not the engine, so the
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

use crate::board::{Pit, PitSet, Place, Side};
use crate::engine::Position;
use crate::reference::State;
use crate::reference::trace::Frame;
use crate::rules::Rules;

pub use svg::svg;

/// What is on the board: plain data, in label order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scene {
    /// Seeds per pit, in label order (`Pit(i)` is index `i`).
    pub seeds: Vec<u32>,
    /// Seeds captured, South then North: the stores' contents where the
    /// rules have stores.
    pub captured: [u32; 2],
    /// Per pit: who controls it (a trade changes it).
    pub controller: Vec<Side>,
    /// Per pit: whose house it is, if it is one.
    pub houses: Vec<Option<Side>>,
    /// The pits of a pending offer.
    pub offer: PitSet,
    /// The side to act; `None` once the game is over.
    pub to_move: Option<Side>,
}

impl Scene {
    /// The scene of an engine position (`to_move` is the position's side
    /// to act: a position does not know whether its game has ended).
    #[must_use]
    pub fn of_position(rules: &Rules, pos: &Position) -> Scene {
        let pits: Vec<Pit> = (0..rules.pits()).map(|i| Pit(i as u8)).collect();
        let houses = Side::BOTH.map(|s| pos.houses(s));
        Scene {
            seeds: pits.iter().map(|&p| u32::from(pos.seeds(p))).collect(),
            captured: Side::BOTH.map(|s| u32::from(pos.captured(s))),
            controller: pits.iter().map(|&p| pos.controller(p)).collect(),
            houses: pits
                .iter()
                .map(|&p| {
                    Side::BOTH
                        .into_iter()
                        .find(|s| houses[s.index()].contains(p))
                })
                .collect(),
            offer: pos.offer().unwrap_or(PitSet::EMPTY),
            to_move: Some(pos.to_move()),
        }
    }

    /// The scene of a reference interpreter's state.
    #[must_use]
    pub fn of_state(_rules: &Rules, state: &State) -> Scene {
        Scene {
            seeds: state.seeds.clone(),
            captured: state.captured,
            controller: state.controller.clone(),
            houses: state.houses.clone(),
            offer: state.offer.iter().copied().collect(),
            to_move: Some(state.to_move),
        }
    }

    /// The scene one step into a ply: `before` (the scene the ply was
    /// played from) with the seeds, captured totals and houses of `frame`.
    /// Who controls which pit, the offer and the side to act do not change
    /// in the middle of a sowing, so they are `before`'s.
    #[must_use]
    pub fn of_frame(_rules: &Rules, before: &Scene, frame: &Frame) -> Scene {
        Scene {
            seeds: frame.seeds.clone(),
            captured: frame.captured,
            controller: before.controller.clone(),
            houses: frame.houses.clone(),
            offer: before.offer,
            to_move: before.to_move,
        }
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
}

impl Default for Options {
    /// Numbers, labels, not interactive, no caption.
    fn default() -> Options {
        Options {
            seeds: Seeds::Numbers,
            labels: true,
            interactive: false,
            caption: None,
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
                Scene::of_state(&rules, &State::initial(&rules)),
                "{id}"
            );
        }
    }

    /// A frame's scene has the frame's seeds and the scene before's
    /// controllers and side; the last frame of Kpé's `c` is the position
    /// after it (7,6,0,7/7,7,7,7, the crate's own example).
    #[test]
    fn a_frame_keeps_who_controls_what() {
        let rules = crate::rules::bundled("kpe").unwrap();
        let start = State::initial(&rules);
        let before = Scene::of_state(&rules, &start);
        let c = rules.pit('c').unwrap();
        let frames = trace(&rules, &start, crate::engine::Ply::Sow(c)).unwrap();
        assert_eq!(frames[0].event, Event::Lift(c));
        let last = Scene::of_frame(&rules, &before, frames.last().unwrap());
        assert_eq!(last.seeds, vec![7, 6, 0, 7, 7, 7, 7, 7]);
        assert_eq!(last.controller, before.controller);
        assert_eq!(last.to_move, Some(Side::South));
    }
}
