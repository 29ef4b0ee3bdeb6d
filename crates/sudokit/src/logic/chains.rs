//! Chains and cycles: X, Y and XY chains and cycles, alternating inference chains.
//!
//! This follows Sudoku Explainer's (SE) unary chaining. A chain is a path of
//! implications between candidates taken alternately false and true: a
//! candidate false makes its strong partner true (the other candidate of a
//! bivalue cell, the other place of a digit in a house where it has two), a
//! candidate true makes its weak partners false (the other candidates of its
//! cell, the same digit in the cells it sees). The link kinds allowed name the
//! technique: X uses house links on one digit, Y bivalue cells (with weak
//! links on one digit between cells that see each other), XY both.
//!
//! Each search starts from a candidate X taken false and walks breadth first
//! over the 1458 candidate states, so every true candidate Y it reaches comes
//! by a shortest path `X false -> ... -> Y true`. Then:
//! - Y is X: X is true (a contradiction of its absence, SE's forcing chain);
//! - a candidate weakly linked to both X and Y is false (an alternating
//!   inference chain; SE sees it as that candidate true implying it false);
//! - Y weakly linked to X closes a continuous loop (SE's cycle): either every
//!   true node of the path is true or every false one is, so a candidate
//!   weakly linked to a node of each kind goes (SE keeps only those on the
//!   loop's digits outside its cells).
//!
//! Difficulty is the technique's base plus SE's length bonus, where the
//! length is SE's count of the chain's nodes less two: the path's nodes for
//! an elimination, less two for a placement or a loop.

use super::{chain_length_bonus, Chain, ChainNode, Difficulty, Step, Technique, TechniqueSet};
use crate::candidates::{Candidate, Candidates};
use crate::geometry::House;
use crate::grid::{Cell, Digit};

/// A set of candidates: for each digit (index 0 to 8), the cells holding it as bits.
type Planes = [u128; 9];

/// Each cell's 20 peers, as bits (a const table: the walks need it in their inner loops).
static PEERS: [u128; 81] = peer_table();

const fn peer_table() -> [u128; 81] {
    let mut table = [0u128; 81];
    let mut a = 0;
    while a < 81 {
        let mut b = 0;
        while b < 81 {
            let same_box = a / 27 == b / 27 && a % 9 / 3 == b % 9 / 3;
            if a != b && (a / 9 == b / 9 || a % 9 == b % 9 || same_box) {
                table[a] |= 1 << b;
            }
            b += 1;
        }
        a += 1;
    }
    table
}

/// The easiest allowed chain or cycle.
pub(super) fn find(marks: &Candidates, allowed: TechniqueSet) -> Option<Step> {
    let graph = Graph::new(marks);
    let mut search = Search {
        graph: &graph,
        best: None,
        layers: Vec::with_capacity(64),
    };
    for mode in [Mode::X, Mode::Y, Mode::Xy] {
        let kinds = mode.kinds(allowed);
        if kinds.cycle.is_none() && kinds.chain.is_none() {
            continue;
        }
        for digit in 0..9 {
            // A walk from a candidate without a strong link stops at once.
            let mut starts = graph.cand[digit] & graph.strong_cells(digit, mode);
            while starts != 0 {
                let cell = starts.trailing_zeros() as u8;
                starts &= starts - 1;
                search.walk(
                    mode,
                    kinds,
                    Node {
                        digit: digit as u8,
                        cell,
                    },
                );
            }
        }
    }
    search.best.map(Found::step)
}

/// Which links a chain may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    /// House links on one digit.
    X,
    /// Bivalue cells, joined by weak links on one digit.
    Y,
    /// Both.
    Xy,
}

impl Mode {
    /// Whether a digit with two places in a house links them strongly.
    fn house_strong(self) -> bool {
        self != Mode::Y
    }

    /// Whether the two candidates of a bivalue cell are linked strongly.
    fn cell_strong(self) -> bool {
        self != Mode::X
    }

    /// Whether the candidates of a cell are linked weakly: in Y chains the
    /// only cell links are the bivalue ones, already strong.
    fn cell_weak(self) -> bool {
        self == Mode::Xy
    }

    /// The techniques this mode's loops and chains are reported as, when allowed.
    fn kinds(self, allowed: TechniqueSet) -> Kinds {
        let pick = |options: &[Technique]| options.iter().copied().find(|&t| allowed.contains(t));
        use Technique::*;
        match self {
            Mode::X => Kinds {
                cycle: pick(&[XCycle]),
                chain: pick(&[XChain]),
            },
            Mode::Y => Kinds {
                cycle: pick(&[YCycle]),
                chain: pick(&[YChain]),
            },
            // SE's XY chains are the general alternating inference chains.
            Mode::Xy => Kinds {
                cycle: pick(&[XyCycle, Aic]),
                chain: pick(&[XyChain, Aic]),
            },
        }
    }
}

/// The techniques a mode may report, `None` where not allowed.
#[derive(Clone, Copy, Debug)]
struct Kinds {
    cycle: Option<Technique>,
    chain: Option<Technique>,
}

/// A candidate in a walk: digit index 0 to 8 and cell 0 to 80.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Node {
    digit: u8,
    cell: u8,
}

impl Node {
    fn bit(self) -> u128 {
        1 << self.cell
    }

