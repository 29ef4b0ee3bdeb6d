#!/usr/bin/env python3
"""Issue 18's speed goals, checked in one run on this machine, as the issue says they will be.

On fresh random symmetries of every collection (three seeds drawn at random unless given), times
sudokit whole, one thread, beside tdoku and the `sudoku` crate (the rounds and the answer check of
whole_process.py), then two threads against one (threads.py, on the first seed), and ends with a
verdict: the lowest ratio each goal met over every seed and file, where it was met, and whether
it holds. Every file, seed and mode takes its rounds in turn, one round each before the next (the
thread pairs too), so that each ratio is a median over the whole run: a slow spell of the
machine cannot sink one cell alone. The tables come at the end; stderr says how far it is.

    cargo build --release && cargo build --release -p sudokit-bench --examples
    tdoku=$(scripts/build_tdoku.sh)
    python3 scripts/goals.py --tdoku $tdoku [--seed S ...] [--runs N] [--thread-runs N] [FILE...]

The files default to ../shared/data/puzzles/*.txt beside the checkout, else the samples in
data/puzzles (too small for the figures to mean much). The goals: against tdoku at least 1.3x for
first solutions and for `solve` against its count to two (heading for 1.5x); against the crate
at least 1.5x both ways; two threads at least 1.8x one on bulk files (here, files of 10,000
puzzles or more; smaller files are shown, not judged: one thread answers them in a few
milliseconds, a tenth of which is the start of the process).

A cell that misses its floor is measured again (--again-runs more rounds, the low cells in turn)
and judged on the median of all its rounds, first and second: one slow spell can sink a cell even
with the rounds in turn (docs/PERFORMANCE.md, "Twenty-sixth session"), and more rounds say more of
where it stands. Both measures are printed beside the pooled one.
"""

import argparse
import pathlib
import random
import statistics
import sys
import tempfile

from machine import disguise, machine_line
from threads import pairs_in_turn, speedup
from whole_process import MODES, built_binaries, check_answers, every_mode, rounds_in_turn

ROOT = pathlib.Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared" / "data" / "puzzles"
SAMPLES = ROOT / "data" / "puzzles"

