//! The engine's hand-written instruction kernels, behind one trait.
//!
//! [`Kernels`] holds the steps of the search where a particular instruction
//! beats what compilers make of portable code: clearing placed cells from a
//! band's nine digit masks, finding the triads (one row of one box) of a band
//! mask that hold the digit, and scoring the bivalue cells a guess may branch
//! on; and, around the search, a board's cells per digit (for its root) and a
//! state's values (for its answer). The search is generic over it and
//! compiled once per implementation:
//!
//! * [`Portable`], for any CPU, and the reference every other one is tested
//!   against;
//! * on x86-64, [`Avx2`] (the clear, the digit cells, the values and the
//!   scoring of eight bivalue cells at a time in AVX2 registers, triads by
//!   table), [`Avx2Pext`] (the same, triads by one `pext`) and [`Avx512`]
//!   (those, with the bivalue cells scored in AVX-512 registers), each made
//!   only where the CPU was found to run it.
//!
//! [`Native::detect`] picks the best one once per process, from a few CPUID
//! queries of its own ([`CpuFeatures::read`]).

use super::tables::{BYTE_BITS_SPREAD, PEERS, TRIADS_OF_ROW};

/// The bits of one row of a band mask.
const ROW: u32 = 0x1FF;

/// The steps of the search, and of setting up and reading back its states,
/// that have hand-written kernels.
pub(crate) trait Kernels: Copy {
    /// Clears `cells` from the nine digit masks of a band; returns bit `d`
    /// set for each digit `d` whose mask lost cells.
    fn clear(self, masks: &mut [u32; 9], cells: u32) -> u32;

    /// The triads of a 27-bit band mask that hold a bit, as nine bits: bit
    /// `row * 3 + box` for the triad in row `row` of the band and box `box`.
    fn triads(self, mask: u32) -> u32;

    /// The cells of each digit (index 0 for digit 1) among a board's 81
    /// values (0 for a blank, 1 to 9), as three 27-bit band masks.
    #[inline(always)]
    fn digit_cells(self, values: &[u8; 81]) -> [[u32; 3]; 9] {
        digit_cells_portable(values)
    }

    /// A band's values (0 for an open cell) from its four bit planes (bit
    /// `k` of each cell's value): bytes 0 to 26, the rest 0.
    #[inline(always)]
    fn band_values(self, planes: [u32; 4]) -> [u8; 32] {
        band_values_portable(planes)
    }

    /// Of `count` (1 to [`SCORED_CELLS_MAX`]) cells with two candidates each,
    /// packed one a byte in `cells`, the position of the first whose branches
    /// reach furthest: see [`best_bivalue_portable`].
    #[inline(always)]
    fn best_bivalue(self, board: Scoring<'_>, cells: u64, count: u32) -> u32 {
        best_bivalue_portable(board, cells, count)
    }
}

/// What [`Kernels::best_bivalue`] reads of a propagated state: the 27 band
/// masks (`band * 9 + digit`), each band's open cells and its cells with two
/// candidates.
#[derive(Clone, Copy)]
pub(crate) struct Scoring<'a> {
    pub(crate) cands: &'a [u32; 27],
    pub(crate) unsolved: &'a [u32; 3],
    pub(crate) pairs: &'a [u32; 3],
}

/// The most cells [`Kernels::best_bivalue`] scores in one call.
pub(crate) const SCORED_CELLS_MAX: u32 = 8;

/// [`Kernels::best_bivalue`] for any CPU, and the reference for the others.
///
/// A cell's score is how far its branches reach at once, the weaker one
/// twice: for each of its digits, the open peers that hold the digit, and
/// twice those of them with two candidates (which the digit's placement
/// leaves with one, to be placed in turn); then twice the smaller of the two
/// reaches plus the larger. The first cell with the highest score wins.
#[inline(always)]
pub(crate) fn best_bivalue_portable(board: Scoring<'_>, cells: u64, count: u32) -> u32 {
    let mut best = (0u32, 0u32);
    for position in 0..count {
        let cell = (cells >> (8 * position) & 0xFF) as usize;
        let score = branch_score(board, cell);
        if position == 0 || score > best.0 {
            best = (score, position);
        }
    }
    best.1
}

/// The score of one cell for [`best_bivalue_portable`].
#[inline(always)]
fn branch_score(board: Scoring<'_>, cell: usize) -> u32 {
    let Scoring {
        cands,
        unsolved,
        pairs,
    } = board;
    let peers = &PEERS[cell];
    let band = cell / 27;
    let bit = 1u32 << (cell % 27);
    // A loop the compiler turns into vector code.
    let mut digits = 0u32;
    for digit in 0..9 {
        digits |= u32::from(cands[band * 9 + digit] & bit != 0) << digit;
    }
    let (mut weaker, mut stronger) = (u32::MAX, 0);
    while digits != 0 {
        let digit = digits.trailing_zeros() as usize;
        digits &= digits - 1;
        // Two bands in one word: one population count fewer.
        let count = |among: &[u32; 3]| {
            let low = u64::from(cands[digit] & peers[0] & among[0])
                | u64::from(cands[9 + digit] & peers[1] & among[1]) << 27;
            let high = cands[18 + digit] & peers[2] & among[2];
            low.count_ones() + high.count_ones()
        };
        let reach = count(unsolved) + 2 * count(pairs);
        weaker = weaker.min(reach);
        stronger = stronger.max(reach);
    }
    // Wrapping as the vector kernels' lanes do: a cell without a digit (never
    // a bivalue one, only a test's) keeps `u32::MAX` as its weaker reach.
    weaker.wrapping_mul(2).wrapping_add(stronger)
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

/// [`Kernels::digit_cells`] for any CPU, and the reference for the others.
#[inline(always)]
pub(crate) fn digit_cells_portable(values: &[u8; 81]) -> [[u32; 3]; 9] {
    let mut cells = [[0u32; 3]; 10];
    for (cell, &value) in values.iter().enumerate() {
        cells[usize::from(value)][cell / 27] |= 1 << (cell % 27);
    }
    let [_blanks, digits @ ..] = cells;
    digits
}

/// [`Kernels::band_values`] for any CPU, and the reference for the others:
/// eight cells at a time, each plane's byte spread into the bytes of a word
/// by table.
#[inline(always)]
pub(crate) fn band_values_portable(planes: [u32; 4]) -> [u8; 32] {
    let mut values = [0u8; 32];
    for (chunk, bytes) in values.chunks_exact_mut(8).enumerate() {
        let mut word = 0u64;
        for (bit, plane) in planes.iter().enumerate() {
            let byte = (plane >> (chunk * 8)) as u8;
            word |= BYTE_BITS_SPREAD[usize::from(byte)] << bit;
        }
        bytes.copy_from_slice(&word.to_le_bytes());
    }
    values
}

/// The triads of a band mask that hold a bit, by table: see
/// [`Kernels::triads`].
#[inline(always)]
pub(crate) fn triads_of(mask: u32) -> u32 {
    u32::from(TRIADS_OF_ROW[(mask & ROW) as usize])
        | u32::from(TRIADS_OF_ROW[(mask >> 9 & ROW) as usize]) << 3
        | u32::from(TRIADS_OF_ROW[(mask >> 18) as usize]) << 6
}

/// The environment variable that names the kernels to run instead of the
/// best (`portable`, `avx2`, `avx2+pext` or `avx512`), so that a benchmark can
/// time each variant a CPU runs; a name the CPU cannot run is ignored.
pub(crate) const ENGINE_VARIABLE: &str = "SUDOKIT_ENGINE";

/// The environment variable that sets how many first-solution searches a
/// bulk run takes in step, `1` or `2`, in place of what suits the CPU (see
/// [`Native::first_searches_in_step`]), so that a benchmark can time both
/// on one machine; any other value is ignored.
pub(crate) const FIRST_LANES_VARIABLE: &str = "SUDOKIT_FIRST_LANES";

/// The bits of [`Native::choose`]'s choices that name the kernels.
const KERNELS: u8 = 0b11;

/// The bit of [`Native::choose`]'s choices set where first solutions are
/// searched in step.
const IN_STEP: u8 = 0b100;

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
    /// [`Avx2Pext`] with AVX-512 F, VL and VPOPCNTDQ.
    #[cfg(target_arch = "x86_64")]
    Avx512(Avx512),
}