    fn candidate(self) -> Candidate {
        let cell = Cell::new(usize::from(self.cell)).unwrap_or(Cell::MIN);
        let digit = Digit::new(self.digit + 1).unwrap_or(DIGIT_ONE);
        Candidate::new(cell, digit)
    }
}

const DIGIT_ONE: Digit = match Digit::new(1) {
    Some(digit) => digit,
    None => unreachable!(),
};

/// The marks as bit planes, with the strong links of every digit.
struct Graph {
    cand: Planes,
    bivalue: u128,
    /// Each cell's candidates as digit bits.
    cell_digits: [u16; 81],
    /// For each digit, the pairs of cells that are its only places in a house.
    pairs: [[u128; 27]; 9],
    pair_count: [usize; 9],
    /// For each digit, the cells in one of its pairs.
    paired: Planes,
}

impl Graph {
    fn new(marks: &Candidates) -> Graph {
        let mut graph = Graph {
            cand: [0; 9],
            bivalue: 0,
            cell_digits: [0; 81],
            pairs: [[0; 27]; 9],
            pair_count: [0; 9],
            paired: [0; 9],
        };
        for (d, digit) in Digit::all().enumerate() {
            graph.cand[d] = marks.cells_with(digit).bits();
        }
        for cell in Cell::all() {
            let digits = marks.get(cell);
            graph.cell_digits[cell.index()] = digits.bits();
            if digits.len() == 2 {
                graph.bivalue |= 1 << cell.index();
            }
        }
        for d in 0..9 {
            for house in House::all() {
                let here = graph.cand[d] & house.cells().bits();
                let count = graph.pair_count[d];
                // A pair in a line and a box at once is one link.
                if here.count_ones() == 2 && !graph.pairs[d][..count].contains(&here) {
                    graph.pairs[d][count] = here;
                    graph.pair_count[d] += 1;
                    graph.paired[d] |= here;
                }
            }
        }
        graph
    }

    /// The cells where `digit` has a strong link in `mode`.
    fn strong_cells(&self, digit: usize, mode: Mode) -> u128 {
        let mut cells = 0;
        if mode.house_strong() {
            cells |= self.paired[digit];
        }
        if mode.cell_strong() {
            cells |= self.bivalue;
        }
        cells
    }

    /// The candidates made true by the candidates `off` being false.
    fn strong(&self, off: &Planes, mode: Mode) -> Planes {
        let mut on = [0u128; 9];
        if mode.house_strong() {
            for d in 0..9 {
                if off[d] == 0 {
                    continue;
                }
                for &pair in &self.pairs[d][..self.pair_count[d]] {
                    let hit = off[d] & pair;
                    if hit != 0 {
                        // Both places false would make both true: keep both.
                        on[d] |= if hit == pair { pair } else { pair ^ hit };
                    }
                }
            }
        }
        if mode.cell_strong() {
            let off_in_bivalue = off.map(|plane| plane & self.bivalue);
            let others = others_union(&off_in_bivalue);
            for e in 0..9 {
                on[e] |= others[e] & self.cand[e];
            }
        }
        on
    }

    /// The candidates made false by the candidates `on` being true.
    fn weak(&self, on: &Planes, mode: Mode) -> Planes {
        let mut off = [0u128; 9];
        for d in 0..9 {
            off[d] = peers_of(on[d]) & self.cand[d];
        }
        if mode.cell_weak() {
            let others = others_union(on);
            for e in 0..9 {
                off[e] |= others[e] & self.cand[e];
            }
        }
        off
    }

    /// A candidate of `layer` (false) whose strong link makes `node` true.
    fn strong_source(&self, node: Node, layer: &Planes, mode: Mode) -> Option<Node> {
        let d = usize::from(node.digit);
        if mode.house_strong() {
            for &pair in &self.pairs[d][..self.pair_count[d]] {
                let other = pair & !node.bit();
                if pair & node.bit() != 0 && layer[d] & other != 0 {
                    return Some(Node {
                        digit: node.digit,
                        cell: other.trailing_zeros() as u8,
                    });
                }
            }
        }
        if mode.cell_strong() && self.bivalue & node.bit() != 0 {
            return (0..9u8)
                .filter(|&e| e != node.digit)
                .find(|&e| layer[usize::from(e)] & node.bit() != 0)
                .map(|digit| Node {
                    digit,
                    cell: node.cell,
                });
        }
        None
    }

    /// A candidate of `layer` (true) whose weak link makes `node` false.
    fn weak_source(&self, node: Node, layer: &Planes, mode: Mode) -> Option<Node> {
        let same = layer[usize::from(node.digit)] & PEERS[usize::from(node.cell)];
        if same != 0 {
            return Some(Node {
                digit: node.digit,
                cell: same.trailing_zeros() as u8,
            });
        }
        if mode.cell_weak() {
            return (0..9u8)
                .filter(|&e| e != node.digit)
                .find(|&e| layer[usize::from(e)] & node.bit() != 0)
                .map(|digit| Node {
                    digit,
                    cell: node.cell,
                });
        }
        None
    }

    /// Whether `a` and `b` cannot both be true, by a link `mode` uses.
    fn weakly_linked(&self, a: Node, b: Node, mode: Mode) -> bool {
        if a.digit == b.digit {
            PEERS[usize::from(a.cell)] & b.bit() != 0
        } else {
            mode.cell_weak() && a.cell == b.cell
        }
    }

