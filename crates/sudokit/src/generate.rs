//! Puzzle generation: random complete grids, and puzzles carved from them that
//! have exactly one solution, are minimal, and keep a chosen symmetry.
//!
//! ```
//! use sudokit::{Generator, Symmetry};
//!
//! let generator = Generator::new(2580).symmetry(Symmetry::Central);
//! let made = generator.generate(0);
//! assert_eq!(made.puzzle.count_solutions(2)?, 1);
//! assert!(made.solution.is_solution_of(&made.puzzle));
//! assert!(Symmetry::Central.holds_for(&made.puzzle));
//! // The same seed and index give the same puzzle, on any machine.
//! assert_eq!(generator.generate(0), made);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # How a puzzle is made
//!
//! 1. A random complete grid, filled by a randomised search and moved by a
//!    random symmetry: fast and close to uniform, which is all carving needs
//!    ([`Generator::complete_grid`] draws exactly uniform grids instead).
//! 2. The clue orbits of the symmetry (cells that are clued together, see
//!    [`Symmetry::orbits`]) are shuffled, and each in turn is blanked if the
//!    board keeps exactly one solution. One pass is enough for minimality:
//!    an orbit that could not go would not go later either, since removing
//!    more clues never takes solutions away. Runs of orbits are blanked
//!    together while that keeps one solution and split in halves when it does
//!    not, which asks the solver fewer questions (about 45 instead of 81
//!    without symmetry) and gives exactly the puzzle the one-by-one pass gives.
//! 3. With a clue target ([`Generator::clues`]) the pass may stop early, and a
//!    pass that ends above the target is tried again on a fresh grid.
//!
//! # Reproducibility
//!
//! Puzzle `index` of seed `seed` depends on nothing else: its random numbers
//! come from a ChaCha8 stream keyed by the seed (spread by SplitMix64) with
//! stream number `index`, and bounded numbers and shuffles are derived from
//! that stream here rather than by `rand`'s helpers, whose values may change
//! between versions. So puzzles can be made in any order, on any number of
//! threads, and come out the same on every machine.

use std::fmt;
use std::str::FromStr;

use rand::rngs::ChaCha8Rng;
use rand::SeedableRng;

use crate::random::{below, shuffle};
use crate::{Cell, Grid, Solver};

/// A symmetry of the clue pattern: which cells must be clued together.
///
/// Each kind is a group of motions of the board; a pattern keeps the
/// symmetry when every motion of the group maps clued cells onto clued cells.
/// The names are the ones setters use; [`Symmetry::from_str`] also accepts
/// the aliases listed with each kind.
///
/// ```
/// use sudokit::Symmetry;
/// let central: Symmetry = "180".parse()?;
/// assert_eq!(central, Symmetry::Central);
/// assert_eq!(central.to_string(), "central");
/// // r1c1 and r9c9 are clued together; the centre cell stands alone.
/// let orbits = central.orbits();
/// assert_eq!(orbits.len(), 41);
/// assert_eq!(orbits[0].iter().map(|c| c.to_string()).collect::<Vec<_>>(), ["r1c1", "r9c9"]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Symmetry {
    /// No symmetry: every clue stands alone. `none`.
    #[default]
    None,
    /// Half-turn (180°) rotation about the centre, the classic newspaper
    /// symmetry. `central`, also `180`, `rotational`, `half-turn`.
    Central,
    /// Quarter-turn (90°) rotation, which implies the half turn.
    /// `rotational90`, also `90`, `quarter-turn`.
    Rotational90,
    /// Mirror in the horizontal axis: row 1 mirrors row 9.
    /// `horizontal`, also `mirror-horizontal`.
    MirrorHorizontal,
    /// Mirror in the vertical axis: column 1 mirrors column 9.
    /// `vertical`, also `mirror-vertical`.
    MirrorVertical,
    /// Both axis mirrors (and so the half turn). `both-mirrors`, also `mirrors`.
    BothMirrors,
    /// Mirror in the main diagonal, r1c1 to r9c9: rXcY mirrors rYcX. `diagonal`.
    Diagonal,
    /// Mirror in the anti-diagonal, r1c9 to r9c1. `anti-diagonal`, also `antidiagonal`.
    AntiDiagonal,
    /// Both diagonal mirrors (and so the half turn). `both-diagonals`, also `diagonals`.
    BothDiagonals,
    /// All eight motions of the square: rotations and all four mirrors.
    /// `full`, also `all`, `dihedral`.
    Full,
}

