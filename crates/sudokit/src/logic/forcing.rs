//! Forcing chains: cell and unit, dynamic, dynamic plus and nested.

use super::{Step, TechniqueSet};
use crate::candidates::Candidates;

/// The easiest allowed forcing chain.
pub(super) fn find(_marks: &Candidates, _allowed: TechniqueSet) -> Option<Step> {
    None
}
