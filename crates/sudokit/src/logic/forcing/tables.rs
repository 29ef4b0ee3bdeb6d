//! Root tables for the nested levels: for each candidate, what the "plus"
//! branch taking it as true leaves of the root marks. They let a nested
//! branch settle most of its inner tries without running them.
//!
//! Propagation is monotone: run from marks `B` within the root marks `S`,
//! the branch of a candidate `w` ends inside both `B` and `S_w` (where the
//! branch run from `S` ends), so inside their intersection `X`. Hence:
//!
//! - if `X` leaves a cell or a house-digit empty, the branch from `B` fails;
//! - if `X` is closed (nothing fires) and holds no contradiction, the branch
//!   from `B` ends exactly at `X` and does not fail.
//!
//! Only the units (cells, and digits in houses) that both `B` and `S_w`
//! changed from `S` need checking: elsewhere `X` agrees with `B` or with
//! `S_w`, which are closed and hold no contradiction.

use super::board::{cells, first_cell, Board, ALL_CELLS, CELL_HOUSES, HOUSES};
use super::probe::{node, Mode, Probe};

/// What marks changed from the root marks.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Changes {
    /// Cells that lost a candidate (or were filled).
    cells: u128,
    /// For each digit, the houses where it lost a place (or was placed).
    units: [u32; 9],
    /// Where each digit can be: candidates and placements.
    positions: [u128; 9],
    /// Filled cells.
    filled: u128,
}

impl Changes {
    /// How `marks` differ from `root`.
    pub fn between(root: &Board, marks: &Board) -> Changes {
        let mut changes = Changes {
            filled: marks.filled(),
            ..Changes::default()
        };
        for d in 0..9 {
            let removed = root.cands[d] & !marks.cands[d];
            changes.cells |= removed;
            changes.units[d] = houses_of(removed);
            changes.positions[d] = marks.cands[d] | marks.placed[d];
        }
        changes
    }
}

/// The houses holding some cell of `mask`, as 27 bits.
fn houses_of(mask: u128) -> u32 {
    let mut houses = 0;
    for cell in cells(mask) {
        let [row, column, bx] = CELL_HOUSES[cell];
        houses |= 1 << row | 1 << column | 1 << bx;
        if houses == (1 << 27) - 1 {
            break;
        }
    }
    houses
}

/// What a branch from marks within the root marks surely does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Verdict {
    /// It reaches a contradiction.
    Fails,
    /// It ends with no contradiction.
    Holds,
    /// Only running it tells: it ends where a branch run from the marks
    /// written to `start` (the intersection) ends, with these units (houses
    /// per digit) to check first.
    Unknown([u32; 9]),
}

/// For each root candidate, its branch's changes (`None` when the branch
/// fails even from the root marks), for branches of one strength.
pub(super) struct RootTables {
    entries: Vec<Option<Changes>>,
    /// Whether the branches apply locked candidates (plus) or singles only.
    locked: bool,
}

impl RootTables {
    /// The tables of every candidate of `root`, for branches of `mode`
    /// (`Mode::Plus` or `Mode::Singles`).
    pub fn new(root: &Board, mode: Mode) -> RootTables {
        debug_assert!(matches!(mode, Mode::Plus | Mode::Singles));
        let mut probe = Probe::new(mode, *root);
        probe.track = false;
        let mut entries = vec![None; 729];
        for c in root.candidate_list() {
            probe.run(root, node(c, true));
            if probe.conflict.is_none() {
                entries[c] = Some(Changes::between(root, &probe.state));
            }
        }
        RootTables {
            entries,
            locked: mode == Mode::Plus,
        }
    }

    /// What the branch taking root candidate `c` as true does from
    /// marks that differ from the root by `marks`; when unknown, where to run
    /// it from goes to `start`.
    pub fn verdict(&self, marks: &Changes, c: usize, start: &mut Board) -> Verdict {
        let Some(branch) = &self.entries[c] else {
            return Verdict::Fails;
        };
        let both_cells = marks.cells & branch.cells;
        let units: [u32; 9] = std::array::from_fn(|d| marks.units[d] & branch.units[d]);
        let any_units = units.iter().fold(0, |all, &u| all | u);
        if both_cells == 0 && any_units == 0 {
            return Verdict::Holds;
        }
        let filled = marks.filled | branch.filled;
        let common: [u128; 9] = std::array::from_fn(|d| marks.positions[d] & branch.positions[d]);
        let (mut one, mut two) = (0u128, 0u128);
        for &plane in &common {
            two |= one & plane;
            one |= plane;
        }
        if both_cells & !one != 0 {
            return Verdict::Fails;
        }
        let mut unknown = both_cells & one & !two & !filled != 0;
        for (&plane, &work) in common.iter().zip(&units) {
            let mut work = work;
            while work != 0 {
                let house = work.trailing_zeros() as usize;
                work &= work - 1;
                let places = plane & HOUSES[house];
                if places == 0 {
                    return Verdict::Fails;
                }
                if unknown || places & filled != 0 {
                    continue;
                }
                if places & (places - 1) == 0 {
                    unknown = true;
                    continue;
                }
                unknown = self.locked && would_lock(plane, places, house, filled);
            }
        }
        if !unknown {
            return Verdict::Holds;
        }
        start.placed = common.map(|plane| plane & filled);
        start.cands = common.map(|plane| plane & !filled);
        Verdict::Unknown(units)
    }
}

/// Whether pointing or claiming fires from `house`, where the digit's
/// positions `plane` are `places` there (none filled).
fn would_lock(plane: u128, places: u128, house: usize, filled: u128) -> bool {
    let [row, column, bx] = CELL_HOUSES[first_cell(places)].map(usize::from);
    let targets: &[usize] = if house >= 18 { &[row, column] } else { &[bx] };
    targets.iter().any(|&target| {
        places & !HOUSES[target] == 0
            && plane & HOUSES[target] & !HOUSES[house] & !filled & ALL_CELLS != 0
    })
}
