#!/usr/bin/env python3
"""Whole-process timing of sudokit against the `sudoku` crate, as the speed goal is checked.

For each file, runs `sudokit solve --first -j1 FILE` and `sudokit solve -j1 FILE` beside the
peer's `peer_cli first FILE` and `peer_cli count2 FILE` (crates/sudokit-bench/examples), in
alternation, and prints one markdown row per file with the best time of each and the ratios
(peer time / sudokit time: above 1 means sudokit is faster).

    cargo build --release && cargo build --release -p sudokit-bench --examples
    python3 scripts/whole_process.py [--runs N] FILE...

Best-of-N is used because this kind of machine is shared: a single run can be slowed by others.
"""

import argparse
import pathlib
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
RELEASE = ROOT / "target" / "release"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="runs of each command (best kept)")
    parser.add_argument("files", nargs="+", help="puzzle files, one puzzle a line")
    args = parser.parse_args()

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
        best = {}
        for _ in range(args.runs):
            for label, command in commands.items():
                started = time.perf_counter()
                subprocess.run(command + [name], stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL, check=True)
                elapsed = time.perf_counter() - started
                best[label] = min(best.get(label, elapsed), elapsed)
        ms = {label: seconds * 1000 for label, seconds in best.items()}
        print(f"| {pathlib.Path(name).name} | {ms['first']:.1f} ms | {ms['peer first']:.1f} ms "
              f"| {ms['peer first'] / ms['first']:.2f}× | {ms['solve']:.1f} ms "
              f"| {ms['peer count2']:.1f} ms | {ms['peer count2'] / ms['solve']:.2f}× |")


if __name__ == "__main__":
    main()
