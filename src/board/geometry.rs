//! The shape of a board: its rows and who owns each, the circuits seeds
//! go round, the relations captures read, and where stores sit.
//!
//! A pit's index is fixed by its row and column alone (see
//! [`Geometry::pit_at`]); everything else (which pits a circuit holds and
//! in what order, which pits are out of play) is data, so a board of
//! three or four rows, a circuit per player, or pits taken out of play
//! need no code of their own in the layers that read a geometry.
//!
//! Rows are numbered from South's edge of the board (row 0) to North's;
//! columns from South's left (column 0). docs/notation.md draws the boards
//! of two, three and four rows with their labels and indices.

use std::fmt;

use super::label::Label;
use super::{Direction, MAX_PITS, MAX_PITS_PER_ROW, Pit, PitSet, Side};

/// Fewest rows a board has.
pub const MIN_ROWS: usize = 2;
/// Most rows a board has.
pub const MAX_ROWS: usize = 4;

/// Why a board cannot be built.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GeometryError {
    /// Rows outside 2 to 4.
    #[error("a board has {MIN_ROWS} to {MAX_ROWS} rows, not {0}")]
    Rows(usize),
    /// Pits per row outside 1 to 26.
    #[error("a row has 1 to {MAX_PITS_PER_ROW} pits, not {0}")]
    PerRow(usize),
    /// More pits than a pit set holds.
    #[error("a board has at most {MAX_PITS} pits, not {0}")]
    TooManyPits(usize),
    /// A circuit names a pit the board has not got.
    #[error("circuit {circuit} names pit {pit}, which the board has not got")]
    NoSuchPit {
        /// The circuit, from 0.
        circuit: usize,
        /// The index it names.
        pit: usize,
    },
    /// A circuit passes a pit twice.
    #[error("circuit {circuit} passes pit {pit} twice")]
    Repeated {
        /// The circuit, from 0.
        circuit: usize,
        /// The pit.
        pit: usize,
    },
    /// Two circuits share some pits but not all.
    #[error("circuits {0} and {1} overlap without being the same circuit")]
    Overlap(usize, usize),
    /// A board whose circuits the geometry cannot choose for itself.
    #[error("a board of {0} rows needs its circuits given")]
    NoDefaultCircuits(usize),
}

/// A board's geometry, built once from the rule file's `[board]` and
/// owned by the rules; every layer that needs rows, circuits or labels
/// reads it rather than a formula of its own.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Geometry {
    rows: usize,
    per_row: usize,
    /// The circuits, each its pits in counter-clockwise order. Two
    /// circuits are either the same pits (and then only one is kept) or
    /// share none.
    circuits: Vec<Vec<Pit>>,
    /// Pits on no circuit: they hold no seeds and no one sows them.
    out_of_play: PitSet,
}

impl Geometry {
    /// A board of `rows` rows of `per_row` pits with its usual circuits:
    /// two rows make one circuit round the board, shared by both players;
    /// on four rows each player sows round their own two rows.
    ///
    /// # Errors
    /// Rows outside 2 to 4 or pits per row outside 1 to 26, more pits
    /// than [`MAX_PITS`], or three rows (whose circuits a game must give:
    /// use [`Geometry::with_circuits`]).
    pub fn new(rows: usize, per_row: usize) -> Result<Geometry, GeometryError> {
        check_size(rows, per_row)?;
        let all = |r: std::ops::Range<usize>| r.map(|i| Pit(i as u8)).collect::<Vec<_>>();
        let n = per_row;
        let circuits = match rows {
            2 => vec![all(0..2 * n)],
            4 => vec![all(0..2 * n), all(2 * n..4 * n)],
            _ => return Err(GeometryError::NoDefaultCircuits(rows)),
        };
        Geometry::with_circuits(rows, per_row, circuits)
    }

    /// The board of two rows of `per_row` pits, one circuit round it.
    ///
    /// # Panics
    /// If `per_row` is not 1 to 26.
    #[must_use]
    pub fn two_rows(per_row: usize) -> Geometry {
        Geometry::new(2, per_row).expect("1 to 26 pits a row")
    }

