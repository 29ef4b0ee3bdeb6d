//! Lookup tables for the band-mask engine, computed at compile time.
//!
//! Cells within a band are bits `row_in_band * 9 + col`; a "triad" is the
//! three cells of one row inside one box, numbered `row_in_band * 3 + box_in_band`.

use crate::geometry::ORDERS_OF_THREE;

/// For each cell, its peers (same row, column or box, not itself) as one mask per band.
pub(crate) static PEERS: [[u32; 3]; 81] = peers();

/// For a 9-bit row of a band, which of its three triads hold a bit.
pub(crate) static TRIADS_OF_ROW: [u8; 512] = triads_of_row();

/// For the set of triads of a band that hold a digit, the cells of those that
/// lie on a valid pattern: one triad in each row and each box of the band.
/// Zero when no pattern is left. One table, not triads then cells, to keep a
/// load off the band step's chain of dependent loads.
pub(crate) static BAND_PATTERN_CELLS: [u32; 512] = band_pattern_cells();

/// For the triads of a band that hold a digit's givens, the band's cells in
/// those triads' rows and boxes (bits 0 to 26), which the givens take from
/// their digit, and how many rows and boxes that is (from bit 27 up): fewer
/// than twice the givens when two of them share a row or a box.
pub(crate) static ROWS_AND_BOXES_OF_TRIADS: [u32; 512] = rows_and_boxes_of_triads();

/// The 27-bit cell mask of a set of triads.
pub(crate) static TRIAD_CELLS: [u32; 512] = triad_cells();

/// For the columns of a band that may hold a digit (9 bits), the cells the
/// digit keeps in the other two bands: a box of the band where the digit has
/// one column left claims that column of the stack.
pub(crate) static COLUMN_CLAIMS_KEEP: [u32; 512] = column_claims_keep();

/// The six patterns a digit can take in a band, as triad sets: one triad in
/// each row and each box.
pub(crate) static PATTERN_TRIADS: [u16; 6] = pattern_triads();

/// For a set of triads, which of the six patterns it still holds (bit k for
/// `PATTERN_TRIADS[k]`).
pub(crate) static PATTERNS_PRESENT: [u8; 512] = patterns_present();

/// For each byte, a word whose byte `j` is bit `j` of it: eight cells of a
/// bit plane spread into eight cell values at once.
pub(crate) static BYTE_BITS_SPREAD: [u64; 256] = byte_bits_spread();

const fn byte_bits_spread() -> [u64; 256] {
    let mut table = [0u64; 256];
    let mut byte = 0;
    while byte < 256 {
        let mut bit = 0;
        while bit < 8 {
            table[byte] |= ((byte as u64 >> bit) & 1) << (bit * 8);
            bit += 1;
        }
        byte += 1;
    }
    table
}

const fn pattern_triads() -> [u16; 6] {
    let mut table = [0u16; 6];
    let mut p = 0;
    while p < 6 {
        let perm = ORDERS_OF_THREE[p];
        table[p] = ((1 << perm[0]) | (1 << (3 + perm[1])) | (1 << (6 + perm[2]))) as u16;
        p += 1;
    }
    table
}

const fn patterns_present() -> [u8; 512] {
    let patterns = pattern_triads();
    let mut table = [0u8; 512];
    let mut present = 0;
    while present < 512 {
        let mut p = 0;
        while p < 6 {
            if present & patterns[p] as usize == patterns[p] as usize {
                table[present] |= 1 << p;
            }
            p += 1;
        }
        present += 1;
    }
    table
}

const fn rows_and_boxes_of_triads() -> [u32; 512] {
    let mut table = [0u32; 512];
    let mut triads = 0;
    while triads < 512 {
        let (mut cells, mut count) = (0u32, 0u32);
        let mut k = 0;
        while k < 3 {
            // Row k holds triads 3k..3k+3, box k triads k, k+3 and k+6.
            if triads >> (3 * k) & 0b111 != 0 {
                cells |= 0x1FF << (9 * k);
                count += 1;
            }
            if triads >> k & 0b1_001_001 != 0 {
                cells |= (0b111 << (3 * k)) * 0x40201;
                count += 1;
            }
            k += 1;
        }
        table[triads] = cells | count << 27;
        triads += 1;
    }
    table
}

