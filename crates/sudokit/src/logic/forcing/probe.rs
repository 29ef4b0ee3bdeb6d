//! One branch of a nested forcing chain: an assumption (a candidate taken as
//! true or false) and everything that follows from it, with the cause of each
//! consequence kept so that the chain proving any of them can be rebuilt.
//!
//! Consequences are "nodes": candidate number times two, plus one when the
//! candidate is taken as true. Parents are always counted from the root
//! marks (the marks the whole search started from): a cell's last candidate
//! rests on the removal of every other candidate it had there. That is what
//! lets a branch nested inside another one name the outer branch's facts it
//! used (its "external" parents).

use std::rc::Rc;

use super::board::{cand, cells, digits, first_cell, Board, ALL_CELLS, CELL_HOUSES, HOUSES, PEERS};
use super::links::Links;
use super::tables::{Changes, RootTables, Verdict};

/// How strong a branch's propagation is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Mode {
    /// Singles that follow from one fact of the branch each: a cell that had
    /// two candidates where the branch started, or a digit that had two
    /// places in a house, losing one. These are the static links of forcing
    /// chains, and every chain of such a branch is a forcing chain or, when
    /// three or more paths meet at the contradiction, a multiple forcing
    /// chain (Sudoku Explainer's nested levels 2 and 3 nest those).
    Links,
    /// Singles only: the inner branches of nested level 1 while it looks for
    /// inner chains easier than nested ones (Sudoku Explainer's nested
    /// levels 2 to 4 nest chains without locked candidates).
    Singles,
    /// Singles and locked candidates (pointing and claiming): the inner
    /// branches of nested level 1.
    Plus,
    /// Singles, locked candidates, and removals proven by branches of the
    /// level below (level 1 uses `Plus` branches) run from inside this one.
    Nested(u8),
}

/// Why a node holds in a branch.
#[derive(Clone, Copy, Debug)]
pub(super) enum Cause {
    /// The branch's assumption.
    Assumed,
    /// Removed by placing this candidate in a peer cell or in the same cell.
    Peer(u16),
    /// The last candidate left in its cell.
    LastInCell,
    /// The last place left for its digit in this house.
    LastInHouse(u8),
    /// Locked candidates: in the first house the digit lies only where it
    /// meets the second, so it goes from the rest of the second.
    Locked(u8, u8),
    /// Taking it as true leads, by a branch of the level below, to a
    /// contradiction; the number of that proof among the branch's.
    Nested(u32),
}

/// A removal proven by a branch of the level below.
#[derive(Clone, Copy, Debug)]
struct Proof {
    /// The marks the inner branch started from.
    start: Board,
    /// The candidate it took as true.
    candidate: u16,
    /// Once read, where the outer facts it used are kept.
    used: Option<(u32, u32)>,
    /// Once read, the inner chain's complexity: the nodes its contradiction
    /// rests on, its own inner chains' complexities added.
    complexity: u32,
    /// Once read, the inner chain's shape.
    shape: Shape,
}

/// What an inner chain needs, as the chaining rule Sudoku Explainer's nested
/// chains would have to nest to find it (its levels 2 to 5), easiest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Shape {
    /// Every node follows from one node of the chain: a forcing X- or
    /// Y-chain on the outer branch's marks (SE's "forcing chains").
    Static,
    /// Static links, joined only at the contradiction, by three or more
    /// paths: a cell or region forcing chain (SE's "multiple forcing chains").
    Multiple,
    /// Some node follows from two or more of the chain's own nodes (a
    /// removal made by the chain itself): SE's dynamic forcing chains.
    Dynamic,
    /// The chain uses locked candidates, or nests chains itself: SE's
    /// nested forcing chains.
    Nested,
}

/// How a branch contradicts itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Conflict {
    /// An empty cell with no candidate left.
    NoCandidate(u8),
    /// A house with no place left for a digit (house, 0-based digit).
    NoPlace(u8, u8),
}

/// The node of candidate `cand` taken as true (`on`) or false.
pub(super) const fn node(cand: usize, on: bool) -> usize {
    cand * 2 + on as usize
}