impl Native {
    /// The best kernels for this CPU; detected once per process, then a
    /// load.
    #[inline]
    pub(crate) fn detect() -> Native {
        let choice = Self::choices() & KERNELS;
        // The tokens are made here without their checks, which `choose`
        // ran before the choice was stored (CPUID alone costs more than a
        // search on an easy board).
        match choice {
            #[cfg(target_arch = "x86_64")]
            3 => Native::Avx512(Avx512 {
                pext: Avx2Pext {
                    avx2: Avx2 { _cpu_has_them: () },
                },
            }),
            #[cfg(target_arch = "x86_64")]
            2 => Native::Avx2Pext(Avx2Pext {
                avx2: Avx2 { _cpu_has_them: () },
            }),
            #[cfg(target_arch = "x86_64")]
            1 => Native::Avx2(Avx2 { _cpu_has_them: () }),
            _ => Native::Portable,
        }
    }

    /// Whether bulk runs search for first solutions two boards in step
    /// (the lanes of `solve/bands/lanes.rs`) rather than one at a time: where the CPU
    /// overlaps the two searches' propagations by more than stepping them
    /// costs (see [`CpuFeatures::first_lanes_pay`]), or as
    /// [`FIRST_LANES_VARIABLE`] says.
    #[inline]
    pub(crate) fn first_searches_in_step() -> bool {
        Self::choices() & IN_STEP != 0
    }

    /// What [`Native::choose`] chose, once per process, then a load.
    #[inline(always)]
    fn choices() -> u8 {
        use std::sync::atomic::{AtomicU8, Ordering};
        // 0: not yet chosen; otherwise 1 + the choices.
        static CHOICES: AtomicU8 = AtomicU8::new(0);
        match CHOICES.load(Ordering::Relaxed) {
            0 => {
                let found = Self::choose();
                CHOICES.store(1 + found, Ordering::Relaxed);
                found
            }
            stored => stored - 1,
        }
    }

    /// The kernels' name, as the harness and `--stats` report it.
    pub(crate) fn name(self) -> &'static str {
        Self::name_of(match self {
            Native::Portable => 0,
            #[cfg(target_arch = "x86_64")]
            Native::Avx2(_) => 1,
            #[cfg(target_arch = "x86_64")]
            Native::Avx2Pext(_) => 2,
            #[cfg(target_arch = "x86_64")]
            Native::Avx512(_) => 3,
        })
    }

    /// The choices of this process: in [`KERNELS`], 3 for [`Avx512`], 2 for
    /// [`Avx2Pext`], 1 for [`Avx2`], 0 for [`Portable`] (the best this CPU
    /// runs, or the one named by [`ENGINE_VARIABLE`] if the CPU runs it);
    /// [`IN_STEP`] set if first solutions are searched in step.
    fn choose() -> u8 {
        // Each variant needs the one below it.
        #[cfg(target_arch = "x86_64")]
        let (runnable, lanes_pay) = {
            let cpu = CpuFeatures::read();
            let pext = cpu.avx2 && cpu.fast_pext;
            (
                [true, cpu.avx2, pext, pext && cpu.avx512],
                cpu.first_lanes_pay,
            )
        };
        #[cfg(not(target_arch = "x86_64"))]
        let (runnable, lanes_pay) = ([true, false, false, false], true);
        let asked = std::env::var(ENGINE_VARIABLE).ok();
        let named = (0..4u8).find(|&choice| {
            runnable[usize::from(choice)] && asked.as_deref() == Some(Self::name_of(choice))
        });
        let best = (0..4u8).rev().find(|&choice| runnable[usize::from(choice)]);
        let kernels = named.or(best).unwrap_or(0);
        let in_step = match std::env::var(FIRST_LANES_VARIABLE).as_deref() {
            Ok("1") => false,
            Ok("2") => true,
            _ => lanes_pay,
        };
        kernels | if in_step { IN_STEP } else { 0 }
    }

    /// The name of choice `choice` of [`Native::choose`].
    fn name_of(choice: u8) -> &'static str {
        match choice {
            3 => "avx512",
            2 => "avx2+pext",
            1 => "avx2",
            _ => "portable",
        }
    }
}