    /// The candidates that cannot be true with `x` nor with `y`: false when
    /// one of the two must be. Cell links count except in X chains.
    fn common_weak(&self, x: Node, y: Node, mode: Mode) -> Planes {
        let mut targets = [0u128; 9];
        let (xd, yd) = (usize::from(x.digit), usize::from(y.digit));
        let (xc, yc) = (usize::from(x.cell), usize::from(y.cell));
        if xd == yd {
            targets[xd] = PEERS[xc] & PEERS[yc] & self.cand[xd];
        } else if mode != Mode::X {
            if xc == yc {
                for (e, plane) in targets.iter_mut().enumerate() {
                    if e != xd && e != yd {
                        *plane = self.cand[e] & x.bit();
                    }
                }
            } else if PEERS[xc] & y.bit() != 0 {
                targets[yd] |= self.cand[yd] & x.bit();
                targets[xd] |= self.cand[xd] & y.bit();
            }
        }
        targets
    }

    /// What a loop through `path` (`path[0]` false, alternating, its last node
    /// weakly linked back to the first) removes. Either all its true nodes
    /// hold or all its false ones do, so a candidate outside it that is weakly
    /// linked to a node of each kind goes: the same digit seeing both, or the
    /// other candidates of a cell holding both.
    fn loop_eliminations(&self, path: &[Node]) -> Planes {
        let mut on = [0u128; 9];
        let mut off = [0u128; 9];
        for (i, node) in path.iter().enumerate() {
            let plane = if i % 2 == 1 { &mut on } else { &mut off };
            plane[usize::from(node.digit)] |= node.bit();
        }
        let (on_other, off_other) = (others_union(&on), others_union(&off));
        let mut removed = [0u128; 9];
        for d in 0..9 {
            let near_on = peers_of(on[d]) | on_other[d];
            let near_off = peers_of(off[d]) | off_other[d];
            removed[d] = near_on & near_off & self.cand[d] & !(on[d] | off[d]);
        }
        removed
    }

    /// How many candidates placing `node` removes: its cell's others and its peers'.
    fn placement_reach(&self, node: Node) -> usize {
        let others = self.cell_digits[usize::from(node.cell)].count_ones() as usize - 1;
        let peers = PEERS[usize::from(node.cell)] & self.cand[usize::from(node.digit)];
        others + peers.count_ones() as usize
    }
}

/// For each digit, the union of the other digits' planes.
fn others_union(planes: &Planes) -> Planes {
    let mut result = [0u128; 9];
    let mut before = 0;
    for d in 0..9 {
        result[d] = before;
        before |= planes[d];
    }
    let mut after = 0;
    for d in (0..9).rev() {
        result[d] |= after;
        after |= planes[d];
    }
    result
}

/// The cells that see some cell of `cells`.
fn peers_of(mut cells: u128) -> u128 {
    let mut seen = 0;
    while cells != 0 {
        seen |= PEERS[cells.trailing_zeros() as usize];
        cells &= cells - 1;
    }
    seen
}

fn count(planes: &Planes) -> usize {
    planes.iter().map(|p| p.count_ones() as usize).sum()
}

/// `technique`'s difficulty in tenths for a chain of SE length `length`.
fn rate(technique: Technique, length: usize) -> u16 {
    technique.base_difficulty().tenths() + chain_length_bonus(length)
}

/// What a found chain concludes.
#[derive(Clone, Debug)]
enum Conclusion {
    /// The candidates weakly linked to both ends go.
    Eliminate(Planes),
    /// The start is true.
    Place,
    /// The path closes a loop; these go.
    Loop(Planes),
}

/// The best chain so far.
#[derive(Clone, Debug)]
struct Found {
    technique: Technique,
    mode: Mode,
    difficulty: u16,
    /// Candidates removed, placements counted by what they remove.
    removed: usize,
    conclusion: Conclusion,
    /// From the start (false) to the end (true), alternating.
    path: Vec<Node>,
}

/// The walks from every start, keeping the best chain.
struct Search<'a> {
    graph: &'a Graph,
    best: Option<Found>,
    /// The walk's layers: even ones false, odd ones true; `layers[0]` the start.
    layers: Vec<Planes>,
}