/// A branch and its consequences.
pub(super) struct Probe {
    mode: Mode,
    root: Board,
    /// The marks the branch started from.
    start: Board,
    /// The marks as the branch has them.
    pub state: Board,
    /// Candidates the branch made true, per digit.
    on: [u128; 9],
    /// Candidates the branch made false, per digit.
    off: [u128; 9],
    /// Each derived node's cause (kept when `track`).
    cause: Vec<Cause>,
    /// Each derived node's place in `order`.
    seq: Vec<u16>,
    /// The nodes in the order they were derived.
    order: Vec<u16>,
    /// The outer facts nested proofs used, as ranges of node numbers.
    hidden: Vec<u16>,
    /// The removals proven by inner branches.
    proofs: Vec<Proof>,
    /// Scratch for walking ancestors: the nodes to visit, and those seen.
    stack: Vec<usize>,
    seen: [u128; 12],
    /// The contradiction the branch reached, if any.
    pub conflict: Option<Conflict>,
    /// The probe for branches run inside this one (nested levels).
    inner: Option<Box<Probe>>,
    /// The candidates still to try in this round (nested levels), last first.
    pending: Vec<u16>,
    /// Whether causes are kept (off for the inner branches of nested
    /// levels until one contradicts, for speed).
    pub track: bool,
    /// The root tables, for nested levels.
    pub tables: Option<Rc<RootTables>>,
    /// Scratch for the hidden singles of a round.
    hidden_singles: Vec<(usize, u8)>,
    /// Per digit, the houses to check for singles and contradictions.
    dirty_houses: [u32; 9],
    /// Per digit, the houses to check for locked candidates.
    dirty_locked: [u32; 9],
    /// Whether a round of tries (nested levels) has begun, and removed anything.
    round_started: bool,
    round_success: bool,
    /// The hardest shape of inner chain this branch looks for: it sets the
    /// strength of the inner branches of level 1 (links, singles or plus).
    pub cap: Shape,
}

/// What one round of singles did.
enum Round {
    Conflict,
    Placed,
    Nothing,
}

impl Probe {
    /// A probe of strength `mode` whose parents are counted from `root`.
    pub fn new(mode: Mode, root: Board) -> Probe {
        Probe {
            mode,
            root,
            start: root,
            state: root,
            on: [0; 9],
            off: [0; 9],
            cause: vec![Cause::Assumed; 1458],
            seq: vec![0; 1458],
            order: Vec::with_capacity(1458),
            hidden: Vec::new(),
            proofs: Vec::new(),
            stack: Vec::new(),
            seen: [0; 12],
            conflict: None,
            inner: None,
            pending: Vec::new(),
            track: true,
            tables: None,
            hidden_singles: Vec::new(),
            dirty_houses: [0; 9],
            dirty_locked: [0; 9],
            round_started: false,
            round_success: false,
            cap: Shape::Nested,
        }
    }

    /// The probe's strength.
    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// Runs the branch that assumes `assumption` (a node) on `start`, the
    /// marks the branch starts from (the root marks, or an outer branch's).
    pub fn run(&mut self, start: &Board, assumption: usize) {
        self.reset(start, [0; 9]);
        let (candidate, on) = (assumption / 2, assumption & 1 == 1);
        if on {
            self.place(candidate, Cause::Assumed);
        } else {
            self.eliminate(candidate, Cause::Assumed);
        }
        self.propagate();
    }

    /// Propagates from `start` (no assumption, no causes kept), checking
    /// first the houses `units` (per digit): whether that contradicts.
    pub fn settle(&mut self, start: &Board, units: [u32; 9]) {
        let track = self.track;
        self.track = false;
        self.reset(start, units);
        self.propagate();
        self.track = track;
    }

    /// Forgets the last branch; the next starts from `start`, with the houses
    /// `units` (per digit) to be checked.
    fn reset(&mut self, start: &Board, units: [u32; 9]) {
        self.state = *start;
        self.start = *start;
        self.on = [0; 9];
        self.off = [0; 9];
        self.order.clear();
        self.hidden.clear();
        self.proofs.clear();
        self.conflict = None;
        self.dirty_houses = units;
        self.dirty_locked = units;
        self.pending.clear();
        self.round_started = false;
    }

