//! Chains and cycles: X, Y and XY chains and cycles, alternating inference chains.

use super::{Step, TechniqueSet};
use crate::candidates::Candidates;

/// The easiest allowed chain or cycle.
pub(super) fn find(_marks: &Candidates, _allowed: TechniqueSet) -> Option<Step> {
    None
}
