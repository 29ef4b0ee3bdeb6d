//! Fish: X-wing, swordfish, jellyfish, and their finned and sashimi forms.

use super::{Step, TechniqueSet};
use crate::candidates::Candidates;

/// A basic fish of `size` base lines.
pub(super) fn basic(_marks: &Candidates, _size: usize) -> Option<Step> {
    None
}

/// A finned or sashimi fish of `size` base lines, among the `allowed` techniques.
pub(super) fn finned(_marks: &Candidates, _size: usize, _allowed: TechniqueSet) -> Option<Step> {
    None
}