/// A motion of the board: where the cell in `(row, col)` goes.
#[derive(Clone, Copy)]
enum Motion {
    Identity,
    HalfTurn,
    QuarterTurn,
    ThreeQuarterTurn,
    FlipRows,
    FlipCols,
    Transpose,
    AntiTranspose,
}

impl Motion {
    fn apply(self, row: usize, col: usize) -> (usize, usize) {
        let (flip_row, flip_col) = (8 - row, 8 - col);
        match self {
            Motion::Identity => (row, col),
            Motion::HalfTurn => (flip_row, flip_col),
            Motion::QuarterTurn => (col, flip_row),
            Motion::ThreeQuarterTurn => (flip_col, row),
            Motion::FlipRows => (flip_row, col),
            Motion::FlipCols => (row, flip_col),
            Motion::Transpose => (col, row),
            Motion::AntiTranspose => (flip_col, flip_row),
        }
    }
}

impl Symmetry {
    /// Every kind, from no symmetry to full.
    ///
    /// ```
    /// use sudokit::Symmetry;
    /// let names: Vec<String> = Symmetry::ALL.iter().map(|s| s.to_string()).collect();
    /// assert_eq!(names[1], "central");
    /// assert!(Symmetry::ALL.iter().all(|s| s.orbits().concat().len() == 81));
    /// ```
    pub const ALL: [Symmetry; 10] = [
        Symmetry::None,
        Symmetry::Central,
        Symmetry::Rotational90,
        Symmetry::MirrorHorizontal,
        Symmetry::MirrorVertical,
        Symmetry::BothMirrors,
        Symmetry::Diagonal,
        Symmetry::AntiDiagonal,
        Symmetry::BothDiagonals,
        Symmetry::Full,
    ];

    /// The name the command line uses, as [`Display`](fmt::Display) prints it.
    ///
    /// ```
    /// assert_eq!(sudokit::Symmetry::BothDiagonals.name(), "both-diagonals");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Symmetry::None => "none",
            Symmetry::Central => "central",
            Symmetry::Rotational90 => "rotational90",
            Symmetry::MirrorHorizontal => "horizontal",
            Symmetry::MirrorVertical => "vertical",
            Symmetry::BothMirrors => "both-mirrors",
            Symmetry::Diagonal => "diagonal",
            Symmetry::AntiDiagonal => "anti-diagonal",
            Symmetry::BothDiagonals => "both-diagonals",
            Symmetry::Full => "full",
        }
    }

    /// The motions of the group, identity first.
    fn motions(self) -> &'static [Motion] {
        use Motion::*;
        match self {
            Symmetry::None => &[Identity],
            Symmetry::Central => &[Identity, HalfTurn],
            Symmetry::Rotational90 => &[Identity, QuarterTurn, HalfTurn, ThreeQuarterTurn],
            Symmetry::MirrorHorizontal => &[Identity, FlipRows],
            Symmetry::MirrorVertical => &[Identity, FlipCols],
            Symmetry::BothMirrors => &[Identity, FlipRows, FlipCols, HalfTurn],
            Symmetry::Diagonal => &[Identity, Transpose],
            Symmetry::AntiDiagonal => &[Identity, AntiTranspose],
            Symmetry::BothDiagonals => &[Identity, Transpose, AntiTranspose, HalfTurn],
            Symmetry::Full => &[
                Identity,
                QuarterTurn,
                HalfTurn,
                ThreeQuarterTurn,
                FlipRows,
                FlipCols,
                Transpose,
                AntiTranspose,
            ],
        }
    }

    /// The cell orbits: sets of cells that must be clued together, or blank
    /// together, for the pattern to keep this symmetry.
    ///
    /// Each orbit lists its cells in row-major order, and the orbits come in
    /// the row-major order of their first cells; together they cover the 81
    /// cells once.
    ///
    /// ```
    /// use sudokit::Symmetry;
    /// assert_eq!(Symmetry::None.orbits().len(), 81);
    /// assert_eq!(Symmetry::Full.orbits().len(), 15);
    /// assert_eq!(Symmetry::Full.orbits().iter().map(Vec::len).sum::<usize>(), 81);
    /// ```
    pub fn orbits(self) -> Vec<Vec<Cell>> {
        let mut seen = [false; 81];
        let mut orbits = Vec::new();
        for cell in Cell::all() {
            if seen[cell.index()] {
                continue;
            }
            let mut orbit: Vec<Cell> = self
                .motions()
                .iter()
                .map(|motion| {
                    let (row, col) = motion.apply(cell.row(), cell.col());
                    Cell::from_row_col(row, col).expect("a motion keeps cells on the board")
                })
                .collect();
            orbit.sort();
            orbit.dedup();
            for member in &orbit {
                seen[member.index()] = true;
            }
            orbits.push(orbit);
        }
        orbits
    }

    /// Whether the clue pattern of `grid` keeps this symmetry: within each
    /// orbit, either every cell holds a digit or none does (the digits
    /// themselves may differ).
    ///
    /// ```
    /// use sudokit::{Cell, Digit, Grid, Symmetry};
    /// let mut grid = Grid::EMPTY;
    /// grid.set(Cell::new(0).unwrap(), Digit::new(1));
    /// assert!(!Symmetry::Central.holds_for(&grid));
    /// grid.set(Cell::new(80).unwrap(), Digit::new(2));
    /// assert!(Symmetry::Central.holds_for(&grid));
    /// assert!(Symmetry::None.holds_for(&grid));
    /// ```
    pub fn holds_for(self, grid: &Grid) -> bool {
        self.orbits().iter().all(|orbit| {
            let clued = orbit
                .iter()
                .filter(|&&cell| grid.get(cell).is_some())
                .count();
            clued == 0 || clued == orbit.len()
        })
    }
}

