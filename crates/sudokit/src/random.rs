//! The random helpers that generation, uniform grids and random
//! transformations share: bounded numbers and shuffles drawn from a
//! generator's 32-bit words by rules fixed here, not by `rand`'s helpers,
//! whose values may change between versions. So a seeded ChaCha8 stream
//! gives the same puzzles and transformations on every machine and with
//! every version of `rand`.

use rand::Rng;

/// A uniform number in `0..bound` (Lemire's multiply-and-reject).
pub(crate) fn below<R: Rng + ?Sized>(rng: &mut R, bound: u32) -> u32 {
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
pub(crate) fn shuffle<T, R: Rng + ?Sized>(items: &mut [T], rng: &mut R) {
    for i in (1..items.len()).rev() {
        let j = below(rng, i as u32 + 1) as usize;
        items.swap(i, j);
    }
}
