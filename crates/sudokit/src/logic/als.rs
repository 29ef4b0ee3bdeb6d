//! Almost locked sets: ALS-XZ.

use super::Step;
use crate::candidates::Candidates;

/// Two almost locked sets joined by a restricted common digit.
pub(super) fn als_xz(_marks: &Candidates) -> Option<Step> {
    None
}
