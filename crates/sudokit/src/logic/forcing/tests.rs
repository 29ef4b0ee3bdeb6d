//! Tests of the forcing chains.

use super::*;
use crate::logic::testing::{assert_sound, sample_puzzles};
use crate::logic::{LogicSolver, Technique};

#[test]
fn every_sample_puzzle_is_solved() {
    let engine = LogicSolver::new().assume_unique(true);
    for (puzzle, solution) in sample_puzzles(25) {
        let mut marks = Candidates::from_grid(&puzzle);
        while let Some(step) = engine.next_step(&marks) {
            assert_sound(&step, &marks, &solution);
            step.apply(&mut marks);
        }
        assert_eq!(marks.grid(), solution, "{puzzle}");
    }
}

/// The full run over every sample puzzle, timed: run it with
/// `cargo test -p sudokit --release --lib logic::forcing::tests::full_run -- --ignored --nocapture`.
#[test]
#[ignore = "takes minutes; prints timings"]
fn full_run() {
    use crate::logic::testing::COLLECTIONS;
    use std::time::Instant;
    let engine = LogicSolver::new().assume_unique(true);
    let mut solver = crate::solve::Solver::new();
    let mut all = Vec::new();
    for (name, text) in COLLECTIONS {
        let mut times = Vec::new();
        let mut steps = Vec::new();
        let mut forcing_steps = 0usize;
        let mut levels = std::collections::BTreeMap::<String, usize>::new();
        let every = std::env::var("FORCING_EVERY")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(1);
        for line in text.lines().step_by(every) {
            let Ok(puzzle) = line[..81].parse::<crate::Grid>() else {
                continue;
            };
            let solution = solver.solve(&puzzle).unwrap();
            let start = Instant::now();
            let (path, end) = engine.steps_from(&Candidates::from_grid(&puzzle));
            let elapsed = start.elapsed().as_secs_f64();
            assert_eq!(end.grid(), solution, "{puzzle}");
            let mut marks = Candidates::from_grid(&puzzle);
            for step in &path {
                assert_sound(step, &marks, &solution);
                step.apply(&mut marks);
                if step.technique.base_difficulty() >= Technique::CellForcingChain.base_difficulty()
                {
                    forcing_steps += 1;
                    let key = if step.text.contains("(level") {
                        step.text.split(':').next().unwrap_or("").to_string()
                    } else {
                        step.technique.name().to_string()
                    };
                    *levels.entry(key).or_default() += 1;
                }
            }
            if elapsed > 0.4 {
                let nested = path
                    .iter()
                    .filter(|s| s.technique == Technique::NestedForcingChain)
                    .count();
                let forcing = path
                    .iter()
                    .filter(|s| {
                        s.technique.base_difficulty()
                            >= Technique::CellForcingChain.base_difficulty()
                    })
                    .count();
                println!(
                    "slow {puzzle}: {elapsed:.3}s, {} steps, {forcing} forcing, {nested} nested",
                    path.len()
                );
            }
            times.push(elapsed);
            steps.push(path.len());
        }
        all.extend(times.iter().copied());
        times.sort_by(f64::total_cmp);
        let total: f64 = times.iter().sum();
        println!(
            "{name}: {} puzzles, total {:.2} s, median {:.1} ms, max {:.1} ms, steps/puzzle {:.1}, forcing steps {forcing_steps} {levels:?}",
            times.len(),
            total,
            times[times.len() / 2] * 1e3,
            times[times.len() - 1] * 1e3,
            steps.iter().sum::<usize>() as f64 / steps.len() as f64,
        );
    }
    all.sort_by(f64::total_cmp);
    println!(
        "all: {} puzzles, total {:.2} s, median {:.1} ms, max {:.1} ms",
        all.len(),
        all.iter().sum::<f64>(),
        all[all.len() / 2] * 1e3,
        all[all.len() - 1] * 1e3
    );
}
