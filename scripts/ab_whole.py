#!/usr/bin/env python3
"""Whole-process A/B timing of two sudokit binaries.

Where `scripts/ab.py` links two versions of the library into one program, this runs two built
`sudokit` binaries whole, as a user does, so that it also sees what lies outside the library
(reading, writing, start-up). The two alternate run by run (which goes first alternates too), and it
prints one line per file: the best time of each and the median over the pairs of base time / new
time (above 1: the new binary is faster). Runs are on one thread unless --args says otherwise.

    cp target/release/sudokit /tmp/sudokit-base    # before the change
    cargo build --release                           # after it
    python3 scripts/ab_whole.py --base /tmp/sudokit-base [--runs N] [--args "solve --first"] FILE...

Pairs are used because this kind of machine is shared: its speed drifts by 10-20% over seconds, so
the ratio within a pair says more than two minima. Outputs are compared once before timing (a
difference stops the run), with any line mentioning time removed from stderr. A change of the
search's order may change the first solution found on boards with several: `--any-solution` then
checks that each line of the new binary's output is a solution of its puzzle (81-character answers,
one a line, as `solve --first` prints them for files of 81-character puzzles) instead.
"""

import argparse
import pathlib
import shlex
import statistics
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent


def timed(command):
    start = time.perf_counter()
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


def output(command):
    done = subprocess.run(command, capture_output=True)
    return done.returncode, done.stdout


def check_solutions(name, printed):
    """Stops unless each printed line is a complete, valid grid keeping its puzzle's clues."""
    puzzles = pathlib.Path(name).read_text().split()
    answers = printed.decode().split()
    if len(answers) != len(puzzles):
        sys.exit(f"{name}: {len(answers)} answers for {len(puzzles)} puzzles")
    units = [[9 * r + c for c in range(9)] for r in range(9)]
    units += [[9 * r + c for r in range(9)] for c in range(9)]
    units += [[9 * (3 * (b // 3) + r) + 3 * (b % 3) + c for r in range(3) for c in range(3)]
              for b in range(9)]
    for line, (puzzle, answer) in enumerate(zip(puzzles, answers), 1):
        kept = all(p in ".0" or p == a for p, a in zip(puzzle, answer))
        valid = len(answer) == 81 and all(sorted(answer[i] for i in unit) == list("123456789")
                                          for unit in units)
        if not (kept and valid):
            sys.exit(f"{name}:{line}: {answer} does not solve {puzzle}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", required=True, help="the sudokit binary to compare against")
    parser.add_argument("--new", default=str(ROOT / "target" / "release" / "sudokit"),
                        help="the sudokit binary under test (default: this tree's release build)")
    parser.add_argument("--runs", type=int, default=21, help="pairs of runs per file")
    parser.add_argument("--args", default="solve --first",
                        help="the command and options, quoted (default: \"solve --first\"); "
                             "-j1 is added unless they choose the threads")
    parser.add_argument("--any-solution", action="store_true",
                        help="accept another solution of a board than the base binary's")
    parser.add_argument("files", nargs="+", help="puzzle files")
    args = parser.parse_args()
    for binary in (args.base, args.new):
        if not pathlib.Path(binary).is_file():
            sys.exit(f"{binary} is missing")
    words = shlex.split(args.args)
    if not any(word.startswith(("-j", "--threads")) for word in words):
        words.append("-j1")
    for name in args.files:
        base = [args.base] + words + [name]
        new = [args.new] + words + [name]
        base_answer, new_answer = output(base), output(new)
        if args.any_solution:
            check_solutions(name, new_answer[1])
        elif base_answer != new_answer:
            sys.exit(f"{name}: the two binaries answer differently")
        if not base_answer[1]:
            sys.exit(f"{name}: no answers (exit status {base_answer[0]}): check --args")
        base_times, new_times, ratios = [], [], []
        for run in range(args.runs):
            order = ((base, base_times), (new, new_times))
            for command, times in order if run % 2 == 0 else reversed(order):
                times.append(timed(command))
            ratios.append(base_times[-1] / new_times[-1])
        print(f"{pathlib.Path(name).name:40s} {args.args:16s} base {min(base_times) * 1e3:7.1f} ms"
              f"  new {min(new_times) * 1e3:7.1f} ms  best {min(base_times) / min(new_times):.3f}"
              f"  median {statistics.median(ratios):.3f}")


if __name__ == "__main__":
    main()
