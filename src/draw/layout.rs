//! Where everything goes: the geometry of a board, from its rules only.
//!
//! The board is seen from South's seat. Its rows are a list, top to
//! bottom, each a list of pits left to right; the stores (where the rules
//! have them) stand at the ends, each after its owner's last house in
//! sowing order. The renderer draws whatever cells this list holds, so a
//! board of three or four rows needs only more entries here.

use crate::board::{Pit, Side};
use crate::rules::Rules;

/// Radius of a pit's circle, in the picture's units (CSS pixels).
pub const PIT_RADIUS: f64 = 24.0;
/// Distance between the centres of neighbouring pits in a row.
const PITCH: f64 = 60.0;
/// Distance between the centres of neighbouring rows: room between the
/// circles for one line of notes per row ("house S", "offered").
const ROW_PITCH: f64 = 2.0 * PIT_RADIUS + 34.0;
/// Inside the board's outline, around the cells.
const BOARD_PAD: f64 = 12.0;
/// Width of a store.
const STORE_WIDTH: f64 = 46.0;
/// Around the whole picture.
const MARGIN: f64 = 16.0;
/// Room for a line of labels outside the board (above or below).
const LABEL_BAND: f64 = 18.0;
/// Between the board and the players' names.
const NAME_GAP: f64 = 14.0;
/// Width kept for the players' names and their captured totals.
const NAME_WIDTH: f64 = 132.0;
/// A compact picture's band for a player's name, above or below.
const NAME_BAND: f64 = 22.0;

/// The spacing of a picture: roomy, or compact for a narrow screen,
/// where every unit of width the names and gaps take shrinks the pits.
#[derive(Clone, Copy)]
struct Spacing {
    pitch: f64,
    board_pad: f64,
    margin: f64,
    /// The names above and below the board, not beside it.
    stacked: bool,
}

const ROOMY: Spacing = Spacing {
    pitch: PITCH,
    board_pad: BOARD_PAD,
    margin: MARGIN,
    stacked: false,
};

/// Pits 4 units apart and the names above and below: a 4x8 board at
/// 392 px across has pits of 44 px, a thumb's width.
const COMPACT: Spacing = Spacing {
    pitch: 2.0 * PIT_RADIUS + 4.0,
    board_pad: 4.0,
    margin: 2.0,
    stacked: true,
};

/// A point of the picture.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Point {
    /// From the left edge.
    pub x: f64,
    /// From the top edge.
    pub y: f64,
}

/// An axis-aligned rectangle of the picture.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rect {
    /// Left edge.
    pub x: f64,
    /// Top edge.
    pub y: f64,
    /// Width.
    pub w: f64,
    /// Height.
    pub h: f64,
}

impl Rect {
    /// The centre.
    #[must_use]
    pub fn centre(&self) -> Point {
        Point {
            x: self.x + self.w / 2.0,
            y: self.y + self.h / 2.0,
        }
    }
}

/// One pit's cell.
#[derive(Clone, Debug, PartialEq)]
pub struct PitCell {
    /// The pit.
    pub pit: Pit,
    /// Centre of its circle.
    pub centre: Point,
    /// Radius of its circle.
    pub radius: f64,
    /// Where its label's baseline is centred (outside the board).
    pub label_at: Point,
    /// Where a note about it ("house S", "offered") is centred: on the
    /// side of the pit away from its label, so the two never meet.
    pub note_at: Point,
}

/// A row of pits, left to right as seen from South's seat.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// The player whose row this is at the start (`None`: a middle row,
    /// both players').
    pub side: Option<Side>,
    /// Its pits, left to right.
    pub pits: Vec<PitCell>,
}

/// A player's store.
#[derive(Clone, Debug, PartialEq)]
pub struct StoreCell {
    /// Whose store it is.
    pub side: Side,
    /// Its rounded cell.
    pub rect: Rect,
    /// Where its owner's name is written under it, centred.
    pub label_at: Point,
}

/// Where a player's name (and captured total) is written.
#[derive(Clone, Debug, PartialEq)]
pub struct NameCell {
    /// The player.
    pub side: Side,
    /// The left end of the name's block, level with the middle of the
    /// player's rows; the marker of the side to act stands at its left.
    pub at: Point,
}