impl Search<'_> {
    /// Whether a step of `difficulty` could still win (tie on difficulty,
    /// then more removals).
    fn within(&self, difficulty: u16) -> bool {
        self.best
            .as_ref()
            .is_none_or(|best| difficulty <= best.difficulty)
    }

    fn better(&self, difficulty: u16, removed: usize) -> bool {
        self.best.as_ref().is_none_or(|best| {
            difficulty < best.difficulty
                || (difficulty == best.difficulty && removed > best.removed)
        })
    }

    /// Walks breadth first from `start` taken false, checking each candidate
    /// made true for a placement, an elimination or a loop.
    fn walk(&mut self, mode: Mode, kinds: Kinds, start: Node) {
        let graph = self.graph;
        self.layers.clear();
        let mut seen_off = [0u128; 9];
        seen_off[usize::from(start.digit)] = start.bit();
        let mut seen_on = [0u128; 9];
        let mut frontier = seen_off;
        self.layers.push(frontier);
        loop {
            // Nodes of a path ending in the next (true) layer.
            let nodes = self.layers.len() + 1;
            let floor = [kinds.cycle, kinds.chain]
                .into_iter()
                .flatten()
                .map(|t| rate(t, nodes - 2))
                .min()
                .unwrap_or(u16::MAX);
            if !self.within(floor) {
                return;
            }
            let mut on = graph.strong(&frontier, mode);
            let mut any = 0;
            for d in 0..9 {
                on[d] &= !seen_on[d];
                seen_on[d] |= on[d];
                any |= on[d];
            }
            if any == 0 {
                return;
            }
            self.layers.push(on);
            self.check(mode, kinds, start, &on, nodes);
            let mut off = graph.weak(&on, mode);
            let mut any = 0;
            for d in 0..9 {
                off[d] &= !seen_off[d];
                seen_off[d] |= off[d];
                any |= off[d];
            }
            if any == 0 {
                return;
            }
            self.layers.push(off);
            frontier = off;
        }
    }

    /// Checks the candidates of the newest layer, `on`, reached in `nodes` nodes.
    fn check(&mut self, mode: Mode, kinds: Kinds, start: Node, on: &Planes, nodes: usize) {
        let graph = self.graph;
        let short = nodes - 2;
        let placement = kinds.chain.map(|t| (t, rate(t, short)));
        let cycle = kinds
            .cycle
            .filter(|_| nodes >= 4)
            .map(|t| (t, rate(t, short)));
        let chain = kinds.chain.map(|t| (t, rate(t, nodes)));
        let useful = [placement, cycle, chain]
            .into_iter()
            .flatten()
            .any(|(_, difficulty)| self.within(difficulty));
        if !useful {
            return;
        }
        for d in 0..9u8 {
            let mut cells = on[usize::from(d)];
            while cells != 0 {
                let end = Node {
                    digit: d,
                    cell: cells.trailing_zeros() as u8,
                };
                cells &= cells - 1;
                if end == start {
                    if let Some((technique, difficulty)) = placement {
                        let removed = graph.placement_reach(start);
                        self.offer(mode, technique, difficulty, removed, end, || {
                            Conclusion::Place
                        });
                    }
                    continue;
                }
                if let Some((technique, difficulty)) = cycle {
                    if self.within(difficulty) && graph.weakly_linked(start, end, mode) {
                        if let Some(path) = self.path(end, mode) {
                            let removed = graph.loop_eliminations(&path);
                            let n = count(&removed);
                            if n > 0 && self.better(difficulty, n) {
                                self.best = Some(Found {
                                    technique,
                                    mode,
                                    difficulty,
                                    removed: n,
                                    conclusion: Conclusion::Loop(removed),
                                    path,
                                });
                            }
                        }
                    }
                }
                if let Some((technique, difficulty)) = chain {
                    if self.within(difficulty) {
                        let targets = graph.common_weak(start, end, mode);
                        let n = count(&targets);
                        if n > 0 {
                            self.offer(mode, technique, difficulty, n, end, || {
                                Conclusion::Eliminate(targets)
                            });
                        }
                    }
                }
            }
        }
    }

    /// Keeps the chain to `end` if it beats the best so far.
    fn offer(
        &mut self,
        mode: Mode,
        technique: Technique,
        difficulty: u16,
        removed: usize,
        end: Node,
        conclusion: impl FnOnce() -> Conclusion,
    ) {
        if !self.better(difficulty, removed) {
            return;
        }
        if let Some(path) = self.path(end, mode) {
            self.best = Some(Found {
                technique,
                mode,
                difficulty,
                removed,
                conclusion: conclusion(),
                path,
            });
        }
    }

    /// The path from the start to `end`, in the newest layer, back through
    /// the layers.
    fn path(&self, end: Node, mode: Mode) -> Option<Vec<Node>> {
        let mut path = Vec::with_capacity(self.layers.len());
        let mut node = end;
        path.push(node);
        for k in (0..self.layers.len() - 1).rev() {
            node = if k % 2 == 0 {
                self.graph.strong_source(node, &self.layers[k], mode)?
            } else {
                self.graph.weak_source(node, &self.layers[k], mode)?
            };
            path.push(node);
        }
        path.reverse();
        Some(path)
    }
}

impl Found {
    /// The step, with its chain and its sentence.
    fn step(self) -> Step {
        let mut step = Step::new(self.technique);
        step.difficulty = Difficulty::from_tenths(self.difficulty);
        let start = self.path[0];
        let end = self.path[self.path.len() - 1];
        let mut nodes: Vec<ChainNode> = Vec::with_capacity(self.path.len() + 1);
        if matches!(self.conclusion, Conclusion::Loop(_)) {
            // Shown from the end so the loop closes where it starts.
            nodes.push(ChainNode {
                candidate: end.candidate(),
                on: true,
            });
        }
        nodes.extend(self.path.iter().enumerate().map(|(i, node)| ChainNode {
            candidate: node.candidate(),
            on: i % 2 == 1,
        }));
        let chain = Chain { nodes };
        for node in &chain.nodes {
            step.digits.insert(node.candidate.digit);
            if !step.pattern.contains(&node.candidate) {
                step.pattern.push(node.candidate);
            }
        }
        step.houses = link_houses(&chain);
        let name = display_name(self.technique);
        let on_digit = if self.mode == Mode::X {
            format!(" on {}", start.candidate().digit)
        } else {
            String::new()
        };
        match self.conclusion {
            Conclusion::Place => {
                step.placements.push(start.candidate());
                step.text = format!(
                    "{name}{on_digit}: {chain}, so {} (taking it out forces it back)",
                    start.candidate()
                );
            }
            Conclusion::Eliminate(targets) => {
                step.eliminations = candidates_of(&targets);
                let why = if step.eliminations.len() == 1 {
                    "sees both ends"
                } else {
                    "each sees both ends"
                };
                step.text = format!(
                    "{name}{on_digit}: {chain}, so {} ({why})",
                    step.conclusion()
                );
            }
            Conclusion::Loop(removed) => {
                step.eliminations = candidates_of(&removed);
                step.text = format!(
                    "{name}{on_digit}: {chain} is a continuous loop, so its weak links are strong: {}",
                    step.conclusion()
                );
            }
        }
        step.chains.push(chain);
        step
    }
}