    /// Whether the branch derived `node`.
    pub fn derived(&self, node: usize) -> bool {
        let candidate = node / 2;
        let plane = if node & 1 == 1 { &self.on } else { &self.off };
        plane[candidate % 9] >> (candidate / 9) & 1 == 1
    }

    fn record(&mut self, node: usize, cause: Cause) {
        if self.track {
            self.cause[node] = cause;
            self.seq[node] = self.order.len() as u16;
            self.order.push(node as u16);
        }
        let candidate = node / 2;
        let plane = if node & 1 == 1 {
            &mut self.on
        } else {
            &mut self.off
        };
        plane[candidate % 9] |= 1 << (candidate / 9);
    }

    fn eliminate(&mut self, candidate: usize, cause: Cause) {
        let (cell, d) = (candidate / 9, candidate % 9);
        if self.state.cands[d] >> cell & 1 == 0 {
            return;
        }
        self.state.cands[d] &= !(1 << cell);
        self.touch(cell, d);
        self.record(node(candidate, false), cause);
    }

    fn place(&mut self, candidate: usize, cause: Cause) {
        let (cell, d) = (candidate / 9, candidate % 9);
        self.record(node(candidate, true), cause);
        let why = Cause::Peer(candidate as u16);
        for other in digits(self.state.cell_digits(cell) & !(1 << d)) {
            self.eliminate(cand(cell, other), why);
        }
        self.state.cands[d] &= !(1 << cell);
        self.state.placed[d] |= 1 << cell;
        self.touch(cell, d);
        for peer in cells(self.state.cands[d] & PEERS[cell]) {
            self.eliminate(cand(peer, d), why);
        }
    }

    /// Notes that digit `d` changed in `cell`: its houses are to be checked again.
    fn touch(&mut self, cell: usize, d: usize) {
        let [row, column, bx] = CELL_HOUSES[cell];
        let houses = 1u32 << row | 1 << column | 1 << bx;
        self.dirty_houses[d] |= houses;
        self.dirty_locked[d] |= houses;
    }

    fn propagate(&mut self) {
        loop {
            match self.singles() {
                Round::Conflict => return,
                Round::Placed => continue,
                Round::Nothing => {}
            }
            if self.mode >= Mode::Plus && self.locked() {
                continue;
            }
            if let Mode::Nested(level) = self.mode {
                if self.failed_literal(level) {
                    continue;
                }
            }
            return;
        }
    }

    /// Finds contradictions, then places naked and hidden singles.
    fn singles(&mut self) -> Round {
        let state = &self.state;
        let (mut any, mut two) = (0u128, 0u128);
        for plane in state.cands {
            two |= any & plane;
            any |= plane;
        }
        let empty = ALL_CELLS & !state.filled();
        let dead = empty & !any;
        if dead != 0 {
            self.conflict = Some(Conflict::NoCandidate(first_cell(dead) as u8));
            return Round::Conflict;
        }
        let mut hidden = std::mem::take(&mut self.hidden_singles);
        hidden.clear();
        for d in 0..9 {
            let mut work = self.dirty_houses[d];
            if work == 0 {
                continue;
            }
            self.dirty_houses[d] = 0;
            let plane = state.cands[d];
            while work != 0 {
                let house = work.trailing_zeros() as usize;
                work &= work - 1;
                let mask = HOUSES[house];
                let places = plane & mask;
                if places == 0 {
                    if state.placed[d] & mask == 0 {
                        self.conflict = Some(Conflict::NoPlace(house as u8, d as u8));
                        self.hidden_singles = hidden;
                        return Round::Conflict;
                    }
                } else if places & (places - 1) == 0
                    && (self.mode != Mode::Links || (self.start.cands[d] & mask).count_ones() == 2)
                {
                    hidden.push((cand(first_cell(places), d), house as u8));
                }
            }
        }
        let naked = any & !two & empty;
        let mut placed = false;
        for cell in cells(naked) {
            let mask = self.state.cell_digits(cell);
            let linked = self.mode != Mode::Links || self.start.cell_digits(cell).count_ones() == 2;
            if mask.count_ones() == 1 && linked {
                self.place(
                    cand(cell, mask.trailing_zeros() as usize),
                    Cause::LastInCell,
                );
                placed = true;
            }
        }
        for &(candidate, house) in &hidden {
            if self.state.has(candidate) {
                self.place(candidate, Cause::LastInHouse(house));
                placed = true;
            }
        }
        self.hidden_singles = hidden;
        if placed {
            Round::Placed
        } else {
            Round::Nothing
        }
    }