/// The geometry of a board.
#[derive(Clone, Debug, PartialEq)]
pub struct Layout {
    /// Width of the picture.
    pub width: f64,
    /// Height of the picture.
    pub height: f64,
    /// The board's outline.
    pub board: Rect,
    /// Rows of pits, top to bottom.
    pub rows: Vec<Row>,
    /// The stores (none where the rules have none).
    pub stores: Vec<StoreCell>,
    /// The players' names, one each.
    pub names: Vec<NameCell>,
    /// Where "game over" stands, left end of its baseline.
    pub status_at: Point,
    /// The names stand above and below the board, on one line each
    /// (their `at` is the baseline's left end), not beside it.
    pub stacked: bool,
}

impl Layout {
    /// The layout of `rules`' board.
    #[must_use]
    pub fn of(rules: &Rules) -> Layout {
        build(rules, &rows_of(rules), ROOMY)
    }

    /// The layout for a narrow screen: the players' names above and
    /// below the board, the pits closer, so the pits take more of the
    /// width.
    #[must_use]
    pub fn compact(rules: &Rules) -> Layout {
        build(rules, &rows_of(rules), COMPACT)
    }

    /// The cell of pit `p`, if the board has it.
    #[must_use]
    pub fn pit(&self, p: Pit) -> Option<&PitCell> {
        self.rows.iter().flat_map(|r| &r.pits).find(|c| c.pit == p)
    }

    /// The store of `side`, if the board has one.
    #[must_use]
    pub fn store(&self, side: Side) -> Option<&StoreCell> {
        self.stores.iter().find(|s| s.side == side)
    }
}

/// The rows top to bottom, each left to right, as docs/notation.md draws
/// them from South's seat (the geometry's order).
fn rows_of(rules: &Rules) -> Vec<(Option<Side>, Vec<Pit>)> {
    rules.board.rows_from_south()
}

/// Which end `side`'s store is at: `true` for the right. A store lies
/// after its owner's last house in sowing order, so clockwise sowing puts
/// South's on the left.
fn store_on_right(rules: &Rules, side: Side) -> bool {
    // The end nearer the last house; a row of one pit has it on the right.
    let last = rules.last_house(side);
    2 * rules.board.column(last) + 1 >= rules.per_row()
}