/// The candidates of `planes`, cell by cell.
fn candidates_of(planes: &Planes) -> Vec<Candidate> {
    let mut list = Vec::new();
    for (d, digit) in Digit::all().enumerate() {
        let mut cells = planes[d];
        while cells != 0 {
            if let Some(cell) = Cell::new(cells.trailing_zeros() as usize) {
                list.push(Candidate::new(cell, digit));
            }
            cells &= cells - 1;
        }
    }
    list.sort();
    list
}

/// The houses of the chain's links between cells, in order, each once.
fn link_houses(chain: &Chain) -> Vec<House> {
    let mut houses = Vec::new();
    for pair in chain.nodes.windows(2) {
        let (a, b) = (pair[0].candidate.cell, pair[1].candidate.cell);
        if a == b {
            continue;
        }
        let shared = [House::row_of(a), House::column_of(a), House::box_of(a)]
            .into_iter()
            .find(|house| house.cells().contains(b));
        if let Some(house) = shared {
            if !houses.contains(&house) {
                houses.push(house);
            }
        }
    }
    houses
}

/// The technique's name at the start of a sentence.
fn display_name(technique: Technique) -> &'static str {
    match technique {
        Technique::XCycle => "X-cycle",
        Technique::XChain => "X-chain",
        Technique::YCycle => "Y-cycle",
        Technique::YChain => "Y-chain",
        Technique::XyCycle => "XY-cycle",
        Technique::XyChain => "XY-chain",
        _ => "Alternating inference chain",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::testing::{assert_sound, sample_puzzles, states_using};
    use crate::logic::LogicSolver;
    use crate::sets::DigitSet;
    use rand::rngs::ChaCha8Rng;
    use rand::SeedableRng;

    fn cell(row: usize, col: usize) -> Cell {
        Cell::from_row_col(row - 1, col - 1).unwrap()
    }

    fn digit(value: u8) -> Digit {
        Digit::new(value).unwrap()
    }

    fn cells(list: &[(usize, usize)]) -> Vec<Cell> {
        list.iter().map(|&(r, c)| cell(r, c)).collect()
    }

    /// Marks with every cell empty, its candidates given by `digits`.
    fn marks_from(digits: impl Fn(Cell) -> DigitSet) -> Candidates {
        Candidates::from_cells(std::array::from_fn(|i| Err(digits(Cell::new(i).unwrap()))))
    }

    /// Every digit everywhere, except that `value` is left out of the cells
    /// of each listed house but the listed ones (so those houses have it
    /// in exactly those cells).
    fn with_places(value: u8, houses: &[(House, Vec<Cell>)]) -> Candidates {
        marks_from(|c| {
            let excluded = houses
                .iter()
                .any(|(house, keep)| house.cells().contains(c) && !keep.contains(&c));
            if excluded {
                DigitSet::ALL.without(digit(value))
            } else {
                DigitSet::ALL
            }
        })
    }

    fn row(i: usize) -> House {
        House::row(i - 1).unwrap()
    }

    fn column(i: usize) -> House {
        House::column(i - 1).unwrap()
    }

    fn chains_only() -> TechniqueSet {
        "chains".parse().unwrap()
    }

    fn texts(list: &[Candidate]) -> Vec<String> {
        list.iter()
            .map(|c| format!("{}<>{}", c.cell, c.digit))
            .collect()
    }

    /// Every link of the step's chain holds on `marks`, the conclusion
    /// follows from the chain's ends (or loop), and the difficulty is the
    /// base plus SE's bonus for the chain's length.
    fn assert_chain_valid(step: &Step, marks: &Candidates) {
        let nodes = &step.chains[0].nodes;
        for pair in nodes.windows(2) {
            let (a, b) = (pair[0], pair[1]);
            assert_ne!(a.on, b.on, "not alternating: {step}");
            let (ca, cb) = (a.candidate, b.candidate);
            assert!(marks.has(ca.cell, ca.digit) && marks.has(cb.cell, cb.digit));
            let same_cell = ca.cell == cb.cell && ca.digit != cb.digit;
            let same_digit = ca.digit == cb.digit && ca.cell.sees(cb.cell);
            if a.on {
                assert!(same_cell || same_digit, "bad weak link {a} -> {b}: {step}");
            } else {
                let bivalue = same_cell && marks.get(ca.cell).len() == 2;
                let bilocal = same_digit
                    && House::of(ca.cell).iter().any(|house| {
                        house.cells().contains(cb.cell)
                            && marks.house_cells_with(*house, ca.digit).len() == 2
                    });
                assert!(bivalue || bilocal, "bad strong link {a} -> {b}: {step}");
            }
        }
        let weak = |x: Candidate, y: Candidate| {
            (x.cell == y.cell && x.digit != y.digit) || (x.digit == y.digit && x.cell.sees(y.cell))
        };
        let first = nodes[0];
        let last = nodes[nodes.len() - 1];
        let length = if first.on {
            // A loop: shown from its end, so its first node comes again last.
            assert_eq!(first, last);
            let inner = &nodes[1..];
            assert!(weak(last.candidate, inner[0].candidate));
            for removed in &step.eliminations {
                assert!(!inner.iter().any(|n| n.candidate == *removed));
                let linked_to = |on: bool| {
                    inner
                        .iter()
                        .any(|n| n.on == on && weak(n.candidate, *removed))
                };
                assert!(linked_to(true) && linked_to(false), "{removed} in {step}");
            }
            inner.len() - 2
        } else if step.placements.is_empty() {
            for removed in &step.eliminations {
                assert!(weak(*removed, first.candidate) && weak(*removed, last.candidate));
            }
            nodes.len()
        } else {
            assert_eq!(step.placements, vec![first.candidate]);
            assert_eq!(first.candidate, last.candidate);
            nodes.len() - 2
        };
        assert_eq!(
            step.difficulty,
            step.technique
                .base_difficulty()
                .plus(chain_length_bonus(length)),
            "{step}"
        );
    }

    #[test]
    fn the_peer_table_matches_the_geometry() {
        for c in Cell::all() {
            assert_eq!(PEERS[c.index()], c.peers().bits());
        }
    }

    #[test]
    fn a_turbot_is_a_four_node_x_chain() {
        // 5 in row 1 only at r1c2, r1c7; in column 8 only at r3c8, r7c8.
        let marks = with_places(
            5,
            &[
                (row(1), cells(&[(1, 2), (1, 7)])),
                (column(8), cells(&[(3, 8), (7, 8)])),
            ],
        );
        let step = find(&marks, chains_only()).unwrap();
        assert_eq!(step.technique, Technique::XChain);
        assert_eq!(step.difficulty.to_string(), "6.6");
        assert_eq!(
            step.text,
            "X-chain on 5: r1c2<>5 -> r1c7=5 -> r3c8<>5 -> r7c8=5, so r7c2<>5 (sees both ends)"
        );
        assert_eq!(texts(&step.eliminations), ["r7c2<>5"]);
        assert_eq!(step.houses, [row(1), House::boxed(2).unwrap(), column(8)]);
        assert_chain_valid(&step, &marks);
    }

    #[test]
    fn an_x_cycle_makes_its_weak_links_strong() {
        // 5 in row 1 only at r1c2, r1c7; in row 3 only at r3c2, r3c8: a loop
        // r1c2=r1c7-r3c8=r3c2-r1c2 (a generalized x-wing).
        let marks = with_places(
            5,
            &[
                (row(1), cells(&[(1, 2), (1, 7)])),
                (row(3), cells(&[(3, 2), (3, 8)])),
            ],
        );
        let step = find(&marks, chains_only()).unwrap();
        assert_eq!(step.technique, Technique::XCycle);
        assert_eq!(step.difficulty.to_string(), "6.5");
        let mut expected: Vec<Cell> = cells(&[(2, 1), (2, 2), (2, 3), (2, 7), (2, 8), (2, 9)]);
        expected.extend((4..=9).map(|r| cell(r, 2)));
        expected.sort();
        let got: Vec<Cell> = step.eliminations.iter().map(|c| c.cell).collect();
        assert_eq!(got, expected);
        assert!(step.eliminations.iter().all(|c| c.digit == digit(5)));
        assert!(step.text.starts_with("X-cycle on 5: "), "{}", step.text);
        assert_chain_valid(&step, &marks);

        // Without cycles, the same links make chains, one weak link at a time.
        let step = find(&marks, TechniqueSet::EMPTY.with(Technique::XChain)).unwrap();
        assert_eq!(step.technique, Technique::XChain);
        assert_chain_valid(&step, &marks);
    }

    #[test]
    fn an_x_chain_from_a_candidate_back_to_itself_places_it() {
        // 5: row 1 at r1c1, r1c5; column 1 at r1c1, r4c1; row 5 at r5c2, r5c5.
        let marks = with_places(
            5,
            &[
                (row(1), cells(&[(1, 1), (1, 5)])),
                (column(1), cells(&[(1, 1), (4, 1)])),
                (row(5), cells(&[(5, 2), (5, 5)])),
            ],
        );
        let step = find(&marks, chains_only()).unwrap();
        assert_eq!(step.technique, Technique::XChain);
        assert_eq!(step.difficulty.to_string(), "6.6");
        assert_eq!(step.placements, vec![Candidate::new(cell(1, 1), digit(5))]);
        assert!(step.eliminations.is_empty());
        assert_eq!(
            step.text,
            "X-chain on 5: r1c1<>5 -> r4c1=5 -> r5c2<>5 -> r5c5=5 -> r1c5<>5 -> r1c1=5, \
             so r1c1=5 (taking it out forces it back)"
        );
        assert_chain_valid(&step, &marks);
    }

    /// Every digit everywhere but in the listed cells, which hold the listed digits.
    fn with_cells(list: &[((usize, usize), &[u8])]) -> Candidates {
        marks_from(|c| {
            list.iter()
                .find(|((r, col), _)| cell(*r, *col) == c)
                .map_or(DigitSet::ALL, |(_, digits)| {
                    digits.iter().map(|&d| digit(d)).collect()
                })
        })
    }

    #[test]
    fn a_y_chain_runs_through_bivalue_cells() {
        let marks = with_cells(&[((1, 1), &[1, 2]), ((1, 5), &[2, 3]), ((5, 5), &[1, 3])]);
        let step = find(&marks, chains_only()).unwrap();
        assert_eq!(step.technique, Technique::YChain);
        assert_eq!(step.difficulty.to_string(), "6.7");
        assert_eq!(
            step.text,
            "Y-chain: r1c1<>1 -> r1c1=2 -> r1c5<>2 -> r1c5=3 -> r5c5<>3 -> r5c5=1, \
             so r5c1<>1 (sees both ends)"
        );
        assert_chain_valid(&step, &marks);
    }

    #[test]
    fn a_y_cycle_clears_the_houses_of_its_weak_links() {
        let marks = with_cells(&[
            ((1, 1), &[1, 2]),
            ((1, 5), &[2, 3]),
            ((5, 5), &[3, 4]),
            ((5, 1), &[1, 4]),
        ]);
        let step = find(&marks, chains_only()).unwrap();
        assert_eq!(step.technique, Technique::YCycle);
        // Eight nodes: SE's length 6, one tenth over the base.
        assert_eq!(step.difficulty.to_string(), "6.6");
        let mut expected = Vec::new();
        for r in [2, 3, 4, 6, 7, 8, 9] {
            expected.push(Candidate::new(cell(r, 1), digit(1)));
            expected.push(Candidate::new(cell(r, 5), digit(3)));
        }
        for c in [2, 3, 4, 6, 7, 8, 9] {
            expected.push(Candidate::new(cell(1, c), digit(2)));
            expected.push(Candidate::new(cell(5, c), digit(4)));
        }
        expected.sort();
        assert_eq!(step.eliminations, expected);
        assert!(
            step.text.starts_with(
                "Y-cycle: r5c1=1 -> r1c1<>1 -> r1c1=2 -> r1c5<>2 -> r1c5=3 -> r5c5<>3 \
                 -> r5c5=4 -> r5c1<>4 -> r5c1=1 is a continuous loop, so its weak links \
                 are strong: r1c2<>2"
            ),
            "{}",
            step.text
        );
        assert_chain_valid(&step, &marks);
    }

    /// r1c1 holds 1 and 2; 2 in column 5 only at r1c5, r5c5; 1 in row 5 only
    /// at r5c5 and `partner`.
    fn mixed(partner: (usize, usize)) -> Candidates {
        marks_from(|c| {
            let mut set = DigitSet::ALL;
            if c == cell(1, 1) {
                return DigitSet::EMPTY.with(digit(1)).with(digit(2));
            }
            if column(5).cells().contains(c) && c != cell(1, 5) && c != cell(5, 5) {
                set.remove(digit(2));
            }
            if row(5).cells().contains(c) && c != cell(5, 5) && c != cell(partner.0, partner.1) {
                set.remove(digit(1));
            }
            set
        })
    }

    #[test]
    fn an_xy_chain_mixes_cell_and_house_links() {
        let marks = mixed((5, 3));
        let step = find(&marks, chains_only()).unwrap();
        assert_eq!(step.technique, Technique::XyChain);
        assert_eq!(step.difficulty.to_string(), "7.1");
        assert_eq!(
            step.text,
            "XY-chain: r1c1<>1 -> r1c1=2 -> r1c5<>2 -> r5c5=2 -> r5c5<>1 -> r5c3=1, \
             so r1c3<>1, r2c3<>1, r3c3<>1, r4c1<>1, r6c1<>1 (each sees both ends)"
        );
        assert_chain_valid(&step, &marks);

        // The general name when only that is allowed.
        let aic = find(&marks, TechniqueSet::EMPTY.with(Technique::Aic)).unwrap();
        assert_eq!(aic.technique, Technique::Aic);
        assert_eq!(aic.difficulty, step.difficulty);
        assert!(aic
            .text
            .starts_with("Alternating inference chain: r1c1<>1 -> "));
    }

    #[test]
    fn an_xy_cycle_removes_along_cell_and_house_links() {
        let marks = mixed((5, 1));
        let step = find(&marks, chains_only()).unwrap();
        assert_eq!(step.technique, Technique::XyCycle);
        assert_eq!(step.difficulty.to_string(), "7.0");
        let mut expected = Vec::new();
        for r in [2, 3, 4, 6, 7, 8, 9] {
            expected.push(Candidate::new(cell(r, 1), digit(1)));
        }
        for c in [2, 3, 4, 6, 7, 8, 9] {
            expected.push(Candidate::new(cell(1, c), digit(2)));
        }
        for d in 3..=9 {
            expected.push(Candidate::new(cell(5, 5), digit(d)));
        }
        expected.sort();
        assert_eq!(step.eliminations, expected);
        assert!(
            step.text.starts_with(
                "XY-cycle: r5c1=1 -> r1c1<>1 -> r1c1=2 -> r1c5<>2 -> r5c5=2 -> r5c5<>1 \
                 -> r5c1=1 is a continuous loop"
            ),
            "{}",
            step.text
        );
        assert_chain_valid(&step, &marks);
    }

    #[test]
    fn nothing_is_found_without_strong_links_or_allowed_techniques() {
        let marks = marks_from(|_| DigitSet::ALL);
        assert!(find(&marks, chains_only()).is_none());
        let marks = mixed((5, 3));
        assert!(find(&marks, "singles,x-chain,y-chain".parse().unwrap()).is_none());
    }

    #[test]
    fn the_samples_use_every_kind_soundly() {
        use Technique::*;
        // Singles, locked candidates and the chains: the families between
        // them (fish, wings, uniqueness, ALS) would take many of these states
        // first, and with the cheaper loops alone the walks stop too early.
        let basic: TechniqueSet = "singles,intersections,chains".parse().unwrap();
        for technique in [XCycle, XChain, YCycle, YChain, XyCycle, XyChain] {
            let found = states_using(technique, basic, 5, 3);
            assert!(!found.is_empty(), "no {technique} found");
            for (marks, step, solution) in &found {
                assert_sound(step, marks, solution);
                assert_chain_valid(step, marks);
            }
        }
        let allowed = "singles,intersections"
            .parse::<TechniqueSet>()
            .unwrap()
            .with(Aic);
        let found = states_using(Aic, allowed, 5, 3);
        assert!(!found.is_empty(), "no aic found");
    }

    #[test]
    fn chains_are_sound_on_random_states() {
        let mut rng = ChaCha8Rng::seed_from_u64(14);
        let mut steps = 0;
        for (round, (puzzle, solution)) in sample_puzzles(25).into_iter().enumerate() {
            let mut marks = Candidates::from_grid(&puzzle);
            // Thin the marks at random, keeping the solution's candidates.
            let keep = [3, 5, 7][round % 3];
            for candidate in marks.candidates().collect::<Vec<_>>() {
                let is_solution = solution.get(candidate.cell) == Some(candidate.digit);
                if !is_solution && crate::random::below(&mut rng, 10) >= keep {
                    marks.eliminate(candidate.cell, candidate.digit);
                }
            }
            for allowed in [chains_only(), "x-chain,y-chain,xy-chain".parse().unwrap()] {
                if let Some(step) = find(&marks, allowed) {
                    assert!(allowed.contains(step.technique));
                    assert_sound(&step, &marks, &solution);
                    assert_chain_valid(&step, &marks);
                    steps += 1;
                }
            }
        }
        assert!(steps > 50, "only {steps} steps");
    }

    /// Times the finder on states where the engine needs a chain:
    /// `cargo test --release -p sudokit --lib chains::tests::speed -- --ignored --nocapture`.
    #[test]
    #[ignore]
    fn speed() {
        let engine = LogicSolver::new().techniques("singles,intersections,chains".parse().unwrap());
        let mut states = Vec::new();
        for (puzzle, _) in sample_puzzles(5) {
            let mut marks = Candidates::from_grid(&puzzle);
            while let Some(step) = engine.next_step(&marks) {
                if step.chains.len() == 1 {
                    states.push(marks.clone());
                }
                step.apply(&mut marks);
            }
            // States where nothing is found cost the most: every walk runs out.
            if marks.contradiction().is_none() && !marks.is_solved() {
                states.push(marks);
            }
        }
        // The least of a few runs per state: the machine is shared.
        let timed = |marks: &Candidates, allowed: TechniqueSet| {
            let mut least = f64::MAX;
            let mut step = None;
            for _ in 0..5 {
                let started = std::time::Instant::now();
                step = find(marks, allowed);
                least = least.min(started.elapsed().as_secs_f64() * 1e6);
            }
            (least, step)
        };
        let mut times = [(0usize, 0f64, 0f64); 2];
        let mut slow = Vec::new();
        for marks in &states {
            let (micros, step) = timed(marks, TechniqueSet::ALL);
            let entry = &mut times[usize::from(step.is_some())];
            entry.0 += 1;
            entry.1 += micros;
            entry.2 = entry.2.max(micros);
            slow.push((micros, marks));
        }
        for (label, (count, total, max)) in ["nothing found", "a chain found"].iter().zip(times) {
            println!(
                "{label}: {count} states, {:.1} us per call, at most {max:.1} us",
                total / count.max(1) as f64
            );
        }
        slow.sort_by(|a, b| b.0.total_cmp(&a.0));
        for (micros, marks) in slow.iter().take(3) {
            let mut line = format!("{micros:.0} us, {} candidates:", marks.candidate_count());
            for set in ["x-cycle,x-chain", "y-cycle,y-chain", "xy-cycle,xy-chain"] {
                let (micros, step) = timed(marks, set.parse().unwrap());
                let rating = step.map_or("-".to_string(), |s| s.difficulty.to_string());
                line += &format!(" {set} {micros:.0} us ({rating})");
            }
            println!("{line}");
        }
    }
}
