//! Symmetries of the clue pattern: the motions of the board each kind allows
//! and the orbits of cells that must be clued together.

use std::fmt;
use std::str::FromStr;

use crate::{Cell, Grid};

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

/// The orbits of `symmetry` as cell indices, for the carving.
pub(super) fn orbit_indices(symmetry: Symmetry) -> Vec<Vec<u8>> {
    symmetry
        .orbits()
        .iter()
        .map(|orbit| orbit.iter().map(|cell| cell.index() as u8).collect())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

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
