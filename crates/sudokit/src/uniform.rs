//! Exactly uniform random complete grids, by counting and rejection.
//!
//! A grid is three bands of three rows: top, middle, bottom. Given the top
//! band each column still needs six digits; the middle band takes three of
//! them (its *column sets*) and the bottom band the other three. A band's
//! boxes hold every digit, so within a stack the middle band's column sets
//! partition the nine digits, and then so do the bottom band's: [`split`]
//! numbers the 56 ways per stack. Given its column sets, a band is a 3 × 9
//! array whose columns hold those sets and whose rows hold every digit;
//! [`arrangements`] counts them (call it T) and [`arrangement`] numbers them.
//! So every grid is exactly one choice of a top band, one of its 56³ middle
//! column sets, a middle arrangement and a bottom arrangement.
//!
//! One draw takes a top band uniformly among the 9!·56·6⁶ bands and the
//! middle column sets uniformly among the 56³, then keeps the middle band
//! with probability T(middle) / [`MAX_ARRANGEMENTS`] by drawing a number below
//! 1728 that must also be below T(middle), and names the arrangement by it;
//! the bottom band likewise. Every grid thus comes out of a draw with the same
//! probability, 1 / (9!·56·6⁶ · 56³ · 1728²), and the draws are repeated
//! until one is kept: exactly uniform, with integers only. One draw in 74.5
//! is kept on average (6.67e21 grids among 4.97e23 outcomes), and a draw
//! costs a few microseconds, mostly counting the middle band's arrangements.
//! Weighting the top band by its number of completions instead would keep
//! nine draws in ten, but that number is a sum over all 56³ middle column
//! sets: about a second per band.

use rand::rngs::ChaCha8Rng;

use crate::random::{below, shuffle};
use crate::Grid;

/// Digits as bits 1..=9.
const ALL_DIGITS: u16 = 0b11_1111_1110;

/// The most arrangements any column sets allow a band: 12³, when the three
/// stacks have the same column sets (each set's digits then fill a 3 × 3
/// Latin square of rows by stacks). The test
/// `no_column_sets_allow_more_than_max_arrangements` counts every case.
const MAX_ARRANGEMENTS: u32 = 1728;

/// Ways per stack to choose the next band's column sets: see [`split`].
const SPLITS: u32 = 56;

/// A complete grid drawn with the same probability for each of the
/// 6,670,903,752,021,072,936,960 grids.
pub(crate) fn uniform_complete_grid(rng: &mut ChaCha8Rng) -> Grid {
    draw_grid(rng).0
}

/// A uniform grid and the number of draws it took.
fn draw_grid(rng: &mut ChaCha8Rng) -> (Grid, u32) {
    let mut draws = 0;
    loop {
        draws += 1;
        let (top, middle, bottom) = random_column_sets(rng);
        // Keep the middle band's sets with probability T / MAX_ARRANGEMENTS,
        // the number drawn then naming one of its T arrangements uniformly;
        // the bottom band's likewise.
        let middle_pick = below(rng, MAX_ARRANGEMENTS);
        if middle_pick >= arrangements(&middle) {
            continue;
        }
        let bottom_pick = below(rng, MAX_ARRANGEMENTS);
        if bottom_pick >= arrangements(&bottom) {
            continue;
        }
        let mut values = [0u8; 81];
        values[..27].copy_from_slice(&top);
        values[27..54].copy_from_slice(&arrangement(&middle, middle_pick));
        values[54..].copy_from_slice(&arrangement(&bottom, bottom_pick));
        let grid = Grid::from_values(values).expect("digits are 1..=9");
        return (grid, draws);
    }
}

/// A uniform top band, and uniform column sets for the middle band among
/// the 56³ it allows, with the bottom band's sets they leave.
fn random_column_sets(rng: &mut ChaCha8Rng) -> ([u8; 27], [u16; 9], [u16; 9]) {
    let top = random_band(rng);
    let mut middle = [0u16; 9];
    let mut bottom = [0u16; 9];
    for stack in 0..3 {
        let used: [u16; 3] = std::array::from_fn(|k| column_set(&top, 3 * stack + k));
        let sets = split(used, below(rng, SPLITS));
        for k in 0..3 {
            middle[3 * stack + k] = sets[k];
            bottom[3 * stack + k] = ALL_DIGITS & !used[k] & !sets[k];
        }
    }
    (top, middle, bottom)
}