impl fmt::Display for Symmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A symmetry name that [`Symmetry::from_str`] does not know.
///
/// ```
/// let error = "spiral".parse::<sudokit::Symmetry>().unwrap_err();
/// assert!(error.to_string().starts_with("unknown symmetry \"spiral\""));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownSymmetry(pub String);

impl fmt::Display for UnknownSymmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown symmetry {:?} (expected one of ", self.0)?;
        for (i, symmetry) in Symmetry::ALL.iter().enumerate() {
            let separator = if i == 0 { "" } else { ", " };
            write!(f, "{separator}{symmetry}")?;
        }
        f.write_str(")")
    }
}

impl std::error::Error for UnknownSymmetry {}

impl FromStr for Symmetry {
    type Err = UnknownSymmetry;

    /// The name [`Display`](fmt::Display) prints or one of its aliases,
    /// ignoring case, with `_` or a space taken for `-`.
    fn from_str(text: &str) -> Result<Symmetry, UnknownSymmetry> {
        let name = text.trim().to_ascii_lowercase().replace(['_', ' '], "-");
        Ok(match name.as_str() {
            "none" => Symmetry::None,
            "central" | "180" | "rotational" | "half-turn" => Symmetry::Central,
            "rotational90" | "90" | "quarter-turn" => Symmetry::Rotational90,
            "horizontal" | "mirror-horizontal" => Symmetry::MirrorHorizontal,
            "vertical" | "mirror-vertical" => Symmetry::MirrorVertical,
            "both-mirrors" | "mirrors" => Symmetry::BothMirrors,
            "diagonal" => Symmetry::Diagonal,
            "anti-diagonal" | "antidiagonal" => Symmetry::AntiDiagonal,
            "both-diagonals" | "diagonals" => Symmetry::BothDiagonals,
            "full" | "all" | "dihedral" => Symmetry::Full,
            _ => return Err(UnknownSymmetry(text.to_string())),
        })
    }
}

/// A generated puzzle and its one solution.
///
/// ```
/// let made = sudokit::Generator::new(4).generate(0);
/// assert!(made.solution.is_solution_of(&made.puzzle));
/// assert_eq!(made.puzzle.solve()?, made.solution);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Generated {
    /// The puzzle: exactly one solution, clue pattern keeping the symmetry.
    pub puzzle: Grid,
    /// Its solution.
    pub solution: Grid,
}

