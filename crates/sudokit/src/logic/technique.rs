//! The techniques the logic engine knows, their names, their base difficulty
//! on Sudoku Explainer's scale, and sets of them.

use std::fmt;
use std::str::FromStr;

/// A named solving technique.
///
/// [`Technique::base_difficulty`] is Sudoku Explainer's value where SE knows the
/// technique; the few that SE lacks (finned and sashimi fish, skyscraper,
/// two-string kite, empty rectangle, W-wing, ALS-XZ, AIC) get values placed
/// among SE's by the chains they shorten (see `docs/LOGIC.md`).
///
/// ```
/// use sudokit::logic::Technique;
/// let t: Technique = "hidden-single-box".parse().unwrap();
/// assert_eq!(t.name(), "hidden single");
/// assert_eq!(t.base_difficulty().to_string(), "1.2");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[non_exhaustive]
#[repr(u8)]
pub enum Technique {
    /// The last empty cell of a house.
    FullHouse,
    /// The only place for a digit in a box.
    HiddenSingleBox,
    /// The only place for a digit in a row or column.
    HiddenSingleLine,
    /// A pointing whose eliminations leave a hidden single in another box
    /// (Sudoku Explainer's direct pointing): it places that digit.
    DirectPointing,
    /// A claiming whose eliminations leave a hidden single in another line of
    /// the same kind (SE's direct claiming): it places that digit.
    DirectClaiming,
    /// A hidden pair whose eliminations leave a hidden single in its house
    /// (SE's direct hidden pair): it places that digit.
    DirectHiddenPair,
    /// The only digit left for a cell.
    NakedSingle,
    /// A hidden triple whose eliminations leave a hidden single in its house
    /// (SE's direct hidden triple): it places that digit.
    DirectHiddenTriple,
    /// A digit of a box confined to one row or column of it.
    Pointing,
    /// A digit of a row or column confined to one box.
    Claiming,
    /// Two cells of a house with the same two candidates.
    NakedPair,
    /// Three cells of a house holding only three digits between them.
    NakedTriple,
    /// Four cells of a house holding only four digits between them.
    NakedQuad,
    /// Two digits confined to the same two cells of a house.
    HiddenPair,
    /// Three digits confined to three cells of a house.
    HiddenTriple,
    /// Four digits confined to four cells of a house.
    HiddenQuad,
    /// Basic fish of size 2.
    XWing,
    /// Basic fish of size 3.
    Swordfish,
    /// Basic fish of size 4.
    Jellyfish,
    /// X-wing with extra candidates (fins) in one box.
    FinnedXWing,
    /// Swordfish with fins.
    FinnedSwordfish,
    /// Jellyfish with fins.
    FinnedJellyfish,
    /// Finned X-wing whose fin box lacks a base candidate.
    SashimiXWing,
    /// Sashimi swordfish.
    SashimiSwordfish,
    /// Sashimi jellyfish.
    SashimiJellyfish,
    /// Two strong links on a digit in parallel lines with one end aligned.
    Skyscraper,
    /// A row and a column strong link joined in a box.
    TwoStringKite,
    /// A digit's candidates in a box confined to one row and one column, with a strong link.
    EmptyRectangle,
    /// Pivot and two pincers, bivalue cells xy, xz, yz.
    XyWing,
    /// Pivot xyz with pincers xz and yz.
    XyzWing,
    /// Two bivalue cells with the same digits joined by a strong link.
    WWing,
    /// Unique rectangle, type 1.
    UniqueRectangleType1,
    /// Unique rectangle, type 2.
    UniqueRectangleType2,
    /// Unique rectangle, type 3.
    UniqueRectangleType3,
    /// Unique rectangle, type 4.
    UniqueRectangleType4,
    /// Unique loop (6 cells or more), type 1.
    UniqueLoopType1,
    /// Unique loop, type 2.
    UniqueLoopType2,
    /// Unique loop, type 3.
    UniqueLoopType3,
    /// Unique loop, type 4.
    UniqueLoopType4,
    /// Bivalue universal grave, type 1.
    BugType1,
    /// BUG type 2.
    BugType2,
    /// BUG type 3.
    BugType3,
    /// BUG type 4.
    BugType4,
    /// Almost locked sets joined by a restricted common digit.
    AlsXz,
    /// Aligned pair exclusion.
    AlignedPairExclusion,
    /// Aligned triple exclusion.
    AlignedTripleExclusion,
    /// A loop of strong and weak links on one digit.
    XCycle,
    /// A chain of strong and weak links on one digit.
    XChain,
    /// A loop through bivalue cells (links within cells only).
    YCycle,
    /// A chain through bivalue cells.
    YChain,
    /// A loop mixing links within cells and within houses.
    XyCycle,
    /// A chain mixing links within cells and within houses.
    XyChain,
    /// Alternating inference chain: strong and weak links of every kind.
    Aic,
    /// An assumption on one digit that contradicts itself (Sudoku Explainer's
    /// Nishio forcing chain).
    NishioForcingChain,
    /// Every candidate of a cell forces the same conclusion.
    CellForcingChain,
    /// Every place of a digit in a house forces the same conclusion.
    UnitForcingChain,
    /// Forcing chains whose links use every earlier consequence.
    DynamicForcingChain,
    /// Dynamic forcing chains that also use the basic techniques along the way.
    DynamicForcingChainPlus,
    /// Forcing chains that use forcing chains within them.
    NestedForcingChain,
}