/// [`Kernels`] for x86-64 CPUs with AVX2 and the bit instructions the search
/// is compiled for beside it (POPCNT, BMI1, BMI2, LZCNT): the clear takes
/// eight masks in one register and reads their changes with one `vmovmskps`,
/// where compilers reduce the portable loop's compares with a chain of
/// shuffles (faster whole searches, measured with `scripts/ab.py`); the
/// bivalue cells are scored eight at a time (see [`best_bivalue_avx2`]). Made
/// only where [`CpuFeatures::read`] found them: by [`Native::detect`], and by
/// `new` in tests.
#[cfg(target_arch = "x86_64")]
#[derive(Clone, Copy, Debug)]
pub(crate) struct Avx2 {
    _cpu_has_them: (),
}

#[cfg(target_arch = "x86_64")]
impl Avx2 {
    /// The kernels, if this CPU has AVX2, POPCNT, BMI1, BMI2 and LZCNT.
    #[cfg(test)]
    pub(crate) fn new() -> Option<Avx2> {
        CpuFeatures::read()
            .avx2
            .then_some(Avx2 { _cpu_has_them: () })
    }
}

/// What this CPU and its operating system offer the kernels.
#[cfg(target_arch = "x86_64")]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct CpuFeatures {
    /// AVX2, POPCNT, BMI1, BMI2 and LZCNT, with the AVX registers saved by
    /// the operating system.
    avx2: bool,
    /// `pext` runs in a few cycles (see [`pext_is_fast`]).
    fast_pext: bool,
    /// AVX-512 F, VL and VPOPCNTDQ, with their registers saved.
    avx512: bool,
    /// Two first-solution searches in step run faster than one at a time
    /// (see [`first_lanes_pay`]).
    first_lanes_pay: bool,
}

#[cfg(target_arch = "x86_64")]
impl CpuFeatures {
    /// This CPU's, from four CPUID queries and one XGETBV. On a virtual
    /// machine each query traps to the hypervisor (microseconds each), and
    /// `std::arch::is_x86_feature_detected!` reads every leaf it knows at its
    /// first use: three times the queries, a tenth of a run on one board
    /// (docs/PERFORMANCE.md). Tested against std's answers.
    fn read() -> CpuFeatures {
        use std::arch::x86_64::{__cpuid, __cpuid_count, _xgetbv, CpuidResult};
        let bit = |word: u32, index: u32| word >> index & 1 == 1;
        // SAFETY: every x86-64 CPU has `cpuid` and its leaf 0x8000_0001,
        // which reports long mode (newer compilers call the block unused).
        #[allow(unused_unsafe)]
        let (vendor, basic, extended) = unsafe { (__cpuid(0), __cpuid(1), __cpuid(0x8000_0001)) };
        let structured = if vendor.eax >= 7 {
            // SAFETY: as above; leaf 0 says leaf 7 exists.
            #[allow(unused_unsafe)]
            unsafe {
                __cpuid_count(7, 0)
            }
        } else {
            CpuidResult {
                eax: 0,
                ebx: 0,
                ecx: 0,
                edx: 0,
            }
        };
        // The register states the operating system saves (XCR0): a CPU's
        // vector registers are usable only where it saves them.
        let saved = if bit(basic.ecx, 27) {
            // SAFETY: CPUID.1:ECX.OSXSAVE says the operating system enabled
            // XSAVE, and with it XGETBV.
            unsafe { _xgetbv(0) }
        } else {
            0
        };
        let ymm = saved & 0b110 == 0b110;
        let zmm = saved & 0b1110_0000 == 0b1110_0000;
        let avx2 = ymm
            && bit(basic.ecx, 28) // AVX
            && bit(basic.ecx, 23) // POPCNT
            && bit(structured.ebx, 5) // AVX2
            && bit(structured.ebx, 3) // BMI1
            && bit(structured.ebx, 8) // BMI2
            && bit(extended.ecx, 5); // LZCNT
        let avx512 = zmm
            && bit(structured.ebx, 16) // AVX-512 F
            && bit(structured.ebx, 31) // AVX-512 VL
            && bit(structured.ecx, 14); // AVX-512 VPOPCNTDQ
        CpuFeatures {
            avx2,
            fast_pext: pext_is_fast(vendor, basic),
            avx512,
            first_lanes_pay: first_lanes_pay(vendor, basic),
        }
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
    fn digit_cells(self, values: &[u8; 81]) -> [[u32; 3]; 9] {
        // SAFETY: an `Avx2` exists only on a CPU with AVX2 (see `new`).
        unsafe { digit_cells_with_avx2(values) }
    }

    #[inline(always)]
    fn band_values(self, planes: [u32; 4]) -> [u8; 32] {
        // SAFETY: an `Avx2` exists only on a CPU with AVX2 (see `new`).
        unsafe { band_values_with_avx2(planes) }
    }

    #[inline(always)]
    fn triads(self, mask: u32) -> u32 {
        triads_of(mask)
    }

    #[inline(always)]
    fn best_bivalue(self, board: Scoring<'_>, cells: u64, count: u32) -> u32 {
        // SAFETY: an `Avx2` exists only on a CPU with AVX2 (see `new`).
        unsafe { best_bivalue_avx2(board, cells, count) }
    }
}

/// [`Avx2`] with the triads found by one `pext`, on CPUs where it is fast:
/// the band step's longest chain of dependent loads (three table loads, then
/// the pattern table) loses one link, which speeds up first solutions and
/// counts to two alike (`scripts/ab.py`). Made as [`Avx2`] is.
#[cfg(target_arch = "x86_64")]
#[derive(Clone, Copy, Debug)]
pub(crate) struct Avx2Pext {
    avx2: Avx2,
}

#[cfg(target_arch = "x86_64")]
impl Avx2Pext {
    /// The kernels, if this CPU has [`Avx2`]'s features and a fast `pext`.
    #[cfg(test)]
    pub(crate) fn new() -> Option<Avx2Pext> {
        let avx2 = Avx2::new()?;
        CpuFeatures::read().fast_pext.then_some(Avx2Pext { avx2 })
    }
}

#[cfg(target_arch = "x86_64")]
impl Kernels for Avx2Pext {
    #[inline(always)]
    fn clear(self, masks: &mut [u32; 9], cells: u32) -> u32 {
        self.avx2.clear(masks, cells)
    }

    #[inline(always)]
    fn digit_cells(self, values: &[u8; 81]) -> [[u32; 3]; 9] {
        self.avx2.digit_cells(values)
    }

    #[inline(always)]
    fn band_values(self, planes: [u32; 4]) -> [u8; 32] {
        self.avx2.band_values(planes)
    }