# (peer, the floor a ratio must reach, the mark it heads for)
FLOORS = {"tdoku": (1.3, 1.5), "crate": (1.5, None)}
THREADS_FLOOR = 1.8
BULK_PUZZLES = 10_000
# The two-thread cases of each file: `solve`, then `solve --first`, by their extra arguments.
THREAD_EXTRAS = ((), ("--first",))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tdoku", required=True, metavar="PROGRAM",
                        help="tdoku's driver, as scripts/build_tdoku.sh prints it")
    parser.add_argument("--seed", type=int, action="append", metavar="SEED",
                        help="a seed of symmetries (repeat for more); three fresh ones by default")
    parser.add_argument("--runs", type=int, default=7, help="rounds per file, mode and seed")
    parser.add_argument("--thread-runs", type=int, default=15,
                        help="pairs of -j1 and -j2 runs per file and mode")
    parser.add_argument("--again-runs", type=int, metavar="N",
                        help="more rounds (and pairs) for a cell under its floor; --runs and "
                             "--thread-runs by default, 0 for none")
    parser.add_argument("files", nargs="*", help="puzzle files, one puzzle a line")
    args = parser.parse_args()

    sudokit, peer = built_binaries()
    if not pathlib.Path(args.tdoku).exists():
        sys.exit(f"{args.tdoku} is missing: build it with scripts/build_tdoku.sh")
    files = args.files or sorted(str(path) for path in
                                 (SHARED if SHARED.is_dir() else SAMPLES).glob("*.txt"))
    seeds = args.seed or [random.SystemRandom().randrange(1, 1_000_000) for _ in range(3)]
    peers = [("crate", str(peer)), ("tdoku", args.tdoku)]
    scratch_folder = tempfile.TemporaryDirectory(prefix="sudokit-goals-")
    scratch = pathlib.Path(scratch_folder.name)

    print(machine_line(sudokit))
    print(f"Seeds {', '.join(map(str, seeds))}; {args.runs} rounds; "
          f"`python3 scripts/goals.py --tdoku {args.tdoku} "
          + " ".join(f"--seed {seed}" for seed in seeds)
          + f" --runs {args.runs} --thread-runs {args.thread_runs}"
          + ("" if args.again_runs is None else f" --again-runs {args.again_runs}")
          + "".join(f" {name}" for name in args.files) + "`")
    print()
    print("| collection | seed | `solve --first` / crate's first | / tdoku's first "
          "| `solve` / crate's count to two | / tdoku's count to two |")
    print("|---|---:|---:|---:|---:|---:|")
    # Every cell's rounds in turn with every other's (rounds_in_turn): a slow
    # spell of the machine weighs a round or two of every cell, not every
    # round of one.
    cells = []
    disguised = {}
    for name in files:
        for seed in seeds:
            path = scratch / f"{seed}-{pathlib.Path(name).name}"
            disguise(sudokit, name, seed, path)
            disguised.setdefault(name, path)
            check_answers(str(path), sudokit, peers)
            cells.append((name, seed, str(path)))
    _, ratios = rounds_in_turn(every_mode([path for *_, path in cells]), sudokit, peers,
                               args.runs, "goals.py")
    for name, seed, path in cells:
        # Columns in the README's order: crate first, tdoku first, crate, tdoku.
        row = [f"{statistics.median(ratios[(path, mode, label)]):.2f}×" for mode, *_ in MODES
               for label, _ in peers]
        print(f"| {collection(name)} | {seed} | " + " | ".join(row) + " |", flush=True)
    again_runs = args.runs if args.again_runs is None else args.again_runs
    low = measure_cells_again(cells, ratios, sudokit, peers, again_runs)
    # (peer, mode) -> [(ratio over all its rounds, where)]
    lowest = {(label, mode): [] for label, _ in peers for mode, *_ in MODES}
    for name, seed, path in cells:
        for mode, *_ in MODES:
            for label, _ in peers:
                where = f"{collection(name)}, seed {seed}" + (
                    ", measured again" if (path, mode, label) in low else "")
                lowest[(label, mode)].append((statistics.median(ratios[(path, mode, label)]),
                                              where))

    print()
    print(f"Two threads against one (seed {seeds[0]}, {args.thread_runs} pairs, median):")
    print()
    print("| collection | puzzles | `solve` | `solve --first` |")
    print("|---|---:|---:|---:|")
    # The pairs in turn too, as the rounds above.
    times = pairs_in_turn(sudokit, [(disguised[name], extra) for name in files
                                    for extra in THREAD_EXTRAS],
                          args.thread_runs, 2, "goals.py")
    puzzles = {}
    for name in files:
        with open(disguised[name]) as puzzles_file:
            puzzles[name] = sum(1 for line in puzzles_file if line.strip())
        speedups = [speedup(times[(disguised[name], extra)]) for extra in THREAD_EXTRAS]
        print(f"| {collection(name)} | {puzzles[name]:,} | {speedups[0]:.2f}× "
              f"| {speedups[1]:.2f}× |", flush=True)
    thread_again = args.thread_runs if args.again_runs is None else args.again_runs
    bulk = [(name, disguised[name]) for name in files if puzzles[name] >= BULK_PUZZLES]
    low_pairs = measure_pairs_again(bulk, times, sudokit, thread_again)
    scaling = {"bulk": [], "small": []}
    for name in files:
        kind = "bulk" if puzzles[name] >= BULK_PUZZLES else "small"
        scaling[kind] += [(speedup(times[(disguised[name], extra)]), collection(name),
                           mode + (", measured again" if (disguised[name], extra) in low_pairs
                                   else ""))
                          for extra, mode in zip(THREAD_EXTRAS, ("solve", "first"))]

    print()
    print("| goal | lowest | where | holds |")
    print("|---|---:|---|---|")
    for (label, mode), measured in lowest.items():
        floor, heading = FLOORS[label]
        ratio, where = min(measured)
        against = "first solutions" if mode == "first" else "`solve` against its count to two"
        goal = f"{label}, {against}: at least {floor}x" + (
            f" (heading for {heading}x)" if heading else "")
        verdict = "yes" if ratio >= floor else "**no**"
        if heading and ratio >= floor:
            verdict += f", {'at' if ratio >= heading else 'below'} {heading}x"
        print(f"| {goal} | {ratio:.2f}× | {where} | {verdict} |")
    if scaling["bulk"]:
        ratio, name, mode = min(scaling["bulk"])
        print(f"| two threads on bulk files: at least {THREADS_FLOOR}x | {ratio:.2f}× | {name}, "
              f"{mode} | {'yes' if ratio >= THREADS_FLOOR else '**no**'} |")
    else:
        print(f"| two threads on bulk files: at least {THREADS_FLOOR}x | - "
              f"| no file of {BULK_PUZZLES:,} puzzles or more | not judged |")
    if scaling["small"]:
        ratio, name, mode = min(scaling["small"])
        print(f"| two threads on small files (not judged) | {ratio:.2f}× | {name}, {mode} | - |")


