//! Aligned pair and triple exclusion.

use super::Step;
use crate::candidates::Candidates;

/// Aligned exclusion over `size` (2 or 3) cells.
pub(super) fn aligned(_marks: &Candidates, _size: usize) -> Option<Step> {
    None
}