/// Makes random puzzles with exactly one solution, reproducibly.
///
/// Settings are chained from [`Generator::new`]; puzzle `index` is then a pure
/// function of the settings and the index, so [`Generator::generate`] can be
/// called from many threads in any order.
///
/// ```
/// use sudokit::{Generator, Solver, Symmetry};
///
/// let generator = Generator::new(7).symmetry(Symmetry::Diagonal).clues(Some(30)).minimal(false);
/// let mut solver = Solver::new(); // one per thread: it keeps its stack
/// for index in 0..3 {
///     let made = generator.generate_with(&mut solver, index);
///     assert!(made.puzzle.clue_count() <= 30);
///     assert_eq!(solver.count_solutions(&made.puzzle, 2)?, 1);
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Generator {
    seed: u64,
    symmetry: Symmetry,
    target_clues: Option<usize>,
    minimal: bool,
    attempts: u32,
    /// The symmetry's orbits as cell indices, computed once.
    orbits: Vec<Vec<u8>>,
}

/// Grids tried per puzzle by default when a clue target is not reached.
const DEFAULT_ATTEMPTS: u32 = 100;

impl Generator {
    /// A generator of minimal puzzles without symmetry or clue target, whose
    /// random numbers all come from `seed`.
    ///
    /// ```
    /// use sudokit::Generator;
    /// assert_eq!(Generator::new(9).generate(2), Generator::new(9).generate(2));
    /// assert_ne!(Generator::new(9).generate(2), Generator::new(10).generate(2));
    /// ```
    pub fn new(seed: u64) -> Generator {
        Generator {
            seed,
            symmetry: Symmetry::None,
            target_clues: None,
            minimal: true,
            attempts: DEFAULT_ATTEMPTS,
            orbits: orbit_indices(Symmetry::None),
        }
    }

    /// Keeps the clue pattern symmetric: see [`Symmetry`].
    ///
    /// ```
    /// use sudokit::{Generator, Symmetry};
    /// let made = Generator::new(1).symmetry(Symmetry::Full).generate(0);
    /// assert!(Symmetry::Full.holds_for(&made.puzzle));
    /// ```
    pub fn symmetry(mut self, symmetry: Symmetry) -> Generator {
        self.symmetry = symmetry;
        self.orbits = orbit_indices(symmetry);
        self
    }

    /// Aims at `Some(n)` clues or fewer; `None` (the default) has no target.
    ///
    /// With [`minimal`](Generator::minimal) (the default) the puzzle is a
    /// minimal one with at most `n` clues: the removal pass runs to the end,
    /// and a pass that ends above `n` is tried again on a fresh grid, up to
    /// [`attempts`](Generator::attempts) grids in all; if none gets there the
    /// puzzle is the minimal one with the fewest clues met. Asking for few
    /// clues therefore costs time: without symmetry most passes end between 22
    /// and 27 clues.
    ///
    /// Without `minimal` the pass stops as soon as at most `n` clues are left:
    /// exactly `n` without symmetry, up to an orbit's size less than `n` with
    /// one; such a puzzle usually has clues to spare.
    ///
    /// ```
    /// use sudokit::Generator;
    /// let easy = Generator::new(1).clues(Some(36)).minimal(false).generate(0);
    /// assert_eq!(easy.puzzle.clue_count(), 36);
    /// ```
    pub fn clues(mut self, target: Option<usize>) -> Generator {
        self.target_clues = target;
        self
    }

    /// Whether every puzzle must be minimal (the default): no clue orbit (no
    /// clue, without symmetry) can be blanked while keeping one solution.
    /// Only makes a difference with a [`clues`](Generator::clues) target.
    ///
    /// ```
    /// use sudokit::{check, Generator};
    /// let spare = Generator::new(1).clues(Some(40)).minimal(false).generate(0);
    /// assert_eq!(check(&spare.puzzle).is_minimal(), Some(false));
    /// let tight = Generator::new(1).clues(Some(40)).generate(0);
    /// assert_eq!(check(&tight.puzzle).is_minimal(), Some(true));
    /// ```
    pub fn minimal(mut self, minimal: bool) -> Generator {
        self.minimal = minimal;
        self
    }

    /// The most grids tried for one puzzle when a clue target is not reached
    /// (default 100, at least 1).
    ///
    /// ```
    /// use sudokit::Generator;
    /// // 18 clues is rarely reached: three grids tried, the fewest clues kept.
    /// let made = Generator::new(1).clues(Some(18)).attempts(3).generate(0);
    /// assert!(made.puzzle.clue_count() >= 18);
    /// ```
    pub fn attempts(mut self, attempts: u32) -> Generator {
        self.attempts = attempts.max(1);
        self
    }