def measure_cells_again(cells, ratios, sudokit, peers, runs):
    """Times again, in `runs` more rounds, each file of `cells` ((file, seed, path) triples) in each
    mode where a cell is under its floor, prints each such cell's first measure, second and pooled,
    and adds the second measure's rounds to `ratios`; returns the cells measured again."""
    low = [key for key, values in ratios.items()
           if statistics.median(values) < FLOORS[key[2]][0]] if runs else []
    if not low:
        return low
    # Only the files and modes with a low cell, each beside every peer.
    _, again = rounds_in_turn(sorted({(path, mode) for path, mode, _ in low}), sudokit, peers,
                              runs, "goals.py (again)")
    print()
    print(f"Under the floor, measured again ({plural(runs, 'round')}; judged on all the rounds):")
    print()
    print("| collection | seed | against | first | again | all rounds |")
    print("|---|---:|---|---:|---:|---:|")
    for key in low:
        path, mode, label = key
        name, seed = next((name, seed) for name, seed, cell in cells if cell == path)
        first = statistics.median(ratios[key])
        ratios[key] += again[key]
        print(f"| {collection(name)} | {seed} | {label} {mode} | {first:.2f}× "
              f"| {statistics.median(again[key]):.2f}× | {statistics.median(ratios[key]):.2f}× |",
              flush=True)
    return low


def measure_pairs_again(bulk, times, sudokit, runs):
    """Times again, in `runs` more pairs, each mode of the `bulk` files ((file, path) pairs) whose
    two threads read under their floor, prints each one's first measure, second and pooled, and
    adds the second measure's pairs to `times`; returns the cases measured again."""
    low = [(path, extra) for _, path in bulk for extra in THREAD_EXTRAS
           if speedup(times[(path, extra)]) < THREADS_FLOOR] if runs else []
    if not low:
        return low
    again = pairs_in_turn(sudokit, low, runs, 2, "goals.py (again)")
    print()
    print(f"Bulk files under the floor, measured again ({plural(runs, 'pair')}; judged on all "
          "the pairs):")
    print()
    print("| collection | mode | first | again | all pairs |")
    print("|---|---|---:|---:|---:|")
    for case in low:
        name = next(name for name, path in bulk if path == case[0])
        first = speedup(times[case])
        times[case] += again[case]
        print(f"| {collection(name)} | {' '.join(('solve',) + case[1])} | {first:.2f}× "
              f"| {speedup(again[case]):.2f}× | {speedup(times[case]):.2f}× |", flush=True)
    return low


def plural(count, noun):
    """`count` `noun`s, in words: "1 round", "7 rounds"."""
    return f"{count} {noun}" + ("" if count == 1 else "s")


def collection(name):
    """A file's collection, as the README's tables name it."""
    stem = pathlib.Path(name).stem
    for key, label in (("17_clue", "17-clue"), ("top1465", "top1465"), ("1905", "forum-hardest-1905"),
                       ("1106", "forum-hardest-1106"), ("serg", "serg")):
        if key in stem:
            return label
    return stem


if __name__ == "__main__":
    main()