/// A band, uniform among all 9!·56·6⁶: its first row a uniform order of the
/// digits, the second row's box sets one of the 56 ways the first row allows
/// (the third row's are then the rest of each box), each box row in a
/// uniform order. Each band is made by exactly one such choice.
fn random_band(rng: &mut ChaCha8Rng) -> [u8; 27] {
    let mut band = [0u8; 27];
    let mut first = [1u8, 2, 3, 4, 5, 6, 7, 8, 9];
    shuffle(&mut first, rng);
    band[..9].copy_from_slice(&first);
    let used: [u16; 3] = std::array::from_fn(|b| {
        first[3 * b..3 * b + 3]
            .iter()
            .fold(0, |set, &digit| set | 1 << digit)
    });
    let second = split(used, below(rng, SPLITS));
    for b in 0..3 {
        let third = ALL_DIGITS & !used[b] & !second[b];
        for (row, set) in [(1, second[b]), (2, third)] {
            let mut digits = digits_of(set);
            shuffle(&mut digits, rng);
            band[row * 9 + 3 * b..row * 9 + 3 * b + 3].copy_from_slice(&digits);
        }
    }
    band
}

/// The digits of column `col` of a band, as a set.
fn column_set(band: &[u8; 27], col: usize) -> u16 {
    (0..3).fold(0, |set, row| set | 1 << band[row * 9 + col])
}

/// The three digits of a three-digit set, smallest first.
fn digits_of(set: u16) -> [u8; 3] {
    let low = set.trailing_zeros() as u8;
    let rest = set & (set - 1);
    let middle = rest.trailing_zeros() as u8;
    let high = (rest & (rest - 1)).trailing_zeros() as u8;
    [low, middle, high]
}

/// Way number `choice` (below 56) to give three places three new digits
/// each, all nine different, where place `k` already holds the digits
/// `used[k]` (three each, all nine different): a stack's columns in the next
/// band, or a band's boxes in the next row.
///
/// Each digit of `used[k]` must go to one of the other two places. Counting
/// three per place forces the same number t of digits to move on from each
/// place to the next one round (0 to 1, 1 to 2, 2 to 0) and the other 3 - t
/// to the one before, so the ways are the choices of t and of which t digits
/// move from each place: 1 + 27 + 27 + 1 = 56.
fn split(used: [u16; 3], choice: u32) -> [u16; 3] {
    let (moving, mut which) = match choice {
        0 => (0, 0),
        1..=27 => (1, choice - 1),
        28..=54 => (2, choice - 28),
        _ => (3, 0),
    };
    let moved: [u16; 3] = std::array::from_fn(|k| {
        let digit = 1 << digits_of(used[k])[(which % 3) as usize];
        which /= 3;
        match moving {
            0 => 0,
            1 => digit,
            2 => used[k] & !digit,
            _ => used[k],
        }
    });
    [
        moved[2] | (used[1] & !moved[1]),
        moved[0] | (used[2] & !moved[2]),
        moved[1] | (used[0] & !moved[0]),
    ]
}

/// The 27 ways to take one digit from each of a stack's column sets.
fn transversals(cols: &[u16]) -> [u16; 27] {
    let [a, b, c] = [cols[0], cols[1], cols[2]].map(digits_of);
    std::array::from_fn(|i| 1 << a[i / 9] | 1 << b[i / 3 % 3] | 1 << c[i % 3])
}

/// The single digits of a set, as one-bit sets, smallest first.
fn bits(mut set: u16) -> impl Iterator<Item = u16> {
    std::iter::from_fn(move || {
        let bit = set & set.wrapping_neg();
        set &= !bit;
        (bit != 0).then_some(bit)
    })
}

