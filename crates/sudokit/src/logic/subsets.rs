//! Naked and hidden subsets: pairs, triples and quads.

use super::Step;
use crate::candidates::Candidates;

/// `size` cells of a house holding only `size` digits between them.
pub(super) fn naked(_marks: &Candidates, _size: usize) -> Option<Step> {
    None
}

/// `size` digits of a house confined to `size` cells.
pub(super) fn hidden(_marks: &Candidates, _size: usize) -> Option<Step> {
    None
}
