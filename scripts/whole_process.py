#!/usr/bin/env python3
"""Whole-process timing of sudokit against the `sudoku` crate, as the speed goal is checked.

For each file, runs `sudokit solve --first -j1 FILE` and `sudokit solve -j1 FILE` beside the
peer's `peer_cli first FILE` and `peer_cli count2 FILE` (crates/sudokit-bench/examples), each
sudokit run paired with a peer run right beside it, and prints one markdown row per file with
the best time of each and the median over the pairs of peer time / sudokit time (above 1 means
sudokit is faster).

    cargo build --release && cargo build --release -p sudokit-bench --examples
    python3 scripts/whole_process.py [--runs N] [--symmetry SEED] FILE...

With --symmetry, each file is first given a random symmetry per puzzle
(`sudokit transform --seed SEED`) into a temporary file, as the speed goal is
checked on held-out symmetries: the collections as published favour row-major
search, which random symmetries do not.

Pairs are used because this kind of machine is shared: its speed drifts by 10-20% over seconds.
"""

import argparse
import pathlib
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
RELEASE = ROOT / "target" / "release"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5,
                        help="runs of each command (times: best; ratios: median of pairs)")
    parser.add_argument("--symmetry", type=int, metavar="SEED",
                        help="time random symmetries of the files, drawn from SEED")
    parser.add_argument("files", nargs="+", help="puzzle files, one puzzle a line")
    args = parser.parse_args()
    scratch = tempfile.TemporaryDirectory()

    sudokit = RELEASE / "sudokit"
    peer = RELEASE / "examples" / "peer_cli"
    for binary in (sudokit, peer):
        if not binary.exists():
            sys.exit(f"{binary} is missing: run `cargo build --release && "
                     "cargo build --release -p sudokit-bench --examples` first")

    commands = {
        "first": [str(sudokit), "solve", "--first", "-j1"],
        "peer first": [str(peer), "first"],
        "solve": [str(sudokit), "solve", "-j1"],
        "peer count2": [str(peer), "count2"],
    }
    print("| file | sudokit --first | crate first | ratio | sudokit solve | crate count-2 | ratio |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for name in args.files:
        if args.symmetry is not None:
            disguised = pathlib.Path(scratch.name) / pathlib.Path(name).name
            with open(disguised, "wb") as out:
                subprocess.run([str(sudokit), "transform", "--seed", str(args.symmetry), name],
                               stdout=out, check=True)
            name = str(disguised)
        best = {}
        ratios = {"first": [], "solve": []}
        for run in range(args.runs):
            # Each sudokit run is paired with the peer run beside it (which
            # goes first alternates): the machine's speed drifts over
            # seconds, so the ratio of a pair says more than two minima.
            for mine, theirs in (("first", "peer first"), ("solve", "peer count2")):
                pair = (mine, theirs) if run % 2 == 0 else (theirs, mine)
                took = {}
                for label in pair:
                    started = time.perf_counter()
                    subprocess.run(commands[label] + [name], stdout=subprocess.DEVNULL,
                                   stderr=subprocess.DEVNULL, check=True)
                    took[label] = time.perf_counter() - started
                    best[label] = min(best.get(label, took[label]), took[label])
                ratios[mine].append(took[theirs] / took[mine])
        ms = {label: seconds * 1000 for label, seconds in best.items()}
        ratio = {label: statistics.median(values) for label, values in ratios.items()}
        print(f"| {pathlib.Path(name).name} | {ms['first']:.1f} ms | {ms['peer first']:.1f} ms "
              f"| {ratio['first']:.2f}× | {ms['solve']:.1f} ms "
              f"| {ms['peer count2']:.1f} ms | {ratio['solve']:.2f}× |")

if __name__ == "__main__":
    main()