/// Calls `visit` on the band's possible first rows, as one digit set per
/// stack, in a fixed order, until it returns something; with
/// `with_digit_one`, only on those holding digit 1 in the first stack.
fn first_rows<T>(
    cols: &[u16; 9],
    with_digit_one: bool,
    mut visit: impl FnMut([u16; 3]) -> Option<T>,
) -> Option<T> {
    for first in transversals(&cols[..3]) {
        if with_digit_one && first & 0b10 == 0 {
            continue;
        }
        for a in bits(cols[3] & !first) {
            for b in bits(cols[4] & !first) {
                for c in bits(cols[5] & !first) {
                    let third = ALL_DIGITS ^ first ^ a ^ b ^ c;
                    // Three digits left: one in each column of the last stack.
                    if third & cols[6] != 0 && third & cols[7] != 0 && third & cols[8] != 0 {
                        if let Some(found) = visit([first, a | b | c, third]) {
                            return Some(found);
                        }
                    }
                }
            }
        }
    }
    None
}

/// The number of 3 × 9 arrays whose column `c` holds the digits `cols[c]`
/// and whose rows each hold all nine digits; each stack's three sets must
/// partition the digits.
///
/// The first row takes one digit from each column, all different. Each
/// column then has two digits left, an edge between them; every digit is in
/// two edges, so the edges make cycles, and the second row takes one end of
/// each edge, every digit once: two ways per cycle. Moving the rows round
/// maps arrays onto arrays, and puts digit 1 in the first row of the first
/// stack in a third of them: only those first rows are tried.
fn arrangements(cols: &[u16; 9]) -> u32 {
    let mut count = 0;
    first_rows(cols, true, |row| {
        count += 1 << cycles(cols, row);
        None::<()>
    });
    debug_assert!(3 * count <= MAX_ARRANGEMENTS);
    3 * count
}

/// The number of cycles the column edges make once the first row has taken
/// `row` (one set per stack).
fn cycles(cols: &[u16; 9], row: [u16; 3]) -> u32 {
    // Neighbours of each digit; the two edges of a cycle of two are one bit.
    let mut next = [0u16; 10];
    for (col, &set) in cols.iter().enumerate() {
        let edge = set & !row[col / 3];
        let (low, high) = (edge.trailing_zeros(), 15 - edge.leading_zeros());
        next[low as usize] |= 1 << high;
        next[high as usize] |= 1 << low;
    }
    let mut left = ALL_DIGITS;
    let mut count = 0;
    while left != 0 {
        count += 1;
        let mut at = left.trailing_zeros();
        loop {
            left &= !(1 << at);
            let ahead = next[at as usize] & left;
            if ahead == 0 {
                break;
            }
            at = ahead.trailing_zeros();
        }
    }
    count
}

/// Arrangement number `index` (below [`arrangements`]) of the column sets
/// `cols`, as three rows of nine digits: the first rows in the order of
/// their sets, then one bit of `index` per cycle saying which end of its
/// first edge goes up.
fn arrangement(cols: &[u16; 9], mut index: u32) -> [u8; 27] {
    first_rows(cols, false, |row| {
        let ways = 1 << cycles(cols, row);
        if index < ways {
            return Some(orient(cols, row, index));
        }
        index -= ways;
        None
    })
    .expect("the index is below the number of arrangements")
}