    /// A board of `rows` rows of `per_row` pits whose circuits are given,
    /// each as its pits in counter-clockwise order. Pits on no circuit are
    /// out of play.
    ///
    /// # Errors
    /// A size out of bounds (as [`Geometry::new`]), a circuit naming a pit
    /// twice or one the board has not got, or two circuits sharing some
    /// pits but not all.
    pub fn with_circuits(
        rows: usize,
        per_row: usize,
        circuits: Vec<Vec<Pit>>,
    ) -> Result<Geometry, GeometryError> {
        check_size(rows, per_row)?;
        let pits = rows * per_row;
        let mut kept: Vec<Vec<Pit>> = Vec::new();
        let mut sets: Vec<PitSet> = Vec::new();
        for (k, circuit) in circuits.into_iter().enumerate() {
            let mut set = PitSet::EMPTY;
            for &p in &circuit {
                if p.index() >= pits {
                    return Err(GeometryError::NoSuchPit {
                        circuit: k,
                        pit: p.index(),
                    });
                }
                if set.contains(p) {
                    return Err(GeometryError::Repeated {
                        circuit: k,
                        pit: p.index(),
                    });
                }
                set.insert(p);
            }
            match sets.iter().position(|&s| !s.and(set).is_empty()) {
                Some(j) if sets[j] == set && kept[j] == circuit => {}
                Some(j) => return Err(GeometryError::Overlap(j, k)),
                None => {
                    sets.push(set);
                    kept.push(circuit);
                }
            }
        }
        let on_circuits = sets.iter().fold(PitSet::EMPTY, |a, &s| a.or(s));
        Ok(Geometry {
            rows,
            per_row,
            circuits: kept,
            out_of_play: PitSet::range(0, pits).minus(on_circuits),
        })
    }

    /// The same board with `pits` taken out of play: they leave their
    /// circuits, which close up round them.
    #[must_use]
    pub fn without(&self, pits: PitSet) -> Geometry {
        Geometry {
            rows: self.rows,
            per_row: self.per_row,
            circuits: self
                .circuits
                .iter()
                .map(|c| {
                    c.iter()
                        .copied()
                        .filter(|&p| !pits.contains(p))
                        .collect::<Vec<_>>()
                })
                .filter(|c| !c.is_empty())
                .collect(),
            out_of_play: self.out_of_play.or(pits.and(self.all_pits())),
        }
    }

    /// Number of rows.
    #[inline]
    #[must_use]
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Pits in each row.
    #[inline]
    #[must_use]
    pub fn per_row(&self) -> usize {
        self.per_row
    }

    /// Number of pits on the board, in play or not.
    #[inline]
    #[must_use]
    pub fn pits(&self) -> usize {
        self.rows * self.per_row
    }

    /// Every pit of the board.
    #[must_use]
    pub fn all_pits(&self) -> PitSet {
        PitSet::range(0, self.pits())
    }

    /// The pits out of play.
    #[must_use]
    pub fn out_of_play(&self) -> PitSet {
        self.out_of_play
    }

    /// The pit at `row` (0 at South's edge) and `column` (0 at South's
    /// left). Indices follow each side's counter-clockwise circuit: South's
    /// pits first, from its left along its edge row and back along its
    /// inner row; then North's the same way from North's left; a middle
    /// row (three rows) follows South's inner-row order.
    ///
    /// # Panics
    /// If `row` or `column` is off the board.
    #[must_use]
    pub fn pit_at(&self, row: usize, column: usize) -> Pit {
        let n = self.per_row;
        assert!(
            row < self.rows && column < n,
            "({row}, {column}) is off the board"
        );
        let i = match (self.rows, row) {
            (_, 0) => column,
            (_, 1) => 2 * n - 1 - column,
            (3, 2) => 3 * n - 1 - column,
            (4, 2) => 3 * n + column,
            (4, 3) => 3 * n - 1 - column,
            _ => unreachable!("rows are 2 to 4"),
        };
        Pit(i as u8)
    }

    /// The row of `p`, from South's edge (0).
    #[must_use]
    pub fn row(&self, p: Pit) -> usize {
        let n = self.per_row;
        let i = p.index();
        match (self.rows, i / n) {
            (4, 2) => 3,
            (4, 3) => 2,
            (_, r) => r,
        }
    }

    /// The column of `p`, from South's left (0).
    #[must_use]
    pub fn column(&self, p: Pit) -> usize {
        let n = self.per_row;
        let (row, at) = (self.row(p), p.index() % n);
        // Rows whose indices run right to left as South sees them.
        let reversed = match self.rows {
            4 => row == 1 || row == 3,
            _ => row != 0,
        };
        if reversed { n - 1 - at } else { at }
    }