const fn peers() -> [[u32; 3]; 81] {
    let mut table = [[0u32; 3]; 81];
    let mut cell = 0;
    while cell < 81 {
        let mut other = 0;
        while other < 81 {
            let (r1, c1, r2, c2) = (cell / 9, cell % 9, other / 9, other % 9);
            let same_box = r1 / 3 == r2 / 3 && c1 / 3 == c2 / 3;
            if other != cell && (r1 == r2 || c1 == c2 || same_box) {
                table[cell][other / 27] |= 1 << (other % 27);
            }
            other += 1;
        }
        cell += 1;
    }
    table
}

const fn triads_of_row() -> [u8; 512] {
    let mut table = [0u8; 512];
    let mut row = 0;
    while row < 512 {
        let mut triad = 0;
        while triad < 3 {
            if row & (7 << (3 * triad)) != 0 {
                table[row] |= 1 << triad;
            }
            triad += 1;
        }
        row += 1;
    }
    table
}

const fn band_patterns() -> [u16; 512] {
    let patterns = pattern_triads();
    let present = patterns_present();
    let mut table = [0u16; 512];
    let mut triads = 0;
    while triads < 512 {
        let mut p = 0;
        while p < 6 {
            if present[triads] & (1 << p) != 0 {
                table[triads] |= patterns[p];
            }
            p += 1;
        }
        triads += 1;
    }
    table
}

const fn band_pattern_cells() -> [u32; 512] {
    let allowed = band_patterns();
    let cells = triad_cells();
    let mut table = [0u32; 512];
    let mut triads = 0;
    while triads < 512 {
        table[triads] = cells[allowed[triads] as usize];
        triads += 1;
    }
    table
}

const fn column_claims_keep() -> [u32; 512] {
    let mut table = [0u32; 512];
    let mut columns = 0;
    while columns < 512 {
        let mut keep = (1u32 << 27) - 1;
        let mut stack = 0;
        while stack < 3 {
            let group: u32 = (columns as u32 >> (3 * stack)) & 7;
            if group.count_ones() == 1 {
                keep &= !((group << (3 * stack)) * 0x40201);
            }
            stack += 1;
        }
        table[columns] = keep;
        columns += 1;
    }
    table
}

const fn triad_cells() -> [u32; 512] {
    let mut table = [0u32; 512];
    let mut triads = 0;
    while triads < 512 {
        let mut t = 0;
        while t < 9 {
            if triads & (1 << t) != 0 {
                table[triads] |= 7 << ((t / 3) * 9 + (t % 3) * 3);
            }
            t += 1;
        }
        triads += 1;
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spread_bytes_hold_one_bit_each() {
        assert_eq!(BYTE_BITS_SPREAD[0], 0);
        assert_eq!(BYTE_BITS_SPREAD[0b1000_0101], 0x0100_0000_0001_0001);
        assert_eq!(BYTE_BITS_SPREAD[0xFF], 0x0101_0101_0101_0101);
    }

    #[test]
    fn every_cell_has_twenty_peers() {
        for masks in PEERS {
            assert_eq!(masks.iter().map(|m| m.count_ones()).sum::<u32>(), 20);
        }
    }

    #[test]
    fn band_patterns_keep_triads_on_a_permutation() {
        let band_patterns = band_patterns();
        assert_eq!(band_patterns[0x1FF], 0x1FF);
        // Row 0 only in box 0: boxes 0 of rows 1 and 2 are out.
        let present = 0b111_111_001;
        assert_eq!(band_patterns[present], 0b110_110_001);
        assert_eq!(
            BAND_PATTERN_CELLS[present], TRIAD_CELLS[0b110_110_001],
            "the cells of the allowed triads"
        );
        // Rows 1 and 2 both confined to box 2: no pattern.
        assert_eq!(band_patterns[0b100_100_111], 0);
        assert_eq!(BAND_PATTERN_CELLS[0b100_100_111], 0);
    }

    #[test]
    fn a_lone_column_in_a_box_is_claimed() {
        // Box 0 only in column 1; boxes 1 and 2 with two columns each.
        let keep = COLUMN_CLAIMS_KEEP[0b011_110_010];
        assert_eq!(keep, ((1 << 27) - 1) & !(0b10 * 0x40201));
        assert_eq!(COLUMN_CLAIMS_KEEP[0x1FF], (1 << 27) - 1);
    }
}
