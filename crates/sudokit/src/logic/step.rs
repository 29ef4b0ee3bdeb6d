//! What a technique finds: a [`Step`], with the candidates that justify it,
//! and the [`Chain`]s that chain techniques follow.

use std::fmt;

use super::technique::{Difficulty, Technique};
use crate::candidates::{Candidate, Candidates};
use crate::geometry::House;
use crate::sets::DigitSet;

/// One link of a [`Chain`]: a candidate taken as true (`on`) or false.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ChainNode {
    /// The candidate.
    pub candidate: Candidate,
    /// Whether the chain takes it as true (placed) or false (eliminated).
    pub on: bool,
}

impl fmt::Display for ChainNode {
    /// `r1c2=5` for a true candidate, `r1c2<>5` for a false one.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.on {
            write!(f, "{}", self.candidate)
        } else {
            write!(f, "{}<>{}", self.candidate.cell, self.candidate.digit)
        }
    }
}

/// A chain of implications, each node following from the one before it
/// (`r1c2=5 -> r1c7<>5 -> r3c7=5`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Chain {
    /// The nodes in order, from the assumption to the conclusion.
    pub nodes: Vec<ChainNode>,
}

impl fmt::Display for Chain {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, node) in self.nodes.iter().enumerate() {
            if i > 0 {
                f.write_str(" -> ")?;
            }
            write!(f, "{node}")?;
        }
        Ok(())
    }
}

/// One step of a logical solution: which technique, how hard, what it rests
/// on and what it concludes.
///
/// Every step is sound: the candidates in `eliminations` are false and the
/// `placements` true in every solution of the marks it was found on (for
/// uniqueness techniques: if the puzzle has exactly one solution).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Step {
    /// The technique.
    pub technique: Technique,
    /// How hard the step is on Sudoku Explainer's scale.
    pub difficulty: Difficulty,
    /// The houses the pattern lies in (for a hint that names only where to look).
    pub houses: Vec<House>,
    /// The digits the pattern is about.
    pub digits: DigitSet,
    /// The candidates the step rests on: the pattern to highlight.
    pub pattern: Vec<Candidate>,
    /// Digits the step places.
    pub placements: Vec<Candidate>,
    /// Candidates the step removes.
    pub eliminations: Vec<Candidate>,
    /// The chains that prove it, for chain and forcing techniques.
    pub chains: Vec<Chain>,
    /// The step in plain words: `Hidden single: in box 5, only r4c6 can hold 7`.
    pub text: String,
}

impl Step {
    /// A step of `technique` at its base difficulty, with nothing filled in yet.
    pub fn new(technique: Technique) -> Step {
        Step {
            technique,
            difficulty: technique.base_difficulty(),
            houses: Vec::new(),
            digits: DigitSet::EMPTY,
            pattern: Vec::new(),
            placements: Vec::new(),
            eliminations: Vec::new(),
            chains: Vec::new(),
            text: String::new(),
        }
    }

    /// Applies the step to `marks`: its placements, then its eliminations.
    pub fn apply(&self, marks: &mut Candidates) {
        for placement in &self.placements {
            if marks.value(placement.cell).is_none() {
                marks.place(placement.cell, placement.digit);
            }
        }
        for elimination in &self.eliminations {
            marks.eliminate(elimination.cell, elimination.digit);
        }
    }

    /// Whether the step changes `marks` at all.
    pub fn makes_progress(&self, marks: &Candidates) -> bool {
        self.placements
            .iter()
            .any(|p| marks.value(p.cell).is_none())
            || self.eliminations.iter().any(|e| marks.has(e.cell, e.digit))
    }

    /// The step named only by its technique and where to look:
    /// `Look for a hidden single in box 5`.
    pub fn vague_text(&self) -> String {
        match self.houses.first() {
            Some(house) => format!("Look for a {} in {house}", self.technique),
            None => format!("Look for a {}", self.technique),
        }
    }

    /// The conclusion alone: `r4c6=7` or `r1c2<>5, r1c3<>5`.
    pub fn conclusion(&self) -> String {
        let mut parts: Vec<String> = self.placements.iter().map(ToString::to_string).collect();
        parts.extend(
            self.eliminations
                .iter()
                .map(|e| format!("{}<>{}", e.cell, e.digit)),
        );
        parts.join(", ")
    }
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.text.is_empty() {
            write!(
                f,
                "{}: {}",
                capitalized(self.technique.name()),
                self.conclusion()
            )
        } else {
            f.write_str(&self.text)
        }
    }
}

/// `text` with its first letter in upper case, for the start of a sentence.
pub fn capitalized(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}
