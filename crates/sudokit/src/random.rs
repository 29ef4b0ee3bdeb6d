//! The random helpers that generation and uniform grids share: bounded
//! numbers and shuffles drawn from a ChaCha8 stream, so that a seed gives the
//! same puzzles on every machine.

use rand::rngs::ChaCha8Rng;
use rand::Rng;

/// A uniform number in `0..bound` (Lemire's multiply-and-reject).
pub(crate) fn below(rng: &mut ChaCha8Rng, bound: u32) -> u32 {
    debug_assert!(bound > 0);
    let mut product = u64::from(rng.next_u32()) * u64::from(bound);
    if (product as u32) < bound {
        let threshold = bound.wrapping_neg() % bound;
        while (product as u32) < threshold {
            product = u64::from(rng.next_u32()) * u64::from(bound);
        }
    }
    (product >> 32) as u32
}

/// Fisher-Yates: every order equally likely.
pub(crate) fn shuffle<T>(items: &mut [T], rng: &mut ChaCha8Rng) {
    for i in (1..items.len()).rev() {
        let j = below(rng, i as u32 + 1) as usize;
        items.swap(i, j);
    }
}