/// How many techniques there are.
const COUNT: usize = Technique::NestedForcingChain as usize + 1;

impl Technique {
    /// Every technique, easiest families first (the engine tries them by difficulty).
    pub const ALL: [Technique; COUNT] = {
        use Technique::*;
        [
            FullHouse,
            HiddenSingleBox,
            HiddenSingleLine,
            DirectPointing,
            DirectClaiming,
            DirectHiddenPair,
            NakedSingle,
            DirectHiddenTriple,
            Pointing,
            Claiming,
            NakedPair,
            NakedTriple,
            NakedQuad,
            HiddenPair,
            HiddenTriple,
            HiddenQuad,
            XWing,
            Swordfish,
            Jellyfish,
            FinnedXWing,
            FinnedSwordfish,
            FinnedJellyfish,
            SashimiXWing,
            SashimiSwordfish,
            SashimiJellyfish,
            Skyscraper,
            TwoStringKite,
            EmptyRectangle,
            XyWing,
            XyzWing,
            WWing,
            UniqueRectangleType1,
            UniqueRectangleType2,
            UniqueRectangleType3,
            UniqueRectangleType4,
            UniqueLoopType1,
            UniqueLoopType2,
            UniqueLoopType3,
            UniqueLoopType4,
            BugType1,
            BugType2,
            BugType3,
            BugType4,
            AlsXz,
            AlignedPairExclusion,
            AlignedTripleExclusion,
            XCycle,
            XChain,
            YCycle,
            YChain,
            XyCycle,
            XyChain,
            Aic,
            NishioForcingChain,
            CellForcingChain,
            UnitForcingChain,
            DynamicForcingChain,
            DynamicForcingChainPlus,
            NestedForcingChain,
        ]
    };

