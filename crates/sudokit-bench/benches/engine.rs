//! Criterion benchmarks of sudokit's engine through its public API, on the
//! sample collections shipped in `data/puzzles` (so they run on a fresh clone):
//! `solve` (lexicographically smallest), `solve_first` and `count_solutions`
//! to 2 on a handful of puzzles of each collection, reading 1,000 lines
//! with `Records`, and `canonical_form` on the same puzzles and their solution
//! grids.
//!
//! ```text
//! cargo bench -p sudokit-bench --bench engine
//! ```

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use sudokit::{Grid, Records, Solver};
use sudokit_bench::{load_folder, sample_folder, Collection};

/// Puzzles taken from each collection, evenly spaced through it.
const HANDFUL: usize = 16;

/// Lines parsed by the `Records` benchmark.
const PARSE_LINES: usize = 1000;

fn collections() -> Vec<Collection> {
    load_folder(&sample_folder(), None).expect("the sample collections in data/puzzles load")
}

/// `HANDFUL` puzzles spread evenly over the collection.
fn handful(collection: &Collection) -> Vec<Grid> {
    let n = collection.puzzles.len();
    let step = (n / HANDFUL).max(1);
    collection
        .puzzles
        .iter()
        .step_by(step)
        .take(HANDFUL)
        .map(|puzzle| puzzle.grid)
        .collect()
}

fn engine(c: &mut Criterion) {
    let sets: Vec<(String, Vec<Grid>)> = collections()
        .iter()
        .map(|collection| (collection.name.clone(), handful(collection)))
        .collect();
    let mut solver = Solver::new();

    type Operation = fn(&mut Solver, &Grid) -> bool;
    let operations: [(&str, Operation); 3] = [
        ("solve", |solver, grid| solver.solve(grid).is_ok()),
        ("solve_first", |solver, grid| {
            solver.solve_first(grid).is_ok()
        }),
        ("count_2", |solver, grid| {
            solver.count_solutions(grid, 2) == Ok(1)
        }),
    ];
    for (name, operation) in operations {
        let mut group = c.benchmark_group(name);
        for (collection, grids) in &sets {
            group.throughput(Throughput::Elements(grids.len() as u64));
            group.bench_with_input(
                BenchmarkId::from_parameter(collection),
                grids,
                |b, grids| {
                    b.iter(|| {
                        grids
                            .iter()
                            .filter(|grid| operation(&mut solver, black_box(grid)))
                            .count()
                    })
                },
            );
        }
        group.finish();
    }
}

fn parse(c: &mut Criterion) {
    let lines: Vec<String> = collections()
        .iter()
        .flat_map(|collection| collection.puzzles.iter().map(|p| p.grid.to_line()))
        .collect();
    let mut text = String::new();
    for line in lines.iter().cycle().take(PARSE_LINES) {
        text.push_str(line);
        text.push('\n');
    }
    let mut group = c.benchmark_group("parse");
    group.throughput(Throughput::Elements(PARSE_LINES as u64));
    group.bench_function("records_1000_lines", |b| {
        b.iter(|| {
            Records::new(black_box(text.as_bytes()))
                .filter(|record| record.as_ref().is_ok_and(|r| r.grid.is_ok()))
                .count()
        })
    });
    group.finish();
}

/// `canonical_form` on the handful of each collection, and on their solution grids.
fn canon(c: &mut Criterion) {
    let mut group = c.benchmark_group("canonical_form");
    for collection in collections() {
        let puzzles = handful(&collection);
        let grids: Vec<Grid> = puzzles.iter().filter_map(|p| p.solve().ok()).collect();
        for (kind, boards) in [("puzzles", puzzles), ("grids", grids)] {
            group.throughput(Throughput::Elements(boards.len() as u64));
            group.bench_with_input(
                BenchmarkId::new(kind, &collection.name),
                &boards,
                |b, boards| {
                    b.iter(|| {
                        for board in boards {
                            black_box(sudokit::canonical_form(black_box(board)));
                        }
                    })
                },
            );
        }
    }
    group.finish();
}

fn config() -> Criterion {
    Criterion::default()
        .sample_size(20)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2))
}

criterion_group! {
    name = benches;
    config = config();
    targets = engine, parse, canon
}
criterion_main!(benches);