    /// Pointing and claiming on the branch's marks; whether anything went.
    fn locked(&mut self) -> bool {
        let mut removed = false;
        for d in 0..9 {
            let mut work = self.dirty_locked[d];
            self.dirty_locked[d] = 0;
            while work != 0 {
                let source = work.trailing_zeros() as usize;
                work &= work - 1;
                let places = self.state.cands[d] & HOUSES[source];
                if places == 0 {
                    continue;
                }
                let first = first_cell(places);
                let [row, column, bx] = CELL_HOUSES[first].map(usize::from);
                if source >= 18 {
                    removed |= self.lock(d, source, row);
                    removed |= self.lock(d, source, column);
                } else {
                    removed |= self.lock(d, source, bx);
                }
            }
        }
        removed
    }

    /// If digit `d` lies in `source` only where it meets `target`, removes it
    /// from the rest of `target`; whether anything went.
    fn lock(&mut self, d: usize, source: usize, target: usize) -> bool {
        let places = self.state.cands[d] & HOUSES[source];
        if places == 0 || places & !HOUSES[target] != 0 {
            return false;
        }
        let gone = self.state.cands[d] & HOUSES[target] & !HOUSES[source];
        for cell in cells(gone) {
            self.eliminate(cand(cell, d), Cause::Locked(source as u8, target as u8));
        }
        gone != 0
    }

    /// Tries the candidates in turn, going on from where the last try
    /// stopped, until one taken as true leads (by a branch of the level
    /// below) to a contradiction, and removes it; whether one did. A full
    /// round with no removal ends the tries.
    fn failed_literal(&mut self, level: u8) -> bool {
        let inner_mode = if level <= 1 && self.cap < Shape::Dynamic {
            Mode::Links
        } else if level <= 1 && self.cap < Shape::Nested {
            Mode::Singles
        } else if level <= 1 {
            Mode::Plus
        } else {
            Mode::Nested(level - 1)
        };
        let mut inner = self.inner.take().unwrap_or_else(|| {
            let mut inner = Probe::new(inner_mode, self.root);
            inner.track = false;
            inner.tables = self.tables.clone();
            Box::new(inner)
        });
        let tables = self.tables.clone();
        let changes = tables
            .as_ref()
            .map(|_| Changes::between(&self.root, &self.state));
        let mut start = self.state;
        let mut quick_links = (inner_mode == Mode::Links).then(|| Links::new(&self.state));
        let mut found = None;
        while found.is_none() {
            if self.pending.is_empty() {
                if self.round_started && !self.round_success {
                    break;
                }
                self.round_started = true;
                self.round_success = false;
                let mut order = self.state.candidate_list();
                order.reverse();
                self.pending.extend(order.into_iter().map(|c| c as u16));
                if self.pending.is_empty() {
                    break;
                }
            }
            let Some(candidate) = self.pending.pop() else {
                break;
            };
            let candidate = usize::from(candidate);
            if !self.state.has(candidate) {
                continue;
            }
            let verdict = tables
                .as_ref()
                .zip(changes.as_ref())
                .map(|(tables, changes)| tables.verdict(changes, candidate, &mut start));
            // The tables are those of the inner branches of level 1: deeper,
            // they only tell where the stronger branch surely fails.
            // Branches of links hold where branches of singles hold; they
            // must run otherwise.
            let is_links = inner_mode == Mode::Links;
            match verdict {
                Some(Verdict::Fails) if !is_links => {}
                Some(Verdict::Holds) if level <= 1 => continue,
                Some(Verdict::Unknown(units)) if level <= 1 && !is_links => {
                    inner.settle(&start, units);
                    if inner.conflict.is_none() {
                        continue;
                    }
                }
                _ => {
                    if let Some(links) = quick_links.as_mut() {
                        if !links.fails(candidate) {
                            continue;
                        }
                    } else {
                        inner.run(&self.state, node(candidate, true));
                        if inner.conflict.is_none() {
                            continue;
                        }
                    }
                }
            }
            // The facts the inner branch used, its complexity and its shape
            // are found only if the proof is read.
            let proof = self.proofs.len();
            self.proofs.push(Proof {
                start: self.state,
                candidate: candidate as u16,
                used: None,
                complexity: 0,
                shape: Shape::Static,
            });
            self.round_success = true;
            found = Some((candidate, proof as u32));
        }
        self.inner = Some(inner);
        let Some((candidate, proof)) = found else {
            return false;
        };
        self.eliminate(candidate, Cause::Nested(proof));
        true
    }