    #[inline(always)]
    fn triads(self, mask: u32) -> u32 {
        // SAFETY: an `Avx2Pext` exists only on a CPU with BMI2 (see `new`,
        // through `Avx2::new`).
        unsafe { triads_with_pext(mask) }
    }

    #[inline(always)]
    fn best_bivalue(self, board: Scoring<'_>, cells: u64, count: u32) -> u32 {
        self.avx2.best_bivalue(board, cells, count)
    }
}

/// [`Avx2Pext`] with the bivalue cells scored in AVX-512 registers, on CPUs
/// with AVX-512 F, VL and VPOPCNTDQ: eight cells side by side, their two
/// digits' masks picked by `vpermi2d` and their reaches counted by
/// `vpopcntd`, where AVX2 needs blends and nibble tables. Made as [`Avx2`]
/// is.
#[cfg(target_arch = "x86_64")]
#[derive(Clone, Copy, Debug)]
pub(crate) struct Avx512 {
    pext: Avx2Pext,
}

#[cfg(target_arch = "x86_64")]
impl Avx512 {
    /// The kernels, if this CPU has [`Avx2Pext`]'s features and AVX-512 F,
    /// VL and VPOPCNTDQ.
    #[cfg(test)]
    pub(crate) fn new() -> Option<Avx512> {
        let pext = Avx2Pext::new()?;
        CpuFeatures::read().avx512.then_some(Avx512 { pext })
    }
}

#[cfg(target_arch = "x86_64")]
impl Kernels for Avx512 {
    #[inline(always)]
    fn clear(self, masks: &mut [u32; 9], cells: u32) -> u32 {
        self.pext.clear(masks, cells)
    }

    #[inline(always)]
    fn digit_cells(self, values: &[u8; 81]) -> [[u32; 3]; 9] {
        self.pext.digit_cells(values)
    }

    #[inline(always)]
    fn band_values(self, planes: [u32; 4]) -> [u8; 32] {
        self.pext.band_values(planes)
    }

    #[inline(always)]
    fn triads(self, mask: u32) -> u32 {
        self.pext.triads(mask)
    }

    #[inline(always)]
    fn best_bivalue(self, board: Scoring<'_>, cells: u64, count: u32) -> u32 {
        // SAFETY: an `Avx512` exists only on a CPU with AVX2, AVX-512 F, VL
        // and VPOPCNTDQ (see `new`).
        unsafe { best_bivalue_avx512(board, cells, count) }
    }
}

/// Whether `pext` runs in a few cycles here. AMD's cores before Zen 3 (family
/// 19h) and Hygon's run it in microcode, at 18 cycles or more against 3;
/// there the table is faster. Intel's have had a fast one since BMI2 came.
/// `vendor` and `signature` are CPUID's leaves 0 and 1.
#[cfg(target_arch = "x86_64")]
fn pext_is_fast(
    vendor: std::arch::x86_64::CpuidResult,
    signature: std::arch::x86_64::CpuidResult,
) -> bool {
    let (name, family) = vendor_and_family(vendor, signature);
    match (&name, family) {
        (b"AuthenticAMD", family) => family >= 0x19,
        (b"HygonGenuine", _) => false,
        _ => true,
    }
}

/// Whether two first-solution searches in step beat one at a time here.
/// On AMD's Zen 3 (family 19h) they run slower than one at a time, where
/// Intel's Sapphire Rapids gains from them (docs/PERFORMANCE.md, "Sixteenth
/// session"); Zen 4 shares its family and Zen 1 and 2 (17h) and Hygon its
/// lineage, so they follow it, unmeasured. Every other CPU steps them, as
/// measured on Intel's.
#[cfg(target_arch = "x86_64")]
fn first_lanes_pay(
    vendor: std::arch::x86_64::CpuidResult,
    signature: std::arch::x86_64::CpuidResult,
) -> bool {
    let (name, family) = vendor_and_family(vendor, signature);
    !matches!(
        (&name, family),
        (b"AuthenticAMD", 0x17 | 0x19) | (b"HygonGenuine", _)
    )
}

/// The vendor's name and the family from CPUID's leaves 0 and 1.
#[cfg(target_arch = "x86_64")]
fn vendor_and_family(
    vendor: std::arch::x86_64::CpuidResult,
    signature: std::arch::x86_64::CpuidResult,
) -> ([u8; 12], u32) {
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
    (name, family)
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

/// The digit cells of [`Avx2`]: each digit compared with the 81 values in
/// three 32-byte loads (the last one overlapping the second, so that none
/// reads past the board), the lanes that match gathered one a bit.
///
/// # Safety
///
/// The CPU must support AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn digit_cells_with_avx2(values: &[u8; 81]) -> [[u32; 3]; 9] {
    use std::arch::x86_64::{
        __m256i, _mm256_cmpeq_epi8, _mm256_loadu_si256, _mm256_movemask_epi8, _mm256_set1_epi8,
    };
    /// Where the last load starts: it ends at the board's last value.
    const LAST_LOAD: usize = 81 - 32;
    const BAND: u64 = (1 << 27) - 1;
    let base = values.as_ptr();
    // SAFETY: the loads read bytes 0..32, 32..64 and 49..81 of the 81; the
    // unaligned loads need no alignment. The CPU has AVX2 (the caller's
    // contract).
    let (first, second, last) = unsafe {
        (
            _mm256_loadu_si256(base.cast::<__m256i>()),
            _mm256_loadu_si256(base.add(32).cast::<__m256i>()),
            _mm256_loadu_si256(base.add(LAST_LOAD).cast::<__m256i>()),
        )
    };
    let mut cells = [[0u32; 3]; 9];
    for (digit, cells) in cells.iter_mut().enumerate() {
        let wanted = _mm256_set1_epi8(digit as i8 + 1);
        let matches =
            |values| u64::from(_mm256_movemask_epi8(_mm256_cmpeq_epi8(values, wanted)) as u32);
        // Cells 0..64, and 64..81 from the last load's lanes 15..32.
        let low = matches(first) | matches(second) << 32;
        let high = matches(last) >> (64 - LAST_LOAD);
        *cells = [
            (low & BAND) as u32,
            (low >> 27 & BAND) as u32,
            ((low >> 54 | high << 10) & BAND) as u32,
        ];
    }
    cells
}

/// The band values of [`Avx2`]: each plane's four bytes spread over the 32
/// lanes (byte `j / 8` to lane `j`), the lanes whose bit is set taking the
/// plane's bit of the value.
///
/// # Safety
///
/// The CPU must support AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn band_values_with_avx2(planes: [u32; 4]) -> [u8; 32] {
    use std::arch::x86_64::{
        __m256i, _mm256_and_si256, _mm256_cmpeq_epi8, _mm256_or_si256, _mm256_set1_epi32,
        _mm256_set1_epi64x, _mm256_set1_epi8, _mm256_setr_epi8, _mm256_setzero_si256,
        _mm256_shuffle_epi8, _mm256_storeu_si256,
    };
    // Byte shuffles stay within 128-bit halves; the broadcast plane has its
    // four bytes in each.
    let byte_of_lane = _mm256_setr_epi8(
        0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3,
        3, 3,
    );
    let bit_of_lane = _mm256_set1_epi64x(0x8040_2010_0804_0201_u64 as i64);
    let mut values = _mm256_setzero_si256();
    for (bit, &plane) in planes.iter().enumerate() {
        let spread = _mm256_shuffle_epi8(_mm256_set1_epi32(plane as i32), byte_of_lane);
        let set = _mm256_cmpeq_epi8(_mm256_and_si256(spread, bit_of_lane), bit_of_lane);
        values = _mm256_or_si256(values, _mm256_and_si256(set, _mm256_set1_epi8(1 << bit)));
    }
    let mut bytes = [0u8; 32];
    // SAFETY: `bytes` holds 32 bytes; the unaligned store needs no
    // alignment. The CPU has AVX2 (the caller's contract).
    unsafe { _mm256_storeu_si256(bytes.as_mut_ptr().cast::<__m256i>(), values) };
    bytes
}