    /// Puzzle number `index`, with a solver of its own.
    ///
    /// ```
    /// let made = sudokit::Generator::new(5).generate(1_000_000);
    /// assert_eq!(made.puzzle.count_solutions(2)?, 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn generate(&self, index: u64) -> Generated {
        self.generate_with(&mut Solver::new(), index)
    }

    /// Puzzle number `index`, asking `solver` the uniqueness questions. The
    /// answer depends only on the settings and `index`.
    ///
    /// ```
    /// use sudokit::{Generator, Solver};
    /// let generator = Generator::new(5);
    /// let mut solver = Solver::new();
    /// assert_eq!(generator.generate_with(&mut solver, 3), generator.generate(3));
    /// ```
    pub fn generate_with(&self, solver: &mut Solver, index: u64) -> Generated {
        let mut rng = self.rng(index);
        let mut best: Option<Generated> = None;
        for _ in 0..self.attempts {
            let solution = fast_complete_grid(&mut rng);
            let puzzle = self.carve(solver, &solution, &mut rng);
            let clues = puzzle.clue_count();
            if best.is_none_or(|kept| clues < kept.puzzle.clue_count()) {
                best = Some(Generated { puzzle, solution });
            }
            if self.target_clues.is_none_or(|target| clues <= target) {
                break;
            }
        }
        best.expect("at least one attempt is made")
    }

    /// A random complete grid, number `index`, drawn with exactly the same
    /// probability for each of the 6,670,903,752,021,072,936,960 Sudoku grids.
    ///
    /// The top band is drawn uniformly, the middle band's column sets
    /// uniformly among those it allows, and the draw is kept with probability
    /// proportional to the number of ways to arrange the middle and bottom
    /// bands on those sets, counted exactly; one draw in about 75 is kept,
    /// a few thousand grids a second on one core. Puzzles do not need this:
    /// [`Generator::generate`] carves them from faster, nearly uniform grids,
    /// so this is not the grid puzzle `index` is carved from.
    ///
    /// ```
    /// use sudokit::{Generator, Grid};
    /// let grid = Generator::new(3).complete_grid(0);
    /// assert!(grid.is_solution_of(&Grid::EMPTY));
    /// // The same seed and index give the same grid, on any machine.
    /// assert_eq!(Generator::new(3).complete_grid(0), grid);
    /// assert_ne!(Generator::new(3).complete_grid(1), grid);
    /// ```
    pub fn complete_grid(&self, index: u64) -> Grid {
        crate::uniform::uniform_complete_grid(&mut self.rng(index))
    }

    /// The random stream of puzzle `index`: ChaCha8 keyed by the seed, stream `index`.
    fn rng(&self, index: u64) -> ChaCha8Rng {
        let mut state = self.seed;
        let mut key = [0u8; 32];
        for chunk in key.chunks_exact_mut(8) {
            chunk.copy_from_slice(&split_mix64(&mut state).to_le_bytes());
        }
        let mut rng = ChaCha8Rng::from_seed(key);
        rng.set_stream(index);
        rng
    }

    /// One removal pass over the orbits in random order.
    fn carve(&self, solver: &mut Solver, solution: &Grid, rng: &mut ChaCha8Rng) -> Grid {
        let mut order: Vec<usize> = (0..self.orbits.len()).collect();
        shuffle(&mut order, rng);
        let stop_at = if self.minimal {
            None
        } else {
            self.target_clues
        };
        let mut carver = Carver {
            solver,
            orbits: &self.orbits,
            values: *solution.values(),
            clues: 81,
        };
        carver.run(&order, stop_at);
        Grid::from_values(carver.values).expect("values come from a grid")
    }
}

fn orbit_indices(symmetry: Symmetry) -> Vec<Vec<u8>> {
    symmetry
        .orbits()
        .iter()
        .map(|orbit| orbit.iter().map(|cell| cell.index() as u8).collect())
        .collect()
}

/// The removal pass: blanks orbits while the board keeps one solution.
struct Carver<'a> {
    solver: &'a mut Solver,
    orbits: &'a [Vec<u8>],
    /// The board so far, with exactly one solution.
    values: [u8; 81],
    clues: usize,
}

/// The longest run of orbits tried together.
const MAX_BATCH: usize = 16;