    /// The name players use, lower case: `hidden single`, `x-wing`.
    pub const fn name(self) -> &'static str {
        use Technique::*;
        match self {
            FullHouse => "full house",
            HiddenSingleBox | HiddenSingleLine => "hidden single",
            NakedSingle => "naked single",
            DirectPointing => "direct pointing",
            DirectClaiming => "direct claiming",
            DirectHiddenPair => "direct hidden pair",
            DirectHiddenTriple => "direct hidden triple",
            Pointing => "pointing",
            Claiming => "claiming",
            NakedPair => "naked pair",
            NakedTriple => "naked triple",
            NakedQuad => "naked quad",
            HiddenPair => "hidden pair",
            HiddenTriple => "hidden triple",
            HiddenQuad => "hidden quad",
            XWing => "x-wing",
            Swordfish => "swordfish",
            Jellyfish => "jellyfish",
            FinnedXWing => "finned x-wing",
            FinnedSwordfish => "finned swordfish",
            FinnedJellyfish => "finned jellyfish",
            SashimiXWing => "sashimi x-wing",
            SashimiSwordfish => "sashimi swordfish",
            SashimiJellyfish => "sashimi jellyfish",
            Skyscraper => "skyscraper",
            TwoStringKite => "two-string kite",
            EmptyRectangle => "empty rectangle",
            XyWing => "xy-wing",
            XyzWing => "xyz-wing",
            WWing => "w-wing",
            UniqueRectangleType1 => "unique rectangle type 1",
            UniqueRectangleType2 => "unique rectangle type 2",
            UniqueRectangleType3 => "unique rectangle type 3",
            UniqueRectangleType4 => "unique rectangle type 4",
            UniqueLoopType1 => "unique loop type 1",
            UniqueLoopType2 => "unique loop type 2",
            UniqueLoopType3 => "unique loop type 3",
            UniqueLoopType4 => "unique loop type 4",
            BugType1 => "bug type 1",
            BugType2 => "bug type 2",
            BugType3 => "bug type 3",
            BugType4 => "bug type 4",
            AlsXz => "als-xz",
            AlignedPairExclusion => "aligned pair exclusion",
            AlignedTripleExclusion => "aligned triple exclusion",
            XCycle => "x-cycle",
            XChain => "x-chain",
            YCycle => "y-cycle",
            YChain => "y-chain",
            XyCycle => "xy-cycle",
            XyChain => "xy-chain",
            Aic => "alternating inference chain",
            NishioForcingChain => "nishio forcing chain",
            CellForcingChain => "cell forcing chain",
            UnitForcingChain => "unit forcing chain",
            DynamicForcingChain => "dynamic forcing chain",
            DynamicForcingChainPlus => "dynamic forcing chain plus",
            NestedForcingChain => "nested forcing chain",
        }
    }

    /// The identifier used on the command line and in JSON: the name with
    /// dashes, and the house kind for hidden singles (`hidden-single-box`,
    /// `hidden-single-line`).
    pub fn id(self) -> String {
        match self {
            Technique::HiddenSingleBox => "hidden-single-box".to_string(),
            Technique::HiddenSingleLine => "hidden-single-line".to_string(),
            other => other.name().replace(' ', "-"),
        }
    }

    /// The difficulty of the simplest step of this technique (longer chains,
    /// bigger loops and extra digits add to it).
    pub const fn base_difficulty(self) -> Difficulty {
        use Technique::*;
        Difficulty(match self {
            FullHouse => 10,
            HiddenSingleBox => 12,
            HiddenSingleLine => 15,
            DirectPointing => 17,
            DirectClaiming => 19,
            DirectHiddenPair => 20,
            NakedSingle => 23,
            DirectHiddenTriple => 25,
            Pointing => 26,
            Claiming => 28,
            NakedPair => 30,
            XWing => 32,
            HiddenPair => 34,
            FinnedXWing => 35,
            SashimiXWing => 36,
            NakedTriple => 36,
            Swordfish => 38,
            HiddenTriple => 40,
            Skyscraper => 34,
            FinnedSwordfish => 40,
            TwoStringKite => 34,
            SashimiSwordfish => 41,
            XyWing => 42,
            EmptyRectangle => 35,
            XyzWing => 44,
            WWing => 44,
            UniqueRectangleType1 | UniqueRectangleType2 | UniqueRectangleType4 => 45,
            UniqueRectangleType3 => 45,
            UniqueLoopType1 | UniqueLoopType2 | UniqueLoopType3 | UniqueLoopType4 => 46,
            NakedQuad => 50,
            Jellyfish => 52,
            HiddenQuad => 54,
            FinnedJellyfish => 54,
            SashimiJellyfish => 55,
            BugType1 => 56,
            BugType2 | BugType3 | BugType4 => 57,
            AlsXz => 55,
            AlignedPairExclusion => 62,
            XCycle | YCycle => 65,
            XChain | YChain => 66,
            XyCycle | XyChain | Aic => 70,
            AlignedTripleExclusion | NishioForcingChain => 75,
            CellForcingChain | UnitForcingChain => 80,
            DynamicForcingChain => 85,
            DynamicForcingChainPlus => 90,
            NestedForcingChain => 95,
        })
    }

    /// Whether the technique assumes the puzzle has exactly one solution.
    pub const fn needs_uniqueness(self) -> bool {
        use Technique::*;
        matches!(
            self,
            UniqueRectangleType1
                | UniqueRectangleType2
                | UniqueRectangleType3
                | UniqueRectangleType4
                | UniqueLoopType1
                | UniqueLoopType2
                | UniqueLoopType3
                | UniqueLoopType4
                | BugType1
                | BugType2
                | BugType3
                | BugType4
        )
    }
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is neither a technique nor a group of them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownTechnique(pub String);

impl fmt::Display for UnknownTechnique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown technique {:?} (try singles, direct, intersections, subsets, fish, \
             single-digit, wings, uniqueness, als, exclusion, chains, forcing, se, all, \
             or a name such as x-wing)",
            self.0
        )
    }
}

impl std::error::Error for UnknownTechnique {}