fn build(rules: &Rules, rows: &[(Option<Side>, Vec<Pit>)], sp: Spacing) -> Layout {
    let cols = rows.iter().map(|(_, r)| r.len()).max().unwrap_or(0).max(1);
    let stores = rules.stores;
    let (pitch, pad) = (sp.pitch, sp.board_pad);
    let store_band = if stores {
        STORE_WIDTH + (pitch - 2.0 * PIT_RADIUS)
    } else {
        0.0
    };
    let name_band = if sp.stacked { NAME_BAND } else { 0.0 };
    let board = Rect {
        x: sp.margin,
        y: sp.margin + name_band + LABEL_BAND,
        w: 2.0 * pad + 2.0 * store_band + (cols as f64 - 1.0) * pitch + 2.0 * PIT_RADIUS,
        h: 2.0 * pad + (rows.len().max(1) as f64 - 1.0) * ROW_PITCH + 2.0 * PIT_RADIUS,
    };
    let first_x = board.x + pad + store_band + PIT_RADIUS;
    let first_y = board.y + pad + PIT_RADIUS;
    let half = rows.len() / 2;
    let mut out_rows = Vec::with_capacity(rows.len());
    for (k, (side, pits)) in rows.iter().enumerate() {
        let y = first_y + k as f64 * ROW_PITCH;
        // The top half of the rows is labelled above the board, the
        // bottom half below, so labels never stand between two rows.
        let top = k < half;
        // A short row is centred under the long ones.
        let offset = (cols - pits.len()) as f64 * pitch / 2.0;
        let cells = pits
            .iter()
            .enumerate()
            .map(|(j, &pit)| {
                let x = first_x + offset + j as f64 * pitch;
                PitCell {
                    pit,
                    centre: Point { x, y },
                    radius: PIT_RADIUS,
                    // An edge row's labels stand outside the board; an
                    // inner row's (four rows) in the gap on the side of its
                    // owner's edge row, leaving the middle of the board to
                    // the notes.
                    label_at: Point {
                        x,
                        y: match (top, k == 0 || k + 1 == rows.len()) {
                            (true, true) => board.y - 6.0,
                            (false, true) => board.y + board.h + 14.0,
                            (true, false) => y - PIT_RADIUS - 6.0,
                            (false, false) => y + PIT_RADIUS + 14.0,
                        },
                    },
                    note_at: Point {
                        x,
                        y: if top {
                            y + PIT_RADIUS + 12.0
                        } else {
                            y - PIT_RADIUS - 5.0
                        },
                    },
                }
            })
            .collect();
        out_rows.push(Row {
            side: *side,
            pits: cells,
        });
    }
    let mut store_cells = Vec::new();
    if stores {
        let rect = |right: bool| Rect {
            x: if right {
                board.x + board.w - pad - STORE_WIDTH
            } else {
                board.x + pad
            },
            y: board.y + pad,
            w: STORE_WIDTH,
            h: board.h - 2.0 * pad,
        };
        for side in Side::BOTH {
            let r = rect(store_on_right(rules, side));
            store_cells.push(StoreCell {
                side,
                rect: r,
                label_at: Point {
                    x: r.x + r.w / 2.0,
                    y: board.y + board.h + 14.0,
                },
            });
        }
    }
    if sp.stacked {
        return stacked(board, sp.margin, out_rows, store_cells);
    }
    // Each player's name beside the middle of their rows.
    let names_x = board.x + board.w + NAME_GAP;
    let names = Side::BOTH
        .into_iter()
        .map(|side| {
            let ys: Vec<f64> = out_rows
                .iter()
                .filter(|r| r.side == Some(side))
                .filter_map(|r| r.pits.first().map(|c| c.centre.y))
                .collect();
            let y = if ys.is_empty() {
                board.y + board.h / 2.0
            } else {
                ys.iter().sum::<f64>() / ys.len() as f64
            };
            NameCell {
                side,
                at: Point { x: names_x, y },
            }
        })
        .collect();
    Layout {
        width: names_x + NAME_WIDTH + sp.margin,
        height: board.y + board.h + LABEL_BAND + sp.margin,
        board,
        rows: out_rows,
        stores: store_cells,
        names,
        status_at: Point {
            x: names_x,
            y: board.y + board.h / 2.0 + 4.0,
        },
        stacked: false,
    }
}