    /// The outer facts nested proof number `proof` uses: the inner branch is
    /// run again, keeping causes this time.
    fn resolve(&mut self, proof: usize) -> (u32, u32) {
        if let Some(range) = self.proofs[proof].used {
            return range;
        }
        let Some(mut inner) = self.inner.take() else {
            return (0, 0);
        };
        let Proof {
            start, candidate, ..
        } = self.proofs[proof];
        inner.track = true;
        inner.run(&start, node(usize::from(candidate), true));
        debug_assert!(inner.conflict.is_some(), "nested proofs replay");
        let external = inner.external_parents();
        let parents = inner.conflict_parents();
        let complexity = inner.complexity(&parents);
        let shape = inner.shape(&parents);
        inner.track = false;
        self.inner = Some(inner);
        let first = self.hidden.len() as u32;
        self.hidden.extend(external.iter().map(|&n| n as u16));
        let range = (first, self.hidden.len() as u32);
        self.proofs[proof].used = Some(range);
        self.proofs[proof].complexity = complexity as u32;
        self.proofs[proof].shape = shape;
        range
    }

    /// Adds the nodes `node` rests on directly to `out` (for a removal proven
    /// by an inner branch, only when `nested`: finding them runs it again).
    fn push_parents(&mut self, node: usize, nested: bool, out: &mut Vec<usize>) {
        let candidate = node / 2;
        let (cell, d) = (candidate / 9, candidate % 9);
        let off = |c: usize| self::node(cand(c, d), false);
        match self.cause[node] {
            Cause::Assumed => {}
            Cause::Peer(by) => out.push(self::node(usize::from(by), true)),
            Cause::LastInCell => out.extend(
                digits(self.root.cell_digits(cell) & !(1 << d))
                    .map(|other| self::node(cand(cell, other), false)),
            ),
            Cause::LastInHouse(house) => out.extend(
                cells(self.root.cands[d] & HOUSES[usize::from(house)] & !(1 << cell)).map(off),
            ),
            Cause::Locked(source, target) => out.extend(
                cells(
                    self.root.cands[d] & HOUSES[usize::from(source)] & !HOUSES[usize::from(target)],
                )
                .map(off),
            ),
            Cause::Nested(_) if !nested => {}
            Cause::Nested(proof) => {
                let (first, end) = self.resolve(proof as usize);
                out.extend(
                    self.hidden[first as usize..end as usize]
                        .iter()
                        .map(|&n| usize::from(n)),
                );
            }
        }
    }

    /// The nodes the contradiction rests on directly.
    pub fn conflict_parents(&self) -> Vec<usize> {
        match self.conflict {
            None => Vec::new(),
            Some(Conflict::NoCandidate(cell)) => {
                let cell = usize::from(cell);
                digits(self.root.cell_digits(cell))
                    .map(|d| node(cand(cell, d), false))
                    .collect()
            }
            Some(Conflict::NoPlace(house, d)) => {
                let d = usize::from(d);
                cells(self.root.cands[d] & HOUSES[usize::from(house)])
                    .map(|c| node(cand(c, d), false))
                    .collect()
            }
        }
    }

    /// Everything `targets` rest on: the branch's own nodes in the order they
    /// were derived (the targets included), and the nodes from outside the
    /// branch (an outer branch's facts) they use.
    pub fn ancestors(&mut self, targets: &[usize]) -> (Vec<usize>, Vec<usize>) {
        let mut inside = Vec::new();
        let mut outside = Vec::new();
        self.walk(targets, true, |node, own| {
            if own {
                inside.push(node);
            } else {
                outside.push(node);
            }
        });
        inside.sort_unstable_by_key(|&n| self.seq[n]);
        outside.sort_unstable();
        (inside, outside)
    }