    /// Who owns `p`'s row at the start: `None` for the middle row of three.
    #[must_use]
    pub fn owner(&self, p: Pit) -> Option<Side> {
        self.row_owner(self.row(p))
    }

    /// Who owns `row` at the start.
    fn row_owner(&self, row: usize) -> Option<Side> {
        let rows = self.rows;
        if 2 * row + 1 < rows {
            Some(Side::South)
        } else if 2 * row + 1 > rows {
            Some(Side::North)
        } else {
            None
        }
    }

    /// The side whose letters `p`'s label uses (lower case South's): its
    /// owner, South for a middle row.
    #[must_use]
    pub fn label_side(&self, p: Pit) -> Side {
        self.owner(p).unwrap_or(Side::South)
    }

    /// The pits of `side`'s own rows (for two rows, its home row).
    #[must_use]
    pub fn own_pits(&self, side: Side) -> PitSet {
        self.all_pits()
            .iter()
            .filter(|&p| self.owner(p) == Some(side))
            .collect()
    }

    /// The pits of `row`.
    #[must_use]
    pub fn row_pits(&self, row: usize) -> PitSet {
        (0..self.per_row).map(|c| self.pit_at(row, c)).collect()
    }

    /// `side`'s row nearest the middle of the board (two rows: its only
    /// row).
    #[must_use]
    pub fn inner_row(&self, side: Side) -> usize {
        let own = (0..self.rows).filter(|&r| self.row_owner(r) == Some(side));
        match side {
            Side::South => own.max(),
            Side::North => own.min(),
        }
        .expect("each side owns a row")
    }

    /// `side`'s row along its edge of the board.
    #[must_use]
    pub fn outer_row(&self, side: Side) -> usize {
        match side {
            Side::South => 0,
            Side::North => self.rows - 1,
        }
    }

    /// The pit across the board from `p`: the same column in the inner
    /// row of the other player. `None` for a pit of a middle row, which
    /// faces both.
    #[must_use]
    pub fn opposite(&self, p: Pit) -> Option<Pit> {
        let side = self.owner(p)?;
        Some(self.pit_at(self.inner_row(side.opponent()), self.column(p)))
    }

    /// The pit behind `p` on its owner's side: the same column one row
    /// nearer the owner's edge. `None` for a pit of an edge row or a
    /// middle row.
    #[must_use]
    pub fn behind(&self, p: Pit) -> Option<Pit> {
        let side = self.owner(p)?;
        let row = self.row(p);
        (row != self.outer_row(side)).then(|| {
            let outward = match side {
                Side::South => row - 1,
                Side::North => row + 1,
            };
            self.pit_at(outward, self.column(p))
        })
    }

    /// `p`'s number in its row, 1 to `per_row`, counted from its owner's
    /// left (a middle row's from South's): the place of its label's letter
    /// in the alphabet.
    #[must_use]
    pub fn number(&self, p: Pit) -> usize {
        let c = self.column(p);
        match self.label_side(p) {
            Side::South => c + 1,
            Side::North => self.per_row - c,
        }
    }

    /// The circuit `p` is on, its pits in counter-clockwise order; `None`
    /// for a pit out of play.
    #[must_use]
    pub fn circuit(&self, p: Pit) -> Option<&[Pit]> {
        self.circuits
            .iter()
            .find(|c| c.contains(&p))
            .map(Vec::as_slice)
    }

    /// The circuits, each its pits in counter-clockwise order.
    #[must_use]
    pub fn circuits(&self) -> &[Vec<Pit>] {
        &self.circuits
    }

    /// The pit after `p` going `turn` round its circuit (`p` itself for a
    /// pit out of play).
    #[must_use]
    pub fn next(&self, p: Pit, turn: Direction) -> Pit {
        let Some(c) = self.circuit(p) else { return p };
        let len = c.len();
        let i = c.iter().position(|&q| q == p).expect("p is on its circuit");
        match turn {
            Direction::CounterClockwise => c[(i + 1) % len],
            Direction::Clockwise => c[(i + len - 1) % len],
        }
    }

    /// The pit before `p` going `turn` round its circuit.
    #[must_use]
    pub fn prev(&self, p: Pit, turn: Direction) -> Pit {
        let back = match turn {
            Direction::CounterClockwise => Direction::Clockwise,
            Direction::Clockwise => Direction::CounterClockwise,
        };
        self.next(p, back)
    }

