//! Wings: XY-wing, XYZ-wing, W-wing.

use super::{Step, TechniqueSet};
use crate::candidates::Candidates;

/// The easiest allowed wing.
pub(super) fn find(_marks: &Candidates, _allowed: TechniqueSet) -> Option<Step> {
    None
}