    /// A lower bound of [`Probe::complexity`], cheap to find: the outer
    /// facts inner branches used are not followed, but the complexities of
    /// inner branches already read are counted.
    pub fn complexity_bound(&mut self, targets: &[usize]) -> usize {
        let mut own = Vec::new();
        self.walk(targets, false, |node, mine| {
            if mine {
                own.push(node);
            }
        });
        own.len() + self.inner_complexity(&own)
    }

    /// The complexity of the chain proving `targets`, as Sudoku Explainer
    /// counts a nested chain's: the branch's own nodes they rest on, plus,
    /// once for each inner branch whose removal they use, that branch's
    /// complexity (the nodes of the inner chain, counted the same way).
    pub fn complexity(&mut self, targets: &[usize]) -> usize {
        let mut own = Vec::new();
        self.walk(targets, true, |node, mine| {
            if mine {
                own.push(node);
            }
        });
        own.len() + self.inner_complexity(&own)
    }

    /// The hardest shape of the inner chains the chain proving `targets`
    /// uses (call after [`Probe::complexity`], which reads them all).
    pub fn used_shape(&mut self, targets: &[usize]) -> Shape {
        let mut own = Vec::new();
        self.walk(targets, true, |node, mine| {
            if mine {
                own.push(node);
            }
        });
        own.iter()
            .filter_map(|&n| match self.cause[n] {
                Cause::Nested(proof) => Some(self.proofs[proof as usize].shape),
                _ => None,
            })
            .max()
            .unwrap_or(Shape::Static)
    }

    /// The complexities, added, of the distinct inner branches that proved
    /// removals among `own` (0 for those not read yet).
    fn inner_complexity(&self, own: &[usize]) -> usize {
        let mut proofs: Vec<u32> = own
            .iter()
            .filter_map(|&n| match self.cause[n] {
                Cause::Nested(proof) => Some(proof),
                _ => None,
            })
            .collect();
        proofs.sort_unstable();
        proofs.dedup();
        proofs
            .iter()
            .map(|&p| self.proofs[p as usize].complexity as usize)
            .sum()
    }

    /// The shape of the chain of this branch proving `targets` (the
    /// contradiction's parents), its own nested chains left out.
    pub fn shape(&mut self, targets: &[usize]) -> Shape {
        let mut own = Vec::new();
        self.walk(targets, false, |node, mine| {
            if mine {
                own.push(node);
            }
        });
        let mut shape = match targets.iter().filter(|&&n| self.derived(n)).count() {
            0..=2 => Shape::Static,
            _ => Shape::Multiple,
        };
        let mut parents = Vec::new();
        for node in own {
            match self.cause[node] {
                Cause::Locked(..) | Cause::Nested(_) => return Shape::Nested,
                _ => {}
            }
            parents.clear();
            self.push_parents(node, false, &mut parents);
            if parents.iter().filter(|&&n| self.derived(n)).count() >= 2 {
                shape = Shape::Dynamic;
            }
        }
        shape
    }

    /// Visits once each node `targets` rest on, saying whether the branch
    /// derived it (or it comes from outside).
    fn walk(&mut self, targets: &[usize], nested: bool, mut visit: impl FnMut(usize, bool)) {
        self.seen = [0; 12];
        let mut stack = std::mem::take(&mut self.stack);
        stack.clear();
        stack.extend_from_slice(targets);
        while let Some(next) = stack.pop() {
            if self.reached(next) {
                continue;
            }
            self.seen[next / 128] |= 1 << (next % 128);
            let own = self.derived(next);
            visit(next, own);
            if own {
                self.push_parents(next, nested, &mut stack);
            }
        }
        self.stack = stack;
    }

    /// Whether the last walk reached `node`.
    fn reached(&self, node: usize) -> bool {
        self.seen[node / 128] >> (node % 128) & 1 == 1
    }

    /// The outer facts the branch's contradiction uses.
    fn external_parents(&mut self) -> Vec<usize> {
        let parents = self.conflict_parents();
        self.ancestors(&parents).1
    }
}
