//! The engine's hand-written instruction kernels, behind one trait.
//!
//! [`Kernels`] holds the two steps of the propagation where a particular
//! instruction beats what compilers make of portable code: clearing placed
//! cells from a band's nine digit masks, and finding the triads (one row of
//! one box) of a band mask that hold the digit. The search is generic over it
//! and compiled once per implementation:
//!
//! * [`Portable`], for any CPU, and the reference every other one is tested
//!   against;
//! * on x86-64, [`Avx2`] (the clear in one AVX2 register, triads by table)
//!   and [`Avx2Pext`] (the same clear, triads by one `pext`), each made only
//!   through a constructor that checks the CPU.
//!
//! [`Native::detect`] picks the best one once per process.

use super::tables::TRIADS_OF_ROW;

/// The bits of one row of a band mask.
const ROW: u32 = 0x1FF;

/// The steps of the propagation that have hand-written kernels.
pub(crate) trait Kernels: Copy {
    /// Clears `cells` from the nine digit masks of a band; returns bit `d`
    /// set for each digit `d` whose mask lost cells.
    fn clear(self, masks: &mut [u32; 9], cells: u32) -> u32;

    /// The triads of a 27-bit band mask that hold a bit, as nine bits: bit
    /// `row * 3 + box` for the triad in row `row` of the band and box `box`.
    fn triads(self, mask: u32) -> u32;
}

/// [`Kernels`] for any CPU, and the reference for the others; written so that
/// compilers turn the clear into vector code where they can.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Portable;

impl Kernels for Portable {
    #[inline(always)]
    fn clear(self, masks: &mut [u32; 9], cells: u32) -> u32 {
        let mut changed = 0u32;
        for (digit, mask) in masks.iter_mut().enumerate() {
            let old = *mask;
            *mask = old & !cells;
            changed |= u32::from(*mask != old) << digit;
        }
        changed
    }

    #[inline(always)]
    fn triads(self, mask: u32) -> u32 {
        triads_of(mask)
    }
}

/// The triads of a band mask that hold a bit, by table: see
/// [`Kernels::triads`].
#[inline(always)]
pub(crate) fn triads_of(mask: u32) -> u32 {
    u32::from(TRIADS_OF_ROW[(mask & ROW) as usize])
        | u32::from(TRIADS_OF_ROW[(mask >> 9 & ROW) as usize]) << 3
        | u32::from(TRIADS_OF_ROW[(mask >> 18) as usize]) << 6
}

/// The kernels a CPU runs best, as found by [`Native::detect`].
#[derive(Clone, Copy, Debug)]
pub(crate) enum Native {
    /// No instruction-set variant applies.
    Portable,
    /// AVX2 and the bit instructions, with a slow `pext`.
    #[cfg(target_arch = "x86_64")]
    Avx2(Avx2),
    /// AVX2 and the bit instructions, with a fast `pext`.
    #[cfg(target_arch = "x86_64")]
    Avx2Pext(Avx2Pext),
}

impl Native {
    /// The best kernels for this CPU; detected once per process, then a
    /// load.
    #[inline]
    pub(crate) fn detect() -> Native {
        use std::sync::atomic::{AtomicU8, Ordering};
        // 0: not yet detected; otherwise 1 + the choice below.
        static CHOICE: AtomicU8 = AtomicU8::new(0);
        let choice = match CHOICE.load(Ordering::Relaxed) {
            0 => {
                let found = Self::choose();
                CHOICE.store(1 + found, Ordering::Relaxed);
                found
            }
            stored => stored - 1,
        };
        // The tokens are made here without their checks, which `choose`
        // ran before the choice was stored (CPUID alone costs more than a
        // search on an easy board).
        match choice {
            #[cfg(target_arch = "x86_64")]
            2 => Native::Avx2Pext(Avx2Pext {
                avx2: Avx2 { _cpu_has_them: () },
            }),
            #[cfg(target_arch = "x86_64")]
            1 => Native::Avx2(Avx2 { _cpu_has_them: () }),
            _ => Native::Portable,
        }
    }

    /// The kernels' name, as the harness and `--stats` report it.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Native::Portable => "portable",
            #[cfg(target_arch = "x86_64")]
            Native::Avx2(_) => "avx2",
            #[cfg(target_arch = "x86_64")]
            Native::Avx2Pext(_) => "avx2+pext",
        }
    }

    /// 2 for [`Avx2Pext`], 1 for [`Avx2`], 0 for [`Portable`].
    fn choose() -> u8 {
        #[cfg(target_arch = "x86_64")]
        {
            if Avx2Pext::new().is_some() {
                return 2;
            }
            if Avx2::new().is_some() {
                return 1;
            }
        }
        0
    }
}