/// [`best_bivalue_portable`] with one cell in each lane of a 256-bit
/// register: first each cell's two digits (its lowest and highest, found by
/// a masked test per digit), then the reach of each digit in the cells' lanes
/// at once (the digit's three band masks picked by `vpermi2d`, ANDed with the
/// open peers and with the peers that have two candidates, each summed over
/// the three bands by a carry-save add and `vpopcntd`); then the highest
/// score and its first lane.
///
/// # Safety
///
/// The CPU must support AVX2, AVX-512 F, VL and VPOPCNTDQ; `count` must be 1
/// to [`SCORED_CELLS_MAX`], and each of the first `count` bytes of `cells` a
/// cell (0 to 80) with two candidates.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,avx512f,avx512vl,avx512vpopcntdq")]
unsafe fn best_bivalue_avx512(board: Scoring<'_>, cells: u64, count: u32) -> u32 {
    let Scoring {
        cands,
        unsolved,
        pairs,
    } = board;
    use std::arch::x86_64::{
        __m256i, _mm256_add_epi32, _mm256_and_si256, _mm256_cmpeq_epi32_mask,
        _mm256_cmpge_epu32_mask, _mm256_cvtepu8_epi32, _mm256_i32gather_epi32, _mm256_loadu_si256,
        _mm256_mask_mov_epi32, _mm256_maskz_mov_epi32, _mm256_max_epu32, _mm256_min_epu32,
        _mm256_permutex2var_epi32, _mm256_popcnt_epi32, _mm256_set1_epi32, _mm256_shuffle_epi32,
        _mm256_shuffle_i32x4, _mm256_slli_epi32, _mm256_sllv_epi32, _mm256_sub_epi32,
        _mm256_ternarylogic_epi32, _mm256_test_epi32_mask, _mm_cvtsi64_si128,
    };
    let broadcast = |value: u32| _mm256_set1_epi32(value as i32);
    let live = ((1u32 << count) - 1) as u8;
    // Lanes past `count` hold cell 0: their loads stay in bounds, and their
    // scores are dropped below.
    let cell = _mm256_cvtepu8_epi32(_mm_cvtsi64_si128(cells as i64));
    let in_second = _mm256_cmpge_epu32_mask(cell, broadcast(27));
    let in_third = _mm256_cmpge_epu32_mask(cell, broadcast(54));
    let band_start = _mm256_mask_mov_epi32(
        _mm256_maskz_mov_epi32(in_second, broadcast(27)),
        in_third,
        broadcast(54),
    );
    let bit = _mm256_sllv_epi32(broadcast(1), _mm256_sub_epi32(cell, band_start));
    // Each lane's peers in each band: `PEERS[cell][band]` is u32 number
    // `cell * 3 + band` of the table.
    let peers_base = PEERS.as_ptr().cast::<i32>();
    let row = _mm256_add_epi32(_mm256_add_epi32(cell, cell), cell);
    // SAFETY: every lane holds a cell below 81, so `cell * 3 + band` indexes
    // the 243 u32 of `PEERS`.
    let peers = unsafe {
        [
            _mm256_i32gather_epi32::<4>(peers_base, row),
            _mm256_i32gather_epi32::<4>(peers_base.add(1), row),
            _mm256_i32gather_epi32::<4>(peers_base.add(2), row),
        ]
    };
    let open_peers = [0, 1, 2].map(|band| _mm256_and_si256(broadcast(unsolved[band]), peers[band]));
    let pair_peers = [0, 1, 2].map(|band| _mm256_and_si256(broadcast(pairs[band]), peers[band]));
    // Each cell's lowest digit (the first to hold it) and highest (the
    // last); the two of a cell with two candidates.
    let (mut lowest, mut highest) = (broadcast(0), broadcast(0));
    let mut seen = 0u8;
    for digit in 0..9 {
        let masks = [0, 1, 2].map(|band| broadcast(cands[9 * band + digit]));
        let own = _mm256_mask_mov_epi32(
            _mm256_mask_mov_epi32(masks[0], in_second, masks[1]),
            in_third,
            masks[2],
        );
        let holds = _mm256_test_epi32_mask(own, bit);
        let digit = broadcast(digit as u32);
        highest = _mm256_mask_mov_epi32(highest, holds, digit);
        lowest = _mm256_mask_mov_epi32(lowest, holds & !seen, digit);
        seen |= holds;
    }
    // Each band's nine masks as a table of sixteen for `vpermi2d`: digits 0
    // to 7 in the first register, digit 8 in the second.
    // SAFETY: each load reads the eight masks from `9 * band`, the last at
    // `9 * band + 7 <= 25`, within the 27 of `cands`.
    let tables = [0, 1, 2].map(|band| unsafe {
        (
            _mm256_loadu_si256(cands.as_ptr().add(9 * band).cast::<__m256i>()),
            broadcast(cands[9 * band + 8]),
        )
    });
    // The reach of each lane's `digit`: its open peers that hold it, and
    // twice those with two candidates. Each sum of three counts as the
    // counts of a carry-save add (the bits set once or three times, and
    // those set at least twice): two population counts instead of three.
    let reach = |digit: __m256i| {
        let masks = tables.map(|(first, last)| _mm256_permutex2var_epi32(first, digit, last));
        let sum_of_three = |among: &[__m256i; 3]| {
            let [a, b, c] = [0, 1, 2].map(|band| _mm256_and_si256(masks[band], among[band]));
            let odd = _mm256_ternarylogic_epi32::<0x96>(a, b, c);
            let carries = _mm256_ternarylogic_epi32::<0xE8>(a, b, c);
            (_mm256_popcnt_epi32(odd), _mm256_popcnt_epi32(carries))
        };
        let (reach_odd, reach_carries) = sum_of_three(&open_peers);
        let (singles_odd, singles_carries) = sum_of_three(&pair_peers);
        // reach + 2 * singles
        let twos = _mm256_add_epi32(reach_carries, singles_odd);
        _mm256_add_epi32(
            _mm256_add_epi32(reach_odd, _mm256_add_epi32(twos, twos)),
            _mm256_slli_epi32::<2>(singles_carries),
        )
    };
    let (first, second) = (reach(lowest), reach(highest));
    let weaker = _mm256_min_epu32(first, second);
    let stronger = _mm256_max_epu32(first, second);
    let score = _mm256_add_epi32(_mm256_add_epi32(weaker, weaker), stronger);
    // Lanes past `count` score 0, below or tied with lane 0, which is live.
    let scores = _mm256_maskz_mov_epi32(live, score);
    let halves = _mm256_max_epu32(scores, _mm256_shuffle_i32x4::<0b01>(scores, scores));
    let quarters = _mm256_max_epu32(halves, _mm256_shuffle_epi32::<0b0100_1110>(halves));
    let best = _mm256_max_epu32(quarters, _mm256_shuffle_epi32::<0b1011_0001>(quarters));
    u32::from(_mm256_cmpeq_epi32_mask(scores, best)).trailing_zeros()
}

