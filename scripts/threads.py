#!/usr/bin/env python3
"""Whole-process timing of `sudokit solve` on one thread against several, as the scaling goal is checked.

For each file, runs `sudokit solve -j1 FILE` and `sudokit solve -jN FILE` in alternating pairs and
prints one markdown row per file: the best time of each, and the median over the pairs of the
one-thread time / the N-thread time (the speed-up).

    cargo build --release
    python3 scripts/threads.py [--runs N] [--threads N] [--symmetry SEED] [-- EXTRA ARGS] FILE...

Pairs are used because this kind of machine is shared: its speed drifts by 10-20% over seconds;
which run of a pair goes first alternates, and the files take their pairs in turn, one pair of
each before the next, so that a slow spell weighs on every file alike.
"""

import argparse
import pathlib
import statistics
import subprocess
import sys
import tempfile
import time

from machine import disguise, machine_line

ROOT = pathlib.Path(__file__).resolve().parent.parent
SUDOKIT = ROOT / "target" / "release" / "sudokit"


def timed(command):
    start = time.perf_counter()
    subprocess.run(command, stdout=subprocess.DEVNULL, check=True)
    return time.perf_counter() - start


def time_pair(binary, path, threads, extra, pair_number):
    """Times `solve -j1` and `solve -jTHREADS` (with `extra` arguments) on `path` once each, one
    right after the other; returns the two times. Which goes first alternates with
    `pair_number`: on a machine whose speed drifts, a fixed order favours one side
    (docs/PERFORMANCE.md, "Sixteenth session")."""
    single = [str(binary), "solve", "-j1", *extra, str(path)]
    parallel = [str(binary), "solve", f"-j{threads}", *extra, str(path)]
    if pair_number % 2:
        many = timed(parallel)
        return timed(single), many
    one = timed(single)
    return one, timed(parallel)


def pairs_in_turn(binary, cases, runs, threads, script):
    """Times each of `cases` ((path, extra arguments) pairs) in `runs` pairs of `-j1` and
    `-jTHREADS`, one pair of each case before the next, so that a slow spell weighs on every case
    alike; stderr counts the pairs, as `script` says. Returns each case's pairs of times."""
    times = {case: [] for case in cases}
    for pair_number in range(runs):
        print(f"{script}: pair {pair_number + 1} of {runs}", file=sys.stderr, flush=True)
        for path, extra in cases:
            times[(path, extra)].append(time_pair(binary, path, threads, extra, pair_number))
    return times


def speedup(pairs):
    """The median over `pairs` of the one-thread time / the many-thread time."""
    return statistics.median(one / many for one, many in pairs)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=12, help="pairs of runs per file")
    parser.add_argument("--threads", type=int, default=2, help="threads of the parallel run")
    parser.add_argument("--symmetry", type=int, metavar="SEED",
                        help="time random symmetries of the files, drawn from SEED")
    parser.add_argument("--binary", default=str(SUDOKIT), help="the sudokit to time")
    parser.add_argument("--solve-args", default="", help="more arguments for `solve`, space-separated")
    parser.add_argument("files", nargs="+", help="puzzle files")
    args = parser.parse_args()
    if not pathlib.Path(args.binary).exists():
        sys.exit(f"{args.binary} is missing: run `cargo build --release` first")
    scratch = tempfile.TemporaryDirectory()
    extra = args.solve_args.split()

    print(machine_line(args.binary))
    print()
    print(f"| file | -j1 best (s) | -j{args.threads} best (s) | median speed-up |")
    print("|---|---:|---:|---:|")
    paths = []
    for name in args.files:
        path = pathlib.Path(name)
        if args.symmetry is not None:
            disguised = pathlib.Path(scratch.name) / path.name
            disguise(args.binary, name, args.symmetry, disguised)
            path = disguised
        paths.append((name, path))
    times = pairs_in_turn(args.binary, [(path, tuple(extra)) for _, path in paths], args.runs,
                          args.threads, "threads.py")
    for name, path in paths:
        pairs = times[(path, tuple(extra))]
        one, many = zip(*pairs)
        print(f"| {pathlib.Path(name).name} | {min(one):.3f} | {min(many):.3f} | "
              f"{speedup(pairs):.2f} |")


if __name__ == "__main__":
    main()