/// The arrangement whose first row takes `row` and whose cycles turn the
/// ways the bits of `turns` say.
fn orient(cols: &[u16; 9], row: [u16; 3], mut turns: u32) -> [u8; 27] {
    let mut band = [0u8; 27];
    let mut edges = [0u16; 9];
    for col in 0..9 {
        let first = cols[col] & row[col / 3];
        band[col] = first.trailing_zeros() as u8;
        edges[col] = cols[col] & !first;
    }
    let mut done = [false; 9];
    for start in 0..9 {
        if done[start] {
            continue;
        }
        let [low, high, _] = digits_of(edges[start] | 1 << 15);
        let mut up: u16 = 1 << if turns & 1 == 0 { low } else { high };
        turns >>= 1;
        let mut col = start;
        loop {
            done[col] = true;
            let down = edges[col] & !up;
            band[9 + col] = up.trailing_zeros() as u8;
            band[18 + col] = down.trailing_zeros() as u8;
            // The other edge holding the digit that went down must send it up.
            match (0..9).find(|&next| !done[next] && edges[next] & down != 0) {
                Some(next) => (col, up) = (next, down),
                None => break,
            }
        }
    }
    band
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Solver;
    use rand::SeedableRng;

    fn rng(seed: u64) -> ChaCha8Rng {
        ChaCha8Rng::seed_from_u64(seed)
    }

    /// Plain backtracking over the 27 cells, row by row.
    fn brute_force_arrangements(cols: &[u16; 9]) -> u32 {
        fn fill(cols: &[u16; 9], cell: usize, rows: &mut [u16; 3], used: &mut [u16; 9]) -> u32 {
            if cell == 27 {
                return 1;
            }
            let (row, col) = (cell / 9, cell % 9);
            let mut count = 0;
            for digit in 1..=9 {
                let bit = 1 << digit;
                if cols[col] & bit != 0 && used[col] & bit == 0 && rows[row] & bit == 0 {
                    rows[row] |= bit;
                    used[col] |= bit;
                    count += fill(cols, cell + 1, rows, used);
                    rows[row] &= !bit;
                    used[col] &= !bit;
                }
            }
            count
        }
        fill(cols, 0, &mut [0; 3], &mut [0; 9])
    }

    /// The number of completions of a top band whose columns hold `used`:
    /// the sum over the 56³ middle column sets of T(middle)·T(bottom).
    fn completions(used: &[u16; 9]) -> u64 {
        let splits: [Vec<[u16; 3]>; 3] = std::array::from_fn(|s| {
            let stack = [used[3 * s], used[3 * s + 1], used[3 * s + 2]];
            (0..SPLITS).map(|c| split(stack, c)).collect()
        });
        let mut total = 0u64;
        for a in &splits[0] {
            for b in &splits[1] {
                for c in &splits[2] {
                    let middle = [a[0], a[1], a[2], b[0], b[1], b[2], c[0], c[1], c[2]];
                    let count = arrangements(&middle);
                    if count == 0 {
                        continue;
                    }
                    let bottom: [u16; 9] =
                        std::array::from_fn(|col| ALL_DIGITS & !used[col] & !middle[col]);
                    total += u64::from(count) * u64::from(arrangements(&bottom));
                }
            }
        }
        total
    }

    fn band_from_rows(rows: [&str; 3]) -> [u8; 27] {
        let text = rows.concat();
        std::array::from_fn(|i| text.as_bytes()[i] - b'0')
    }

    #[test]
    fn split_gives_each_of_the_56_ways_once() {
        let mut rng = rng(1);
        for _ in 0..50 {
            let top = random_band(&mut rng);
            for stack in 0..3 {
                let used: [u16; 3] = std::array::from_fn(|k| column_set(&top, 3 * stack + k));
                let mut ways: Vec<[u16; 3]> = (0..SPLITS).map(|c| split(used, c)).collect();
                ways.sort();
                ways.dedup();
                let mut expected = Vec::new();
                for a in 0..1u16 << 10 {
                    for b in 0..1u16 << 10 {
                        let c = ALL_DIGITS & !a & !b;
                        let sets = [a, b, c];
                        if a & b == 0
                            && (a | b) & !ALL_DIGITS == 0
                            && (0..3).all(|k| sets[k].count_ones() == 3 && sets[k] & used[k] == 0)
                        {
                            expected.push(sets);
                        }
                    }
                }
                expected.sort();
                assert_eq!(ways, expected);
            }
        }
    }

    #[test]
    fn arrangements_agree_with_backtracking() {
        let mut rng = rng(2);
        for _ in 0..40 {
            let (_, middle, bottom) = random_column_sets(&mut rng);
            assert_eq!(arrangements(&middle), brute_force_arrangements(&middle));
            assert_eq!(arrangements(&bottom), brute_force_arrangements(&bottom));
        }
        let same = [0b1110, 0b111_0000, 0b11_1000_0000].repeat(3);
        let same: [u16; 9] = same.try_into().unwrap();
        assert_eq!(arrangements(&same), MAX_ARRANGEMENTS);
        assert_eq!(brute_force_arrangements(&same), MAX_ARRANGEMENTS);
    }

    #[test]
    fn arrangement_numbers_each_array_once() {
        let mut rng = rng(3);
        for _ in 0..20 {
            let (_, middle, _) = random_column_sets(&mut rng);
            let count = arrangements(&middle);
            let mut seen: Vec<[u8; 27]> = (0..count).map(|i| arrangement(&middle, i)).collect();
            for band in &seen {
                for row in band.chunks(9) {
                    assert_eq!(row.iter().fold(0, |set, &d| set | 1 << d), ALL_DIGITS);
                }
                for (col, &set) in middle.iter().enumerate() {
                    assert_eq!(column_set(band, col), set);
                }
            }
            seen.sort();
            seen.dedup();
            assert_eq!(seen.len(), count as usize);
        }
    }

    /// The 280 ways to cut the nine digits into three sets of three, each
    /// as its sets in increasing order.
    fn partitions() -> Vec<[u16; 3]> {
        let triples: Vec<u16> = (0..1u16 << 10)
            .filter(|&s| s & !ALL_DIGITS == 0 && s.count_ones() == 3)
            .collect();
        let mut all = Vec::new();
        for &a in &triples {
            for &b in &triples {
                let c = ALL_DIGITS & !a & !b;
                if a & b == 0 && a < b && b < c {
                    all.push([a, b, c]);
                }
            }
        }
        all
    }

    #[test]
    fn no_column_sets_allow_more_than_max_arrangements() {
        // Relabelling the digits and reordering a stack's columns keep the
        // count, so the first stack may be 123 | 456 | 789 and the others
        // any of the 280 partitions: that covers every case.
        let partitions = partitions();
        assert_eq!(partitions.len(), 280);
        let first = [0b1110, 0b111_0000, 0b11_1000_0000];
        let mut most = 0;
        let mut sum = 0u64;
        for b in &partitions {
            for c in &partitions {
                let count = arrangements(&[first, *b, *c].concat().try_into().unwrap());
                most = most.max(count);
                sum += u64::from(count);
            }
        }
        assert_eq!(most, MAX_ARRANGEMENTS);
        // A band is an arrangement of its own column sets: 1680 ordered
        // partitions of the first stack, 3! orders of each other stack's.
        assert_eq!(sum * 1680 * 36, 362_880 * 56 * 6u64.pow(6));
    }

    #[test]
    fn bottom_band_counts_agree_with_the_solver() {
        let mut solver = Solver::new();
        let mut rng = rng(4);
        for _ in 0..20 {
            let grid = uniform_complete_grid(&mut rng);
            let mut values = *grid.values();
            let bottom: [u16; 9] = std::array::from_fn(|col| {
                (6..9).fold(0, |set, row| set | 1 << values[row * 9 + col])
            });
            values[54..].fill(0);
            let board = Grid::from_values(values).unwrap();
            let count = solver.count_solutions(&board, 10_000).unwrap();
            assert_eq!(count, u64::from(arrangements(&bottom)));
        }
    }

    #[test]
    fn grids_are_valid_and_the_draws_kept_as_often_as_the_counts_say() {
        let mut rng = rng(5);
        let samples = 4000;
        let mut draws = 0u64;
        for _ in 0..samples {
            let (grid, taken) = draw_grid(&mut rng);
            assert!(grid.is_solution_of(&Grid::EMPTY), "{grid}");
            draws += u64::from(taken);
        }
        // A draw is kept with probability grids / outcomes: 1 in 74.53.
        let outcomes: u128 = 362_880 * 56 * 6u128.pow(6) * 56u128.pow(3) * 1728 * 1728;
        let expected = outcomes as f64 / GRIDS as f64;
        let mean = draws as f64 / f64::from(samples);
        // The draws per grid are geometric: standard deviation about 74 each.
        let error = expected / f64::from(samples).sqrt();
        assert!(
            (mean - expected).abs() < 4.0 * error,
            "{mean} vs {expected}"
        );
    }

    /// Felgenhauer and Jarvis's count of Sudoku grids.
    const GRIDS: u128 = 6_670_903_752_021_072_936_960;

    /// The most completions of any band, as the ignored test below finds
    /// (the mean is 7.04e9).
    #[test]
    fn the_first_band_completes_in_the_most_ways() {
        let top = band_from_rows(["123456789", "456789123", "789123456"]);
        let used: [u16; 9] = std::array::from_fn(|col| column_set(&top, col));
        assert_eq!(completions(&used), 7_802_998_272);
    }

    /// Felgenhauer and Jarvis's total as the sum of the completions of all
    /// 9!·56·6⁶ bands. A band's completions depend only on its column sets,
    /// and T(sets) bands have those sets, so the sum runs over column sets:
    /// relabelling the digits and reordering columns within stacks keep both
    /// numbers, so the first stack's sets may be 123 | 456 | 789 (times the
    /// 1680 orders of three sets of three) and the other stacks' sets taken
    /// unordered (times 3! each); completions are then counted once per class
    /// under the relabellings that keep 123 | 456 | 789 and the swap of the
    /// last two stacks, times the size of the class.
    #[test]
    #[ignore = "about 65 s: cargo test -p sudokit --lib -- --ignored every_band"]
    fn every_band_completes_to_the_known_number_of_grids() {
        let started = std::time::Instant::now();
        let partitions = partitions();
        let position = |mut sets: [u16; 3]| {
            sets.sort();
            partitions.binary_search(&sets).unwrap()
        };
        // The relabellings keeping 123 | 456 | 789: blocks moved, digits moved within them.
        let orders = crate::geometry::ORDERS_OF_THREE;
        let mut relabellings = Vec::new();
        for blocks in orders {
            for a in orders {
                for b in orders {
                    for c in orders {
                        let within = [a, b, c];
                        let mut map = [0u8; 10];
                        for (index, image) in map[1..].iter_mut().enumerate() {
                            let (block, place) = (index / 3, index % 3);
                            *image = 3 * blocks[block] + within[block][place] + 1;
                        }
                        relabellings.push(map);
                    }
                }
            }
        }
        let relabel = |map: &[u8; 10], sets: [u16; 3]| {
            sets.map(|set| {
                (1..10)
                    .filter(|&d| set & 1 << d != 0)
                    .fold(0, |m, d| m | 1 << map[d])
            })
        };
        let first = [0b1110, 0b111_0000, 0b11_1000_0000];
        let n = partitions.len();
        let mut seen = vec![false; n * n];
        let (mut sum, mut bands, mut classes, mut most) = (0u128, 0u128, 0, 0u64);
        for i in 0..n {
            for j in 0..n {
                if seen[i * n + j] {
                    continue;
                }
                let used: [u16; 9] = [first, partitions[i], partitions[j]]
                    .concat()
                    .try_into()
                    .unwrap();
                let ways = arrangements(&used);
                if ways == 0 {
                    continue;
                }
                let mut members = 0u128;
                for map in &relabellings {
                    let (b, c) = (
                        position(relabel(map, partitions[i])),
                        position(relabel(map, partitions[j])),
                    );
                    for member in [b * n + c, c * n + b] {
                        if !seen[member] {
                            seen[member] = true;
                            members += 1;
                        }
                    }
                }
                let count = completions(&used);
                classes += 1;
                most = most.max(count);
                bands += members * u128::from(ways);
                sum += members * u128::from(ways) * u128::from(count);
            }
        }
        eprintln!(
            "{classes} classes of column sets, most completions {most}, {:.1?}",
            started.elapsed()
        );
        assert_eq!(bands * 1680 * 36, 362_880 * 56 * 6u128.pow(6));
        assert_eq!(sum * 1680 * 36, GRIDS);
        assert_eq!((classes, most), (84, 7_802_998_272));
    }
}
