//! Stand-in for `ayla::draw` until it lands (same names); removed then.
#![allow(dead_code, missing_docs)]

use ayla::board::{Pit, PitSet, Place, Side};
use ayla::engine::Position;
use ayla::reference::trace::Frame;
use ayla::rules::Rules;
use std::fmt::Write;

pub struct Scene {
    pub seeds: Vec<u32>,
    pub captured: [u32; 2],
    pub controller: Vec<Side>,
    pub houses: Vec<Option<Side>>,
    pub offer: PitSet,
    pub to_move: Option<Side>,
}

impl Scene {
    pub fn of_position(rules: &Rules, pos: &Position) -> Scene {
        let n = 2 * rules.per_row;
        let pits = (0..n).map(|i| Pit(i as u8));
        Scene {
            seeds: pits.clone().map(|p| u32::from(pos.seeds(p))).collect(),
            captured: Side::BOTH.map(|s| u32::from(pos.captured(s))),
            controller: pits.clone().map(|p| pos.controller(p)).collect(),
            houses: pits
                .map(|p| Side::BOTH.into_iter().find(|&s| pos.houses(s).contains(p)))
                .collect(),
            offer: pos.offer().unwrap_or(PitSet::EMPTY),
            to_move: Some(pos.to_move()),
        }
    }
    pub fn of_frame(_rules: &Rules, before: &Scene, f: &Frame) -> Scene {
        Scene {
            seeds: f.seeds.clone(),
            captured: f.captured,
            controller: before.controller.clone(),
            houses: f.houses.clone(),
            offer: PitSet::EMPTY,
            to_move: before.to_move,
        }
    }
}

#[derive(Default)]
pub struct Marks {
    pub legal: PitSet,
    pub path: Vec<Place>,
    pub focus: Option<Place>,
    pub taken: PitSet,
}

pub enum Seeds {
    Numbers,
    Dots,
}

pub struct Options {
    pub seeds: Seeds,
    pub labels: bool,
    pub interactive: bool,
    pub caption: Option<String>,
}

pub fn svg(rules: &Rules, scene: &Scene, marks: &Marks, _opts: &Options) -> String {
    let n = rules.per_row;
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {} 120\">",
        60 * n + 40
    );
    for i in 0..2 * n {
        let p = Pit(i as u8);
        let (x, y) = if i < n {
            (20 + 60 * i, 90)
        } else {
            (20 + 60 * (2 * n - 1 - i), 30)
        };
        let legal = if marks.legal.contains(p) {
            " legal"
        } else {
            ""
        };
        let _ = write!(
            s,
            "<g class=\"pit{legal}\" data-pit=\"{}\" data-count=\"{}\"><circle cx=\"{}\" cy=\"{y}\" r=\"25\" fill=\"#eee\" stroke=\"#333\"/><text x=\"{}\" y=\"{}\" text-anchor=\"middle\">{}</text></g>",
            p.label(n),
            scene.seeds[i],
            x + 25,
            x + 25,
            y + 5,
            scene.seeds[i]
        );
    }
    s.push_str("</svg>");
    s
}