impl FromStr for Technique {
    type Err = UnknownTechnique;

    fn from_str(text: &str) -> Result<Technique, UnknownTechnique> {
        let wanted = text.trim().to_ascii_lowercase().replace([' ', '_'], "-");
        Technique::ALL
            .into_iter()
            .find(|t| t.id() == wanted)
            .ok_or_else(|| UnknownTechnique(text.to_string()))
    }
}

/// A difficulty on Sudoku Explainer's scale, kept in tenths (`1.2` is 12).
///
/// ```
/// use sudokit::logic::Difficulty;
/// let d = Difficulty::from_tenths(66);
/// assert_eq!(d.to_string(), "6.6");
/// assert_eq!(d.value(), 6.6);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Difficulty(u16);

impl Difficulty {
    /// The difficulty of `tenths` tenths.
    pub const fn from_tenths(tenths: u16) -> Difficulty {
        Difficulty(tenths)
    }

    /// The difficulty in tenths.
    pub const fn tenths(self) -> u16 {
        self.0
    }

    /// The difficulty as a number, `6.6`.
    pub fn value(self) -> f64 {
        f64::from(self.0) / 10.0
    }

    /// This difficulty plus `tenths` tenths.
    #[must_use]
    pub const fn plus(self, tenths: u16) -> Difficulty {
        Difficulty(self.0 + tenths)
    }
}

impl fmt::Display for Difficulty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}", self.0 / 10, self.0 % 10)
    }
}

/// Sudoku Explainer's length bonus for chains, in tenths: 0.1 each time the
/// length passes 4, 6, 8, 12, 16, 24, 32, 48, 64, ... (each bound alternately
/// times 3/2 and 4/3).
///
/// ```
/// use sudokit::logic::chain_length_bonus;
/// assert_eq!(chain_length_bonus(4), 0);
/// assert_eq!(chain_length_bonus(5), 1);
/// assert_eq!(chain_length_bonus(7), 2);
/// assert_eq!(chain_length_bonus(13), 4);
/// ```
pub fn chain_length_bonus(length: usize) -> u16 {
    let mut bonus = 0;
    let mut bound = 4;
    let mut times_three_halves = true;
    while length > bound {
        bonus += 1;
        bound = if times_three_halves {
            bound * 3 / 2
        } else {
            bound * 4 / 3
        };
        times_three_halves = !times_three_halves;
    }
    bonus
}

/// A set of techniques: what the engine may use.
///
/// ```
/// use sudokit::logic::{Technique, TechniqueSet};
/// let singles: TechniqueSet = "singles".parse().unwrap();
/// assert!(singles.contains(Technique::NakedSingle));
/// assert!(!singles.contains(Technique::XWing));
/// let more: TechniqueSet = "singles,x-wing".parse().unwrap();
/// assert!(more.contains(Technique::XWing));
/// assert!(TechniqueSet::ALL.contains(Technique::NestedForcingChain));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TechniqueSet(u64);

impl Default for TechniqueSet {
    fn default() -> TechniqueSet {
        TechniqueSet::ALL
    }
}

impl TechniqueSet {
    /// Every technique.
    pub const ALL: TechniqueSet = TechniqueSet((1u64 << COUNT) - 1);
    /// No technique.
    pub const EMPTY: TechniqueSet = TechniqueSet(0);

    /// Whether `technique` is in the set.
    pub const fn contains(self, technique: Technique) -> bool {
        self.0 >> technique as u8 & 1 == 1
    }

    /// The set with `technique` added.
    #[must_use]
    pub const fn with(self, technique: Technique) -> TechniqueSet {
        TechniqueSet(self.0 | 1u64 << technique as u8)
    }

    /// The set with `technique` removed.
    #[must_use]
    pub const fn without(self, technique: Technique) -> TechniqueSet {
        TechniqueSet(self.0 & !(1u64 << technique as u8))
    }

    /// The union of two sets.
    #[must_use]
    pub const fn union(self, other: TechniqueSet) -> TechniqueSet {
        TechniqueSet(self.0 | other.0)
    }

    /// The techniques in the set, in the order the engine tries them.
    pub fn iter(self) -> impl Iterator<Item = Technique> {
        Technique::ALL
            .into_iter()
            .filter(move |&t| self.contains(t))
    }