    /// Where `side`'s store sits on a circuit sown `turn`: after this pit,
    /// the last of `side`'s own pits before the circuit leaves them.
    /// `None` when no circuit leaves `side`'s pits (a player's own
    /// circuit), so a store has nowhere to sit.
    #[must_use]
    pub fn store_after(&self, side: Side, turn: Direction) -> Option<Pit> {
        let own = self.own_pits(side);
        own.iter().find(|&p| !own.contains(self.next(p, turn)))
    }

    /// The label of `p`.
    ///
    /// # Panics
    /// If the board has no pit `p` (check a pit a program made up against
    /// [`Geometry::all_pits`] first).
    #[must_use]
    pub fn label(&self, p: Pit) -> Label {
        assert!(
            p.index() < self.pits(),
            "the board has no pit {}",
            p.index()
        );
        let side = self.label_side(p);
        let number = match side {
            Side::South => self.row(p) + 1,
            Side::North => self.rows - self.row(p),
        };
        Label::new(side, self.number(p) - 1, number)
    }

    /// The pit labelled `text` (`c`, `C`, `c2`), if the board has it.
    /// Only the canonical spelling is read: row 1 has no number (`c`, not
    /// `c1`).
    #[must_use]
    pub fn parse_label(&self, text: &str) -> Option<Pit> {
        let label = Label::parse(text)?;
        self.pit_of(label)
    }

    /// The pit a label names, if the board has it.
    #[must_use]
    pub fn pit_of(&self, label: Label) -> Option<Pit> {
        let n = self.per_row;
        if label.letter() >= n || label.number() == 0 {
            return None;
        }
        let row = match label.side() {
            Side::South => label.number() - 1,
            Side::North => self.rows.checked_sub(label.number())?,
        };
        if row >= self.rows || self.label_side(self.pit_at(row, 0)) != label.side() {
            return None;
        }
        let column = match label.side() {
            Side::South => label.letter(),
            Side::North => n - 1 - label.letter(),
        };
        Some(self.pit_at(row, column))
    }

    /// The labels of `set`, comma-separated, in index order (`c,d`).
    #[must_use]
    pub fn labels(&self, set: PitSet) -> String {
        let mut s = String::new();
        for (i, p) in set.iter().enumerate() {
            if i > 0 {
                s.push(',');
            }
            s.push_str(&self.label(p).to_string());
        }
        s
    }

    /// The rows as a position string lists them: South's from its edge
    /// inward, a middle row, then North's from its edge inward; each row's
    /// pits in label order.
    #[must_use]
    pub fn label_rows(&self) -> Vec<Vec<Pit>> {
        let in_label_order = |row: usize| {
            let mut pits: Vec<Pit> = self.row_pits(row).iter().collect();
            pits.sort_by_key(|&p| self.number(p));
            pits
        };
        let mut order: Vec<usize> = (0..self.rows)
            .filter(|&r| self.row_owner(r) != Some(Side::North))
            .collect();
        order.extend(
            (0..self.rows)
                .rev()
                .filter(|&r| self.row_owner(r) == Some(Side::North)),
        );
        order.into_iter().map(in_label_order).collect()
    }

    /// The rows as South sees them, top (North's edge) to bottom, each
    /// left to right, with its owner: the order a drawing lays them out.
    #[must_use]
    pub fn rows_from_south(&self) -> Vec<(Option<Side>, Vec<Pit>)> {
        (0..self.rows)
            .rev()
            .map(|r| {
                (
                    self.row_owner(r),
                    (0..self.per_row).map(|c| self.pit_at(r, c)).collect(),
                )
            })
            .collect()
    }
}

fn check_size(rows: usize, per_row: usize) -> Result<(), GeometryError> {
    if !(MIN_ROWS..=MAX_ROWS).contains(&rows) {
        return Err(GeometryError::Rows(rows));
    }
    if !(1..=MAX_PITS_PER_ROW).contains(&per_row) {
        return Err(GeometryError::PerRow(per_row));
    }
    if rows * per_row > MAX_PITS {
        return Err(GeometryError::TooManyPits(rows * per_row));
    }
    Ok(())
}