/// [`Kernels`] for x86-64 CPUs with AVX2 and the bit instructions the search
/// is compiled for beside it (POPCNT, BMI1, BMI2, LZCNT): the clear takes
/// eight masks in one register and reads their changes with one `vmovmskps`,
/// where compilers reduce the portable loop's compares with a chain of
/// shuffles (faster whole searches, measured with `scripts/ab.py`). Only
/// [`Avx2::new`] makes one.
#[cfg(target_arch = "x86_64")]
#[derive(Clone, Copy, Debug)]
pub(crate) struct Avx2 {
    _cpu_has_them: (),
}

#[cfg(target_arch = "x86_64")]
impl Avx2 {
    /// The kernels, if this CPU has AVX2, POPCNT, BMI1, BMI2 and LZCNT.
    pub(crate) fn new() -> Option<Avx2> {
        let available = std::arch::is_x86_feature_detected!("avx2")
            && std::arch::is_x86_feature_detected!("popcnt")
            && std::arch::is_x86_feature_detected!("bmi1")
            && std::arch::is_x86_feature_detected!("bmi2")
            && std::arch::is_x86_feature_detected!("lzcnt");
        available.then_some(Avx2 { _cpu_has_them: () })
    }
}

#[cfg(target_arch = "x86_64")]
impl Kernels for Avx2 {
    #[inline(always)]
    fn clear(self, masks: &mut [u32; 9], cells: u32) -> u32 {
        // SAFETY: an `Avx2` exists only on a CPU with AVX2 (see `new`).
        unsafe { clear_with_avx2(masks, cells) }
    }

    #[inline(always)]
    fn triads(self, mask: u32) -> u32 {
        triads_of(mask)
    }
}

/// [`Avx2`] with the triads found by one `pext`, on CPUs where it is fast:
/// the band step's longest chain of dependent loads (three table loads, then
/// the pattern table) loses one link, which speeds up first solutions and
/// counts to two alike (`scripts/ab.py`). Only [`Avx2Pext::new`] makes one.
#[cfg(target_arch = "x86_64")]
#[derive(Clone, Copy, Debug)]
pub(crate) struct Avx2Pext {
    avx2: Avx2,
}

#[cfg(target_arch = "x86_64")]
impl Avx2Pext {
    /// The kernels, if this CPU has [`Avx2`]'s features and a fast `pext`.
    pub(crate) fn new() -> Option<Avx2Pext> {
        let avx2 = Avx2::new()?;
        pext_is_fast().then_some(Avx2Pext { avx2 })
    }
}

#[cfg(target_arch = "x86_64")]
impl Kernels for Avx2Pext {
    #[inline(always)]
    fn clear(self, masks: &mut [u32; 9], cells: u32) -> u32 {
        self.avx2.clear(masks, cells)
    }

    #[inline(always)]
    fn triads(self, mask: u32) -> u32 {
        // SAFETY: an `Avx2Pext` exists only on a CPU with BMI2 (see `new`,
        // through `Avx2::new`).
        unsafe { triads_with_pext(mask) }
    }
}

/// Whether `pext` runs in a few cycles here. AMD's cores before Zen 3 (family
/// 19h) and Hygon's run it in microcode, at 18 cycles or more against 3;
/// there the table is faster. Intel's have had a fast one since BMI2 came.
#[cfg(target_arch = "x86_64")]
fn pext_is_fast() -> bool {
    use std::arch::x86_64::__cpuid;
    // SAFETY: every x86-64 CPU has `cpuid` (newer compilers know this and
    // call the block unused).
    #[allow(unused_unsafe)]
    let (vendor, signature) = unsafe { (__cpuid(0), __cpuid(1)) };
    let mut name = [0u8; 12];
    for (part, word) in name.chunks_mut(4).zip([vendor.ebx, vendor.edx, vendor.ecx]) {
        part.copy_from_slice(&word.to_le_bytes());
    }
    let base_family = signature.eax >> 8 & 0xF;
    let family = if base_family == 0xF {
        base_family + (signature.eax >> 20 & 0xFF)
    } else {
        base_family
    };
    match &name {
        b"AuthenticAMD" => family >= 0x19,
        b"HygonGenuine" => false,
        _ => true,
    }
}