    /// A named group of techniques: `singles`, `direct` (SE's direct
    /// pointing, claiming, hidden pair and triple, which are also in
    /// `intersections` and `subsets`), `intersections`, `subsets`, `fish`,
    /// `single-digit`, `wings`, `uniqueness`, `als`, `exclusion`, `chains`,
    /// `forcing`, `all`.
    pub fn group(name: &str) -> Option<TechniqueSet> {
        use Technique::*;
        let list: &[Technique] = match name {
            "singles" => &[FullHouse, HiddenSingleBox, HiddenSingleLine, NakedSingle],
            "hidden-single" => &[HiddenSingleBox, HiddenSingleLine],
            "direct" => &[
                DirectPointing,
                DirectClaiming,
                DirectHiddenPair,
                DirectHiddenTriple,
            ],
            "intersections" | "locked-candidates" => {
                &[DirectPointing, DirectClaiming, Pointing, Claiming]
            }
            "subsets" => &[
                DirectHiddenPair,
                DirectHiddenTriple,
                NakedPair,
                NakedTriple,
                NakedQuad,
                HiddenPair,
                HiddenTriple,
                HiddenQuad,
            ],
            "fish" => &[
                XWing,
                Swordfish,
                Jellyfish,
                FinnedXWing,
                FinnedSwordfish,
                FinnedJellyfish,
                SashimiXWing,
                SashimiSwordfish,
                SashimiJellyfish,
            ],
            "single-digit" => &[Skyscraper, TwoStringKite, EmptyRectangle],
            "wings" => &[XyWing, XyzWing, WWing],
            "uniqueness" => &[
                UniqueRectangleType1,
                UniqueRectangleType2,
                UniqueRectangleType3,
                UniqueRectangleType4,
                UniqueLoopType1,
                UniqueLoopType2,
                UniqueLoopType3,
                UniqueLoopType4,
                BugType1,
                BugType2,
                BugType3,
                BugType4,
            ],
            "als" => &[AlsXz],
            "exclusion" => &[AlignedPairExclusion, AlignedTripleExclusion],
            "chains" => &[XCycle, XChain, YCycle, YChain, XyCycle, XyChain, Aic],
            "forcing" => &[
                NishioForcingChain,
                CellForcingChain,
                UnitForcingChain,
                DynamicForcingChain,
                DynamicForcingChainPlus,
                NestedForcingChain,
            ],
            // Sudoku Explainer's own techniques, for ratings on its scale.
            "se" => &[
                FullHouse,
                HiddenSingleBox,
                HiddenSingleLine,
                DirectPointing,
                DirectClaiming,
                DirectHiddenPair,
                DirectHiddenTriple,
                NakedSingle,
                Pointing,
                Claiming,
                NakedPair,
                NakedTriple,
                NakedQuad,
                HiddenPair,
                HiddenTriple,
                HiddenQuad,
                XWing,
                Swordfish,
                Jellyfish,
                XyWing,
                XyzWing,
                UniqueRectangleType1,
                UniqueRectangleType2,
                UniqueRectangleType3,
                UniqueRectangleType4,
                UniqueLoopType1,
                UniqueLoopType2,
                UniqueLoopType3,
                UniqueLoopType4,
                BugType1,
                BugType2,
                BugType3,
                BugType4,
                AlignedPairExclusion,
                AlignedTripleExclusion,
                XCycle,
                YCycle,
                XChain,
                XyCycle,
                XyChain,
                NishioForcingChain,
                CellForcingChain,
                UnitForcingChain,
                DynamicForcingChain,
                DynamicForcingChainPlus,
                NestedForcingChain,
            ],
            "all" => return Some(TechniqueSet::ALL),
            _ => return None,
        };
        Some(
            list.iter()
                .fold(TechniqueSet::EMPTY, |set, &technique| set.with(technique)),
        )
    }
}

impl FromStr for TechniqueSet {
    type Err = UnknownTechnique;

    /// A comma-separated list of groups and technique ids.
    fn from_str(text: &str) -> Result<TechniqueSet, UnknownTechnique> {
        let mut set = TechniqueSet::EMPTY;
        for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let key = part.to_ascii_lowercase().replace([' ', '_'], "-");
            set = match TechniqueSet::group(&key) {
                Some(group) => set.union(group),
                None => set.with(part.parse()?),
            };
        }
        Ok(set)
    }
}

impl FromIterator<Technique> for TechniqueSet {
    fn from_iter<I: IntoIterator<Item = Technique>>(iter: I) -> TechniqueSet {
        iter.into_iter()
            .fold(TechniqueSet::EMPTY, |set, technique| set.with(technique))
    }
}
