//! Uniqueness techniques (only for puzzles known to have one solution):
//! unique rectangles and loops, types 1 to 4, and BUG, types 1 to 4.

use super::{Step, TechniqueSet};
use crate::candidates::Candidates;

/// The easiest allowed unique rectangle or loop.
pub(super) fn unique_rectangles(_marks: &Candidates, _allowed: TechniqueSet) -> Option<Step> {
    None
}

/// The easiest allowed BUG.
pub(super) fn bug(_marks: &Candidates, _allowed: TechniqueSet) -> Option<Step> {
    None
}