/// [`best_bivalue_portable`] in AVX2 registers, as [`best_bivalue_avx512`]
/// does it (each cell's two digits, then their reaches side by side), with
/// what AVX2 lacks written out: blends for the masked moves, `vpermd` and a
/// blend for digit 8 in place of `vpermi2d`, and population counts by nibble
/// table, summed as bytes before they are summed as lanes. The peers come
/// from each cell's row, column and box, not from gathers.
///
/// # Safety
///
/// The CPU must support AVX2; `count` must be 1 to [`SCORED_CELLS_MAX`], and
/// each of the first `count` bytes of `cells` a cell (0 to 80) with two
/// candidates.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn best_bivalue_avx2(board: Scoring<'_>, cells: u64, count: u32) -> u32 {
    let Scoring {
        cands,
        unsolved,
        pairs,
    } = board;
    use std::arch::x86_64::{
        __m256i, _mm256_add_epi32, _mm256_add_epi8, _mm256_and_si256, _mm256_andnot_si256,
        _mm256_blendv_epi8, _mm256_castsi256_ps, _mm256_cmpeq_epi32, _mm256_cmpgt_epi32,
        _mm256_cvtepu8_epi32, _mm256_loadu_si256, _mm256_madd_epi16, _mm256_maddubs_epi16,
        _mm256_max_epu32, _mm256_min_epu32, _mm256_movemask_ps, _mm256_or_si256,
        _mm256_permute2x128_si256, _mm256_permutevar8x32_epi32, _mm256_set1_epi32,
        _mm256_setr_epi32, _mm256_setr_epi8, _mm256_shuffle_epi32, _mm256_shuffle_epi8,
        _mm256_sllv_epi32, _mm256_srli_epi32, _mm256_sub_epi32, _mm256_xor_si256,
        _mm_cvtsi64_si128,
    };
    let broadcast = |value: u32| _mm256_set1_epi32(value as i32);
    let cell = _mm256_cvtepu8_epi32(_mm_cvtsi64_si128(cells as i64));
    let in_second = _mm256_cmpgt_epi32(cell, broadcast(26));
    let in_third = _mm256_cmpgt_epi32(cell, broadcast(53));
    let band_start = _mm256_add_epi32(
        _mm256_and_si256(in_second, broadcast(27)),
        _mm256_and_si256(in_third, broadcast(27)),
    );
    let position = _mm256_sub_epi32(cell, band_start);
    let bit = _mm256_sllv_epi32(broadcast(1), position);
    // Each lane's peers in each band, from its row, column and box: in its
    // own band the three less the cell, in the others its column. (No
    // gathers: AMD's cores before Zen 4 run them slowly.)
    let row_start = _mm256_add_epi32(
        _mm256_and_si256(_mm256_cmpgt_epi32(position, broadcast(8)), broadcast(9)),
        _mm256_and_si256(_mm256_cmpgt_epi32(position, broadcast(17)), broadcast(9)),
    );
    let column = _mm256_sub_epi32(position, row_start);
    let box_start = _mm256_add_epi32(
        _mm256_and_si256(_mm256_cmpgt_epi32(column, broadcast(2)), broadcast(3)),
        _mm256_and_si256(_mm256_cmpgt_epi32(column, broadcast(5)), broadcast(3)),
    );
    let column_cells = _mm256_sllv_epi32(broadcast(0x40201), column);
    let own_band = _mm256_andnot_si256(
        bit,
        _mm256_or_si256(
            _mm256_or_si256(
                _mm256_sllv_epi32(broadcast(0x1FF), row_start),
                _mm256_sllv_epi32(broadcast(0x1C0E07), box_start),
            ),
            column_cells,
        ),
    );
    let in_first = _mm256_cmpeq_epi32(band_start, broadcast(0));
    let in_middle = _mm256_andnot_si256(in_third, in_second);
    let peers = [in_first, in_middle, in_third]
        .map(|in_band| _mm256_blendv_epi8(column_cells, own_band, in_band));
    let open_peers = [0, 1, 2].map(|band| _mm256_and_si256(broadcast(unsolved[band]), peers[band]));
    let pair_peers = [0, 1, 2].map(|band| _mm256_and_si256(broadcast(pairs[band]), peers[band]));
    // Each cell's lowest digit (the first to hold it) and highest (the
    // last); the two of a cell with two candidates.
    let zero = broadcast(0);
    let (mut lowest, mut highest, mut unseen) = (zero, zero, broadcast(u32::MAX));
    for digit in 0..9 {
        let masks = [0, 1, 2].map(|band| broadcast(cands[9 * band + digit]));
        let own = _mm256_blendv_epi8(
            _mm256_blendv_epi8(masks[0], masks[1], in_second),
            masks[2],
            in_third,
        );
        let lacks = _mm256_cmpeq_epi32(_mm256_and_si256(own, bit), zero);
        let digit = broadcast(digit as u32);
        highest = _mm256_blendv_epi8(digit, highest, lacks);
        lowest = _mm256_blendv_epi8(lowest, digit, _mm256_andnot_si256(lacks, unseen));
        unseen = _mm256_and_si256(unseen, lacks);
    }
    // Each band's masks of digits 0 to 7, for `vpermd`, and of digit 8.
    // SAFETY: each load reads the eight masks from `9 * band`, the last at
    // `9 * band + 7 <= 25`, within the 27 of `cands`.
    let tables = [0, 1, 2].map(|band| unsafe {
        (
            _mm256_loadu_si256(cands.as_ptr().add(9 * band).cast::<__m256i>()),
            broadcast(cands[9 * band + 8]),
        )
    });
    let nibble_counts = _mm256_setr_epi8(
        0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4, 0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3,
        3, 4,
    );
    let low_nibbles = broadcast(0x0F0F_0F0F);
    // The bits set in each byte.
    let byte_counts = |word: __m256i| {
        _mm256_add_epi8(
            _mm256_shuffle_epi8(nibble_counts, _mm256_and_si256(word, low_nibbles)),
            _mm256_shuffle_epi8(
                nibble_counts,
                _mm256_and_si256(_mm256_srli_epi32::<4>(word), low_nibbles),
            ),
        )
    };
    // The reach of each lane's `digit`: its open peers that hold it, and
    // twice those with two candidates; each sum over the bands by a
    // carry-save add (the bits set once or three times, and those set at
    // least twice). Every term is at most 32 a byte, so the weighted byte
    // counts fit a byte before the bytes of a lane are summed.
    let reach = |digit: __m256i| {
        let last = _mm256_cmpeq_epi32(digit, broadcast(8));
        let masks = tables.map(|(first, eighth)| {
            _mm256_blendv_epi8(_mm256_permutevar8x32_epi32(first, digit), eighth, last)
        });
        let sum_of_three = |among: &[__m256i; 3]| {
            let [a, b, c] = [0, 1, 2].map(|band| _mm256_and_si256(masks[band], among[band]));
            let odd = _mm256_xor_si256(_mm256_xor_si256(a, b), c);
            let carries = _mm256_or_si256(
                _mm256_and_si256(a, b),
                _mm256_and_si256(c, _mm256_or_si256(a, b)),
            );
            (byte_counts(odd), byte_counts(carries))
        };
        let (reach_odd, reach_carries) = sum_of_three(&open_peers);
        let (singles_odd, singles_carries) = sum_of_three(&pair_peers);
        // reach + 2 * singles, byte by byte
        let twos = _mm256_add_epi8(reach_carries, singles_odd);
        let fours = _mm256_add_epi8(singles_carries, singles_carries);
        let total = _mm256_add_epi8(
            reach_odd,
            _mm256_add_epi8(_mm256_add_epi8(twos, twos), _mm256_add_epi8(fours, fours)),
        );
        _mm256_madd_epi16(
            _mm256_maddubs_epi16(total, broadcast(0x0101_0101)),
            broadcast(0x0001_0001),
        )
    };
    let (first, second) = (reach(lowest), reach(highest));
    let weaker = _mm256_min_epu32(first, second);
    let stronger = _mm256_max_epu32(first, second);
    let score = _mm256_add_epi32(_mm256_add_epi32(weaker, weaker), stronger);
    // Lanes past `count` score 0, below or tied with lane 0, which is live.
    let live = _mm256_cmpgt_epi32(broadcast(count), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
    let scores = _mm256_and_si256(live, score);
    let halves = _mm256_max_epu32(scores, _mm256_permute2x128_si256::<0x01>(scores, scores));
    let quarters = _mm256_max_epu32(halves, _mm256_shuffle_epi32::<0b0100_1110>(halves));
    let best = _mm256_max_epu32(quarters, _mm256_shuffle_epi32::<0b1011_0001>(quarters));
    let hits = _mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpeq_epi32(scores, best)));
    (hits as u32).trailing_zeros()
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

    /// Checks `kernels`' scoring of bivalue cells against the portable one
    /// on random boards.
    fn assert_bivalue_scoring_matches_the_portable_one(kernels: impl Kernels) {
        let mut next = random_words(0xD1B5_4A32_D192_ED03);
        let masks = random_masks(20_000 * 30);
        for (round, group) in masks.chunks_exact(30).enumerate() {
            let mut cands: [u32; 27] = group[..27].try_into().expect("27 masks");
            let unsolved: [u32; 3] = group[27..].try_into().expect("three bands");
            // Cells with two candidates are open; any subset will do here.
            let pairs = unsolved.map(|open| open & next() as u32);
            // Any cells, repeats and cell 0 included, each given two digits
            // (the kernel's contract); every count, so that ties and the
            // unused lanes are covered.
            let count = round as u32 % SCORED_CELLS_MAX + 1;
            let mut cells = 0u64;
            for position in 0..count {
                let cell = next() % 81;
                cells |= cell << (8 * position);
                let (band, bit) = (cell as usize / 27, 1u32 << (cell % 27));
                let first = next() as usize % 9;
                let second = (first + 1 + next() as usize % 8) % 9;
                for digit in 0..9 {
                    let mask = &mut cands[band * 9 + digit];
                    *mask = if digit == first || digit == second {
                        *mask | bit
                    } else {
                        *mask & !bit
                    };
                }
            }
            let board = Scoring {
                cands: &cands,
                unsolved: &unsolved,
                pairs: &pairs,
            };
            assert_eq!(
                kernels.best_bivalue(board, cells, count),
                Portable.best_bivalue(board, cells, count),
                "{cands:?} {unsolved:?} {pairs:?} {cells:#x} {count}"
            );
        }
    }

    #[test]
    #[cfg(target_arch = "x86_64")]
    fn the_avx2_bivalue_scoring_matches_the_portable_one() {
        if let Some(kernels) = Avx2::new() {
            assert_bivalue_scoring_matches_the_portable_one(kernels);
        }
    }

    #[test]
    #[cfg(target_arch = "x86_64")]
    fn the_avx512_bivalue_scoring_matches_the_portable_one() {
        if let Some(kernels) = Avx512::new() {
            assert_bivalue_scoring_matches_the_portable_one(kernels);
        }
    }

    /// CPUID's leaves 0 and 1 of a CPU of `vendor` and `family`.
    #[cfg(target_arch = "x86_64")]
    fn leaves(
        vendor: &[u8; 12],
        family: u32,
    ) -> (
        std::arch::x86_64::CpuidResult,
        std::arch::x86_64::CpuidResult,
    ) {
        let word = |at: usize| u32::from_le_bytes(vendor[at..at + 4].try_into().expect("4 bytes"));
        let name = std::arch::x86_64::CpuidResult {
            eax: 0x10,
            ebx: word(0),
            edx: word(4),
            ecx: word(8),
        };
        // Families from 0Fh on are 0Fh plus the extended family.
        let (base, extended) = if family >= 0xF {
            (0xF, family - 0xF)
        } else {
            (family, 0)
        };
        let signature = std::arch::x86_64::CpuidResult {
            eax: extended << 20 | base << 8,
            ebx: 0,
            ecx: 0,
            edx: 0,
        };
        (name, signature)
    }

    #[test]
    #[cfg(target_arch = "x86_64")]
    fn pext_and_searches_in_step_follow_the_vendor_and_family() {
        // (vendor, family, fast pext, first searches in step)
        let cases: [(&[u8; 12], u32, bool, bool); 6] = [
            (b"GenuineIntel", 6, true, true),
            (b"AuthenticAMD", 0x17, false, false),
            (b"AuthenticAMD", 0x19, true, false),
            (b"AuthenticAMD", 0x1A, true, true),
            (b"HygonGenuine", 0x18, false, false),
            (b"SomeOtherCPU", 6, true, true),
        ];
        for (vendor, family, pext, in_step) in cases {
            let (name, signature) = leaves(vendor, family);
            assert_eq!(vendor_and_family(name, signature), (*vendor, family));
            assert_eq!(
                pext_is_fast(name, signature),
                pext,
                "{vendor:?} {family:#x}"
            );
            assert_eq!(
                first_lanes_pay(name, signature),
                in_step,
                "{vendor:?} {family:#x}"
            );
        }
    }

    #[test]
    #[cfg(target_arch = "x86_64")]
    fn the_cpu_features_agree_with_std() {
        use std::arch::is_x86_feature_detected as has;
        let cpu = CpuFeatures::read();
        let avx2 = has!("avx2") && has!("popcnt") && has!("bmi1") && has!("bmi2") && has!("lzcnt");
        assert_eq!(cpu.avx2, avx2);
        let avx512 = has!("avx512f") && has!("avx512vl") && has!("avx512vpopcntdq");
        assert_eq!(cpu.avx512, avx512);
        assert_eq!(CpuFeatures::read(), cpu);
    }

    #[test]
    fn detection_gives_kernels_this_cpu_can_run() {
        // Constructing the variant is the check; twice, for the cached path.
        for _ in 0..2 {
            match Native::detect() {
                Native::Portable => {}
                #[cfg(target_arch = "x86_64")]
                Native::Avx2(_) | Native::Avx2Pext(_) | Native::Avx512(_) => {
                    assert!(std::arch::is_x86_feature_detected!("avx2"));
                }
            }
        }
    }

    #[test]
    fn the_portable_digit_cells_are_the_cells_holding_each_digit() {
        let mut next = random_words(0x3C6E_F372_FE94_F82B);
        for round in 0..2_000 {
            let values: [u8; 81] = std::array::from_fn(|_| {
                let word = next();
                if word % 81 < round % 82 {
                    (word >> 8) as u8 % 9 + 1
                } else {
                    0
                }
            });
            let cells = digit_cells_portable(&values);
            for (cell, &value) in values.iter().enumerate() {
                for (digit, cells) in cells.iter().enumerate() {
                    let holds = cells[cell / 27] >> (cell % 27) & 1 == 1;
                    assert_eq!(holds, usize::from(value) == digit + 1, "{values:?}");
                }
            }
            assert!(cells
                .iter()
                .all(|bands| bands.iter().all(|&mask| mask < 1 << 27)));
        }
    }

    #[test]
    #[cfg(target_arch = "x86_64")]
    fn the_avx2_digit_cells_match_the_portable_ones() {
        let Some(kernels) = Avx2::new() else {
            return;
        };
        let mut next = random_words(0xA54F_F53A_5F1D_36F1);
        for round in 0..20_000 {
            let values: [u8; 81] = std::array::from_fn(|_| {
                let word = next();
                if word % 81 < round % 82 {
                    (word >> 8) as u8 % 10
                } else {
                    0
                }
            });
            assert_eq!(
                kernels.digit_cells(&values),
                Portable.digit_cells(&values),
                "{values:?}"
            );
        }
    }

    #[test]
    fn the_portable_band_values_read_the_planes_cell_by_cell() {
        let masks = random_masks(4 * 5_000);
        for planes in masks.chunks_exact(4) {
            let planes: [u32; 4] = planes.try_into().expect("four planes");
            let values = band_values_portable(planes);
            for (cell, &value) in values.iter().enumerate() {
                let expected: u8 = (0..4)
                    .map(|bit| ((planes[bit] >> cell & 1) as u8) << bit)
                    .sum();
                assert_eq!(value, if cell < 27 { expected } else { 0 }, "{planes:?}");
            }
        }
    }

    #[test]
    #[cfg(target_arch = "x86_64")]
    fn the_avx2_band_values_match_the_portable_ones() {
        let Some(kernels) = Avx2::new() else {
            return;
        };
        let masks = random_masks(4 * 50_000);
        for planes in masks.chunks_exact(4) {
            let planes: [u32; 4] = planes.try_into().expect("four planes");
            assert_eq!(
                kernels.band_values(planes),
                Portable.band_values(planes),
                "{planes:?}"
            );
        }
    }
}