/// The clear of [`Avx2`].
///
/// # Safety
///
/// The CPU must support AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn clear_with_avx2(masks: &mut [u32; 9], cells: u32) -> u32 {
    use std::arch::x86_64::{
        __m256i, _mm256_andnot_si256, _mm256_castsi256_ps, _mm256_cmpeq_epi32, _mm256_loadu_si256,
        _mm256_movemask_ps, _mm256_set1_epi32, _mm256_storeu_si256,
    };
    let first_eight = masks.as_mut_ptr().cast::<__m256i>();
    // SAFETY: `masks` holds nine u32, so its first 32 bytes are eight of
    // them; the unaligned load and store need no alignment. The CPU has AVX2
    // (the caller's contract).
    let unchanged = unsafe {
        let old = _mm256_loadu_si256(first_eight);
        let new = _mm256_andnot_si256(_mm256_set1_epi32(cells as i32), old);
        _mm256_storeu_si256(first_eight, new);
        _mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpeq_epi32(old, new))) as u32
    };
    let old = masks[8];
    masks[8] = old & !cells;
    (!unchanged & 0xFF) | u32::from(masks[8] != old) << 8
}

/// The triads of [`Avx2Pext`]: each triad's three bits folded onto its lowest,
/// then those nine bits gathered.
///
/// # Safety
///
/// The CPU must support BMI2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "bmi2")]
unsafe fn triads_with_pext(mask: u32) -> u32 {
    /// The lowest bit of each triad.
    const TRIAD_LOW_BITS: u32 = 0x124_9249;
    let any = mask | mask >> 1 | mask >> 2;
    // SAFETY: the CPU has BMI2 (the caller's contract). Newer compilers
    // call the block unused: there the intrinsic is safe in a BMI2 function.
    #[allow(unused_unsafe)]
    unsafe {
        std::arch::x86_64::_pext_u32(any, TRIAD_LOW_BITS)
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    /// A fixed-seed xorshift, for the tests of the search too.
    pub(crate) fn random_words(mut seed: u64) -> impl FnMut() -> u64 {
        move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        }
    }

    /// 27-bit masks of every density, the empty and full ones included.
    fn random_masks(count: usize) -> Vec<u32> {
        let mut next = random_words(0x9E37_79B9_7F4A_7C15);
        let mut masks = vec![0, (1 << 27) - 1];
        for round in 0..count {
            let mut bits = next() as u32;
            for _ in 0..round % 4 {
                bits &= next() as u32;
            }
            masks.push(bits & ((1 << 27) - 1));
        }
        masks
    }

    #[test]
    fn the_table_triads_are_the_occupied_row_box_pieces() {
        for mask in random_masks(20_000) {
            let expected: u32 = (0..9)
                .filter(|triad| mask >> (triad * 3) & 0b111 != 0)
                .map(|triad| 1 << triad)
                .sum();
            assert_eq!(triads_of(mask), expected, "{mask:#x}");
        }
    }

    #[test]
    #[cfg(target_arch = "x86_64")]
    fn the_pext_triads_match_the_portable_ones() {
        if !std::arch::is_x86_feature_detected!("bmi2") {
            return;
        }
        // Every value of each row beside random other rows, then random masks.
        let mut masks = random_masks(20_000);
        let others = random_masks(8);
        for row in 0..3 {
            for value in 0..=ROW {
                for &other in &others {
                    masks.push(other & !(ROW << (9 * row)) | value << (9 * row));
                }
            }
        }
        for mask in masks {
            // SAFETY: the CPU has BMI2, checked above.
            let fast = unsafe { triads_with_pext(mask) };
            assert_eq!(fast, Portable.triads(mask), "{mask:#x}");
        }
    }

    #[test]
    #[cfg(target_arch = "x86_64")]
    fn the_avx2_band_clear_matches_the_portable_one() {
        let Some(kernels) = Avx2::new() else {
            return;
        };
        let masks = random_masks(20_000 * 10);
        for (round, group) in masks.chunks_exact(10).enumerate() {
            let before: [u32; 9] = group[..9].try_into().expect("nine masks");
            let cells = match round % 7 {
                0 => 0,
                1 => (1 << 27) - 1,
                _ => group[9],
            };
            let (mut portable, mut avx2) = (before, before);
            let portable_changed = Portable.clear(&mut portable, cells);
            let avx2_changed = kernels.clear(&mut avx2, cells);
            assert_eq!(
                (portable, portable_changed),
                (avx2, avx2_changed),
                "{before:?} {cells:#x}"
            );
        }
    }

    #[test]
    fn detection_gives_kernels_this_cpu_can_run() {
        // Constructing the variant is the check; twice, for the cached path.
        for _ in 0..2 {
            match Native::detect() {
                Native::Portable => {}
                #[cfg(target_arch = "x86_64")]
                Native::Avx2(_) | Native::Avx2Pext(_) => {
                    assert!(std::arch::is_x86_feature_detected!("avx2"));
                }
            }
        }
    }
}