impl Carver<'_> {
    /// Tries the orbits of `order` in turn, stopping once at most `stop_at`
    /// clues are left.
    ///
    /// Runs of orbits are tried together: a run that keeps one solution is
    /// what trying its orbits one by one would have blanked. Failures grow
    /// likelier as clues go (minimal puzzles end near 24 clues), so runs are
    /// long while many clues are left and single orbits near the end.
    fn run(&mut self, order: &[usize], stop_at: Option<usize>) {
        let mut next = 0;
        while next < order.len() && stop_at.is_none_or(|target| self.clues > target) {
            // Measured on random grids: about one orbit per three clues above 27,
            // counted in clues, is where the fewest instructions go.
            let batch =
                (self.clues.saturating_sub(27) * self.orbits.len() / (3 * 81)).clamp(1, MAX_BATCH);
            // A run must not go past the target: the one-by-one pass would
            // have stopped at its last orbit.
            let mut end = next;
            let mut clues_left = self.clues;
            while end < order.len()
                && end - next < batch
                && stop_at.is_none_or(|target| clues_left > target)
            {
                clues_left -= self.orbits[order[end]].len();
                end += 1;
            }
            self.try_run(&order[next..end], false);
            next = end;
        }
    }

    /// Blanks the orbits of `run` that the one-by-one pass would blank and
    /// returns whether that was all of them. `known_to_fail` says that
    /// blanking the whole run is already known to lose uniqueness.
    fn try_run(&mut self, run: &[usize], known_to_fail: bool) -> bool {
        let before = self.values;
        if !known_to_fail {
            for &orbit in run {
                self.blank(orbit);
            }
            if self.unique() {
                self.clues -= run.iter().map(|&o| self.orbits[o].len()).sum::<usize>();
                return true;
            }
            self.values = before;
        }
        if run.len() == 1 {
            return false;
        }
        let (head, tail) = run.split_at(run.len() / 2);
        // If the whole head goes, head and tail together failed, so the whole
        // tail cannot go: no need to ask.
        let head_all = self.try_run(head, false);
        self.try_run(tail, head_all);
        false
    }

    fn blank(&mut self, orbit: usize) {
        for &cell in &self.orbits[orbit] {
            self.values[cell as usize] = 0;
        }
    }

    fn unique(&mut self) -> bool {
        let board = Grid::from_values(self.values).expect("values come from a grid");
        self.solver.count_solutions(&board, 2) == Ok(1)
    }
}

/// SplitMix64: spreads a 64-bit seed over a ChaCha key.
fn split_mix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A random complete grid to carve a puzzle from, made quickly: filled by a
/// search with random digit order from three random diagonal boxes, then
/// moved by a uniformly random symmetry of Sudoku (relabelling the digits,
/// permuting bands, stacks, and rows and columns within them, transposing).
/// The moves make every grid exactly as likely as each of its 1.2e12
/// variants, but the search does not draw the 5.47e9 classes of equivalent
/// grids with exactly equal chances: close to uniform, not exactly, which
/// carving does not need. [`Generator::complete_grid`] is exact and slower.
fn fast_complete_grid(rng: &mut ChaCha8Rng) -> Grid {
    let mut filler = Filler {
        values: [0; 81],
        used: [0; 27],
    };
    // The three diagonal boxes share no house: any digits go.
    for box_index in [0, 4, 8] {
        let mut digits = [1u8, 2, 3, 4, 5, 6, 7, 8, 9];
        shuffle(&mut digits, rng);
        let (top, left) = (box_index / 3 * 3, box_index % 3 * 3);
        for (k, digit) in digits.into_iter().enumerate() {
            filler.place((top + k / 3) * 9 + left + k % 3, digit);
        }
    }
    assert!(
        filler.fill(rng),
        "three diagonal boxes always complete to a grid"
    );
    let grid = Grid::from_values(filler.values).expect("digits are 1..=9");
    shuffle_by_sudoku_symmetry(&grid, rng)
}

/// A randomised backtracking fill, fewest candidates first.
struct Filler {
    values: [u8; 81],
    /// Digits used per house: rows 0..9, columns 9..18, boxes 18..27 (bit d for digit d).
    used: [u16; 27],
}

const ALL_DIGITS: u16 = 0b11_1111_1110;

fn houses(cell: usize) -> [usize; 3] {
    let (row, col) = (cell / 9, cell % 9);
    [row, 9 + col, 18 + row / 3 * 3 + col / 3]
}

impl Filler {
    fn place(&mut self, cell: usize, digit: u8) {
        self.values[cell] = digit;
        for house in houses(cell) {
            self.used[house] |= 1 << digit;
        }
    }

