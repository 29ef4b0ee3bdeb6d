//! Single-digit patterns: skyscraper, two-string kite, empty rectangle.

use super::{Step, TechniqueSet};
use crate::candidates::Candidates;

/// The easiest allowed single-digit pattern.
pub(super) fn find(_marks: &Candidates, _allowed: TechniqueSet) -> Option<Step> {
    None
}