/// A compact layout's names: North's above the board (its rows are on
/// top, as seen from South's seat), South's below, each at the left end
/// of its band; "game over" at the right end of South's.
fn stacked(board: Rect, margin: f64, rows: Vec<Row>, stores: Vec<StoreCell>) -> Layout {
    let bottom = board.y + board.h + LABEL_BAND;
    let line = |top: f64| top + NAME_BAND / 2.0 + 5.0;
    Layout {
        width: board.x + board.w + margin,
        height: bottom + NAME_BAND + margin,
        names: vec![
            NameCell {
                side: Side::South,
                at: Point {
                    x: board.x,
                    y: line(bottom),
                },
            },
            NameCell {
                side: Side::North,
                at: Point {
                    x: board.x,
                    y: line(margin),
                },
            },
        ],
        status_at: Point {
            x: board.x + board.w - 62.0,
            y: line(bottom),
        },
        board,
        rows,
        stores,
        stacked: true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cells(l: &Layout) -> Vec<Rect> {
        let mut v: Vec<Rect> = l
            .rows
            .iter()
            .flat_map(|r| &r.pits)
            .map(|c| Rect {
                x: c.centre.x - c.radius,
                y: c.centre.y - c.radius,
                w: 2.0 * c.radius,
                h: 2.0 * c.radius,
            })
            .collect();
        v.extend(l.stores.iter().map(|s| s.rect));
        v
    }

    fn inside(a: &Rect, b: &Rect) -> bool {
        a.x >= b.x && a.y >= b.y && a.x + a.w <= b.x + b.w && a.y + a.h <= b.y + b.h
    }

    fn overlap(a: &Rect, b: &Rect) -> bool {
        a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h
    }

    /// Every bundled board: each pit once, every cell inside the board and
    /// none over another, the stores only where the rules have them, and
    /// the margins left and right equal.
    #[test]
    fn every_bundled_board_lays_out_cleanly() {
        for (id, _, _) in crate::rules::BUNDLED {
            let rules = crate::rules::bundled(id).unwrap();
            let l = Layout::of(&rules);
            let mut seen: Vec<Pit> = l.rows.iter().flat_map(|r| &r.pits).map(|c| c.pit).collect();
            seen.sort();
            assert_eq!(
                seen,
                (0..rules.pits()).map(|i| Pit(i as u8)).collect::<Vec<_>>(),
                "{id}"
            );
            assert_eq!(l.stores.len(), if rules.stores { 2 } else { 0 }, "{id}");
            let cs = cells(&l);
            for (i, a) in cs.iter().enumerate() {
                assert!(inside(a, &l.board), "{id}: cell {i} outside the board");
                for b in &cs[i + 1..] {
                    assert!(!overlap(a, b), "{id}: cells overlap");
                }
            }
            let right = l.width - (l.names[0].at.x + NAME_WIDTH);
            assert!((l.board.x - right).abs() < 1e-9, "{id}: margins");
            assert!(
                (l.board.y - LABEL_BAND - (l.height - l.board.y - l.board.h - LABEL_BAND)).abs()
                    < 1e-9,
                "{id}: top and bottom"
            );
        }
    }

    /// The compact layout of every bundled board: cells inside the board
    /// and apart, North's name above the board and South's below it,
    /// nothing beside it, and narrower than the roomy layout.
    #[test]
    fn compact_boards_have_their_names_above_and_below() {
        for (id, _, _) in crate::rules::BUNDLED {
            let rules = crate::rules::bundled(id).unwrap();
            let (l, roomy) = (Layout::compact(&rules), Layout::of(&rules));
            let cs = cells(&l);
            for (i, a) in cs.iter().enumerate() {
                assert!(inside(a, &l.board), "{id}: cell {i} outside the board");
                assert!(cs[i + 1..].iter().all(|b| !overlap(a, b)), "{id}");
            }
            for n in &l.names {
                let above = n.at.y < l.board.y - LABEL_BAND;
                let below = n.at.y > l.board.y + l.board.h + LABEL_BAND;
                assert!(
                    n.side == Side::North && above || n.side == Side::South && below,
                    "{id}"
                );
                assert!(n.at.x >= 0.0 && n.at.y <= l.height, "{id}");
            }
            assert!(
                l.width <= l.board.x + l.board.w + MARGIN,
                "{id}: nothing beside"
            );
            assert!(l.width < roomy.width, "{id}");
        }
    }

    /// Kpé from South's seat (by hand, docs/notation.md): D C B A on top,
    /// a b c d below, a under D.
    #[test]
    fn north_runs_right_to_left_over_south() {
        let rules = crate::rules::bundled("kpe").unwrap();
        let l = Layout::of(&rules);
        let order = |k: usize| -> String {
            l.rows[k]
                .pits
                .iter()
                .map(|c| rules.label(c.pit).to_string())
                .collect()
        };
        assert_eq!(order(0), "DCBA");
        assert_eq!(order(1), "abcd");
        let a = l.pit(Pit(0)).unwrap();
        let d_north = l.pit(Pit(7)).unwrap();
        assert_eq!(a.centre.x, d_north.centre.x);
        assert!(a.centre.y > d_north.centre.y);
        assert!(
            l.rows[0]
                .pits
                .windows(2)
                .all(|w| w[0].centre.x < w[1].centre.x)
        );
    }

    /// Kalah sows counter-clockwise: South's store after f on the right,
    /// North's after F on the left.
    #[test]
    fn stores_follow_their_owners_last_house() {
        let rules = crate::rules::bundled("kalah").unwrap();
        let l = Layout::of(&rules);
        let s = l.store(Side::South).unwrap().rect;
        let n = l.store(Side::North).unwrap().rect;
        let f = l.pit(rules.pit("f").unwrap()).unwrap().centre;
        assert!(s.x > f.x && n.x < f.x);
    }
}