    fn unplace(&mut self, cell: usize, digit: u8) {
        self.values[cell] = 0;
        for house in houses(cell) {
            self.used[house] &= !(1 << digit);
        }
    }

    fn candidates(&self, cell: usize) -> u16 {
        let [row, col, block] = houses(cell);
        ALL_DIGITS & !(self.used[row] | self.used[col] | self.used[block])
    }

    fn fill(&mut self, rng: &mut ChaCha8Rng) -> bool {
        let mut best: Option<(usize, u16)> = None;
        for cell in 0..81 {
            if self.values[cell] != 0 {
                continue;
            }
            let candidates = self.candidates(cell);
            if best.is_none_or(|(_, kept)| candidates.count_ones() < kept.count_ones()) {
                best = Some((cell, candidates));
                if candidates.count_ones() <= 1 {
                    break;
                }
            }
        }
        let Some((cell, candidates)) = best else {
            return true;
        };
        let mut digits = [0u8; 9];
        let mut count = 0;
        for digit in 1..=9u8 {
            if candidates & (1 << digit) != 0 {
                digits[count] = digit;
                count += 1;
            }
        }
        shuffle(&mut digits[..count], rng);
        for &digit in &digits[..count] {
            self.place(cell, digit);
            if self.fill(rng) {
                return true;
            }
            self.unplace(cell, digit);
        }
        false
    }
}

/// `grid` moved by a uniformly random element of the group of validity-keeping
/// transformations: digit relabelling, band and stack order, row order within
/// bands, column order within stacks, and transposition.
fn shuffle_by_sudoku_symmetry(grid: &Grid, rng: &mut ChaCha8Rng) -> Grid {
    let mut labels = [1u8, 2, 3, 4, 5, 6, 7, 8, 9];
    shuffle(&mut labels, rng);
    let rows = random_line_order(rng);
    let cols = random_line_order(rng);
    let transpose = below(rng, 2) == 1;
    let old = grid.values();
    let mut values = [0u8; 81];
    for row in 0..9 {
        for col in 0..9 {
            let (from_row, from_col) = if transpose {
                (cols[col], rows[row])
            } else {
                (rows[row], cols[col])
            };
            values[row * 9 + col] = labels[usize::from(old[from_row * 9 + from_col]) - 1];
        }
    }
    Grid::from_values(values).expect("digits are 1..=9")
}

/// A random order of the nine rows (or columns) that keeps bands together:
/// the bands in random order, the lines of each band in random order.
fn random_line_order(rng: &mut ChaCha8Rng) -> [usize; 9] {
    let mut bands = [0usize, 1, 2];
    shuffle(&mut bands, rng);
    let mut order = [0usize; 9];
    for (slot, band) in bands.into_iter().enumerate() {
        let mut lines = [0usize, 1, 2];
        shuffle(&mut lines, rng);
        for (k, line) in lines.into_iter().enumerate() {
            order[slot * 3 + k] = band * 3 + line;
        }
    }
    order
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::Rng;

    #[test]
    fn below_stays_in_range_and_covers_it() {
        let mut rng = Generator::new(1).rng(0);
        let mut seen = [0u32; 7];
        for _ in 0..7000 {
            seen[below(&mut rng, 7) as usize] += 1;
        }
        assert!(seen.iter().all(|&n| (800..1200).contains(&n)), "{seen:?}");
    }

    #[test]
    fn streams_differ_by_index_and_seed() {
        let word = |seed, index| Generator::new(seed).rng(index).next_u64();
        assert_eq!(word(5, 9), word(5, 9));
        assert_ne!(word(5, 9), word(5, 10));
        assert_ne!(word(5, 9), word(6, 9));
    }

    #[test]
    fn moved_grids_stay_valid() {
        let mut rng = Generator::new(2).rng(0);
        for _ in 0..200 {
            let grid = fast_complete_grid(&mut rng);
            assert!(grid.is_solution_of(&Grid::EMPTY), "{grid}");
        }
    }

    #[test]
    fn orbits_are_closed_under_the_motions() {
        for symmetry in Symmetry::ALL {
            for orbit in symmetry.orbits() {
                for &cell in &orbit {
                    for motion in symmetry.motions() {
                        let (row, col) = motion.apply(cell.row(), cell.col());
                        assert!(orbit.contains(&Cell::from_row_col(row, col).unwrap()));
                    }
                }
            }
        }
    }
}