impl fmt::Display for Geometry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} rows of {} pits", self.rows, self.per_row)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn labels(g: &Geometry, pits: &[Pit]) -> String {
        pits.iter()
            .map(|&p| g.label(p).to_string())
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// The two-row formulas every layer used before there was a geometry:
    /// the geometry must give the same, for every size.
    #[test]
    fn two_rows_keep_the_formulas_of_old() {
        for n in 1..=MAX_PITS_PER_ROW {
            let g = Geometry::two_rows(n);
            let pits = 2 * n;
            assert_eq!(g.pits(), pits);
            assert_eq!(g.own_pits(Side::South), PitSet::range(0, n));
            assert_eq!(g.own_pits(Side::North), PitSet::range(n, pits));
            for i in 0..pits {
                let p = Pit(i as u8);
                assert_eq!(
                    g.next(p, Direction::CounterClockwise),
                    Pit(((i + 1) % pits) as u8)
                );
                assert_eq!(
                    g.next(p, Direction::Clockwise),
                    Pit(((i + pits - 1) % pits) as u8)
                );
                assert_eq!(
                    g.prev(g.next(p, Direction::Clockwise), Direction::Clockwise),
                    p
                );
                assert_eq!(g.opposite(p), Some(Pit((pits - 1 - i) as u8)));
                assert_eq!(g.behind(p), None);
                assert_eq!(g.number(p), i % n + 1);
                let letter = if i < n {
                    b'a' + i as u8
                } else {
                    b'A' + (i - n) as u8
                };
                assert_eq!(g.label(p).to_string(), (letter as char).to_string());
                assert_eq!(g.parse_label(&g.label(p).to_string()), Some(p));
            }
            assert_eq!(
                g.store_after(Side::South, Direction::CounterClockwise),
                Some(Pit(n as u8 - 1))
            );
            assert_eq!(
                g.store_after(Side::North, Direction::CounterClockwise),
                Some(Pit(pits as u8 - 1))
            );
            assert_eq!(
                g.store_after(Side::South, Direction::Clockwise),
                Some(Pit(0))
            );
            assert_eq!(
                g.store_after(Side::North, Direction::Clockwise),
                Some(Pit(n as u8))
            );
        }
    }

    #[test]
    fn two_row_labels_and_rows_as_drawn() {
        let g = Geometry::two_rows(4);
        let rows = g.rows_from_south();
        assert_eq!(rows[0].0, Some(Side::North));
        assert_eq!(labels(&g, &rows[0].1), "D C B A");
        assert_eq!(labels(&g, &rows[1].1), "a b c d");
        let listed: Vec<String> = g.label_rows().iter().map(|r| labels(&g, r)).collect();
        assert_eq!(listed, ["a b c d", "A B C D"]);
        for text in ["e", "E", "a2", "a1", "A2", "", "ab", "1"] {
            assert_eq!(g.parse_label(text), None, "{text}");
        }
    }

    /// A board of four rows of 8, as docs/notation.md draws it.
    #[test]
    fn four_rows() {
        let g = Geometry::new(4, 8).unwrap();
        let drawn: Vec<String> = g
            .rows_from_south()
            .iter()
            .map(|(_, r)| labels(&g, r))
            .collect();
        assert_eq!(
            drawn,
            [
                "H G F E D C B A",
                "H2 G2 F2 E2 D2 C2 B2 A2",
                "a2 b2 c2 d2 e2 f2 g2 h2",
                "a b c d e f g h",
            ]
        );
        // Each side sows round its own two rows: a..h, then h2..a2.
        let south = g.circuit(Pit(0)).unwrap();
        assert_eq!(labels(&g, south), "a b c d e f g h h2 g2 f2 e2 d2 c2 b2 a2");
        let north = g.circuit(g.parse_label("A").unwrap()).unwrap();
        assert_eq!(labels(&g, north), "A B C D E F G H H2 G2 F2 E2 D2 C2 B2 A2");
        let pit = |t: &str| g.parse_label(t).unwrap();
        assert_eq!(g.next(pit("h"), Direction::CounterClockwise), pit("h2"));
        assert_eq!(g.next(pit("a2"), Direction::CounterClockwise), pit("a"));
        assert_eq!(g.next(pit("a"), Direction::Clockwise), pit("a2"));
        // Across the board by column, inner row to inner row.
        assert_eq!(g.opposite(pit("a2")), Some(pit("H2")));
        assert_eq!(g.opposite(pit("c")), Some(pit("F2")));
        assert_eq!(g.opposite(pit("H2")), Some(pit("a2")));
        assert_eq!(g.behind(pit("H2")), Some(pit("H")));
        assert_eq!(g.behind(pit("c2")), Some(pit("c")));
        assert_eq!(g.behind(pit("c")), None);
        assert_eq!(g.own_pits(Side::South), PitSet::range(0, 16));
        assert_eq!(g.own_pits(Side::North), PitSet::range(16, 32));
        // A player's own circuit never leaves its pits: no place for a store.
        assert_eq!(
            g.store_after(Side::South, Direction::CounterClockwise),
            None
        );
        let listed: Vec<String> = g.label_rows().iter().map(|r| labels(&g, r)).collect();
        assert_eq!(
            listed,
            [
                "a b c d e f g h",
                "a2 b2 c2 d2 e2 f2 g2 h2",
                "A B C D E F G H",
                "A2 B2 C2 D2 E2 F2 G2 H2"
            ]
        );
    }

    #[test]
    fn every_label_names_its_pit() {
        let boards = [
            Geometry::two_rows(6),
            Geometry::new(4, 13).unwrap(),
            Geometry::with_circuits(3, 6, vec![(0..18).map(Pit).collect()]).unwrap(),
        ];
        for g in boards {
            let mut seen = std::collections::HashSet::new();
            for p in g.all_pits().iter() {
                let text = g.label(p).to_string();
                assert!(seen.insert(text.clone()), "{text} twice on {g}");
                assert_eq!(g.parse_label(&text), Some(p), "{text} on {g}");
                assert_eq!(g.pit_at(g.row(p), g.column(p)), p);
            }
        }
    }

    #[test]
    fn three_rows_label_the_middle_row_from_south() {
        let g = Geometry::with_circuits(3, 6, vec![(0..18).map(Pit).collect()]).unwrap();
        let drawn: Vec<String> = g
            .rows_from_south()
            .iter()
            .map(|(_, r)| labels(&g, r))
            .collect();
        assert_eq!(drawn, ["F E D C B A", "a2 b2 c2 d2 e2 f2", "a b c d e f"]);
        let middle = g.parse_label("c2").unwrap();
        assert_eq!(g.owner(middle), None);
        assert_eq!(g.opposite(middle), None);
        assert_eq!(g.opposite(Pit(0)), Some(g.parse_label("F").unwrap()));
        assert_eq!(g.rows_from_south()[1].0, None);
        assert_eq!(
            Geometry::new(3, 6),
            Err(GeometryError::NoDefaultCircuits(3))
        );
    }

    #[test]
    fn pits_out_of_play_leave_their_circuit() {
        let g = Geometry::two_rows(4).without(PitSet::single(Pit(1)).or(PitSet::single(Pit(6))));
        let pit = |t: &str| g.parse_label(t).unwrap();
        assert_eq!(g.next(pit("a"), Direction::CounterClockwise), pit("c"));
        assert_eq!(g.next(pit("B"), Direction::CounterClockwise), pit("D"));
        assert_eq!(g.prev(pit("a"), Direction::CounterClockwise), pit("D"));
        assert_eq!(g.circuit(pit("b")), None);
        assert_eq!(g.labels(g.out_of_play()), "b,C");
        // A pit out of play keeps its label and its place in the rows.
        assert_eq!(g.label(pit("b")).to_string(), "b");
    }

    #[test]
    fn bad_boards_are_refused() {
        assert_eq!(Geometry::new(5, 4), Err(GeometryError::Rows(5)));
        assert_eq!(Geometry::new(2, 0), Err(GeometryError::PerRow(0)));
        assert_eq!(Geometry::new(2, 27), Err(GeometryError::PerRow(27)));
        assert_eq!(Geometry::new(4, 14), Err(GeometryError::TooManyPits(56)));
        let two = |c: Vec<Vec<u8>>| {
            Geometry::with_circuits(
                2,
                2,
                c.into_iter()
                    .map(|c| c.into_iter().map(Pit).collect())
                    .collect(),
            )
        };
        assert_eq!(
            two(vec![vec![0, 1, 4]]),
            Err(GeometryError::NoSuchPit { circuit: 0, pit: 4 })
        );
        assert_eq!(
            two(vec![vec![0, 1, 0]]),
            Err(GeometryError::Repeated { circuit: 0, pit: 0 })
        );
        assert_eq!(
            two(vec![vec![0, 1], vec![1, 2]]),
            Err(GeometryError::Overlap(0, 1))
        );
        // The same circuit twice is one shared circuit.
        assert_eq!(
            two(vec![vec![0, 1, 2, 3], vec![0, 1, 2, 3]]),
            Ok(Geometry::two_rows(2))
        );
        assert_eq!(
            two(vec![vec![0, 1]]).unwrap().out_of_play(),
            PitSet::range(2, 4)
        );
    }
}
