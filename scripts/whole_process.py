#!/usr/bin/env python3
"""Whole-process timing of sudokit against the `sudoku` crate, as the speed goal is checked.

For each file, runs `sudokit solve --first -j1 FILE` and `sudokit solve -j1 FILE` beside the
peer's `peer_cli first FILE` and `peer_cli count2 FILE` (crates/sudokit-bench/examples), in
rounds of one run each, one right after the other (which goes first rotates), and prints one
markdown row per file with the best time of each and the median over the rounds of peer time /
sudokit time (above 1 means sudokit is faster).

    cargo build --release && cargo build --release -p sudokit-bench --examples
    python3 scripts/whole_process.py [--runs N] [--symmetry SEED] FILE...

With --symmetry, each file is first given a random symmetry per puzzle
(`sudokit transform --seed SEED`) into a temporary file, as the speed goal is
checked on held-out symmetries: the collections as published favour row-major
search, which random symmetries do not.

Rounds are used because this kind of machine is shared: its speed drifts by 10-20% over
seconds, so the ratio within a round says more than two minima. Every file and mode takes its
rounds in turn, one round of each before the next, so that a slow spell weighs on all alike; the
table comes at the end (stderr counts the rounds).

    python3 scripts/whole_process.py --also tdoku=PATH/tdoku_cli FILE...

adds another peer: a program that takes `first FILE` and `count2 FILE` as `peer_cli` does (one
answer line per puzzle), timed in the same rounds and set against sudokit the same way.

Before timing a file, every program's answers are compared puzzle by puzzle (`--no-check` skips
it): each program's count to two must equal `sudokit count --limit 2`'s, every first solution (and
`sudokit solve`'s smallest) must complete its puzzle, and where a puzzle has one solution every
program must give that one. A mismatch stops the run with the puzzles that differ.
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
RELEASE = ROOT / "target" / "release"


# Each of sudokit's modes: its arguments, and the peers' mode it is set against.
MODES = (("first", ["solve", "--first", "-j1"], "first", "first"),
         ("solve", ["solve", "-j1"], "count2", "count-2"))


def built_binaries():
    """sudokit and the crate's driver (peer_cli) as built for release; exits if either is missing."""
    sudokit = RELEASE / "sudokit"
    peer = RELEASE / "examples" / "peer_cli"
    for binary in (sudokit, peer):
        if not binary.exists():
            sys.exit(f"{binary} is missing: run `cargo build --release && "
                     "cargo build --release -p sudokit-bench --examples` first")
    return sudokit, peer


def time_round(name, mine, sudokit, peers, round_number):
    """Times sudokit's mode `mine` (of MODES) on file `name` once beside each of `peers` ((label,
    program) pairs), one right after the other; returns each label's time (sudokit's under
    "sudokit"). Which goes first rotates with `round_number`: the machine's speed drifts over
    seconds, so the ratio within a round says more than two minima."""
    arguments, peer_mode = next((arguments, theirs) for mode, arguments, theirs, _ in MODES
                                if mode == mine)
    commands = [("sudokit", [str(sudokit)] + arguments)]
    commands += [(label, [program, peer_mode]) for label, program in peers]
    took = {}
    shift = round_number % len(commands)
    for label, command in commands[shift:] + commands[:shift]:
        started = time.perf_counter()
        subprocess.run(command + [name], stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL, check=True)
        took[label] = time.perf_counter() - started
    return took


def every_mode(names):
    """Each of `names` in every mode of MODES, as rounds_in_turn takes them."""
    return [(name, mine) for name in names for mine, *_ in MODES]


def rounds_in_turn(cases, sudokit, peers, runs, script):
    """Times every case of `cases` ((file, mode of MODES) pairs) beside `peers` in `runs` rounds,
    one round of each case before the next, so that a slow spell of the machine weighs a round or
    two of each rather than every round of one (docs/PERFORMANCE.md, "Twenty-fifth session");
    stderr counts the rounds, as `script` says. Returns the best time of each (file, mode, label)
    and each peer's ratios to sudokit, round by round, of each (file, mode, peer)."""
    best, ratios = {}, {}
    for round_number in range(runs):
        print(f"{script}: round {round_number + 1} of {runs}", file=sys.stderr, flush=True)
        for name, mine in cases:
            took = time_round(name, mine, sudokit, peers, round_number)
            for label, seconds in took.items():
                best[(name, mine, label)] = min(best.get((name, mine, label), seconds), seconds)
            for label, _ in peers:
                ratios.setdefault((name, mine, label), []).append(took[label] / took["sudokit"])
    return best, ratios


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5,
                        help="runs of each command (times: best; ratios: median of pairs)")
    parser.add_argument("--symmetry", type=int, metavar="SEED",
                        help="time random symmetries of the files, drawn from SEED")
    parser.add_argument("files", nargs="+", help="puzzle files, one puzzle a line")
    parser.add_argument("--also", action="append", default=[], metavar="NAME=PROGRAM",
                        help="another peer taking `first FILE` and `count2 FILE`, like peer_cli")
    parser.add_argument("--no-check", action="store_true",
                        help="time without first comparing the programs' answers")
    args = parser.parse_args()
    scratch = tempfile.TemporaryDirectory()

    sudokit, peer = built_binaries()
    peers = [("crate", str(peer))]
    for also in args.also:
        label, _, program = also.partition("=")
        if not program:
            sys.exit(f"--also takes NAME=PROGRAM, not {also}")
        peers.append((label, program))
    header = ["file"]
    for mine, _, _, theirs in MODES:
        header.append(f"sudokit {'--first' if mine == 'first' else 'solve'}")
        for label, _ in peers:
            header += [f"{label} {theirs}", "ratio"]
    print(machine_line(sudokit))
    print()
    print("| " + " | ".join(header) + " |")
    print("|---|" + "---:|" * (len(header) - 1))
    names = []
    for name in args.files:
        if args.symmetry is not None:
            disguised = pathlib.Path(scratch.name) / pathlib.Path(name).name
            disguise(sudokit, name, args.symmetry, disguised)
            name = str(disguised)
        if not args.no_check:
            check_answers(name, sudokit, peers)
        names.append(name)
    best, ratios = rounds_in_turn(every_mode(names), sudokit, peers, args.runs,
                                  "whole_process.py")
    for name in names:
        row = [pathlib.Path(name).name]
        for mine, _, _, _ in MODES:
            row.append(f"{best[(name, mine, 'sudokit')] * 1000:.1f} ms")
            for label, _ in peers:
                row += [f"{best[(name, mine, label)] * 1000:.1f} ms",
                        f"{statistics.median(ratios[(name, mine, label)]):.2f}×"]
        print("| " + " | ".join(row) + " |", flush=True)


def output_lines(command):
    """The lines a command prints on stdout, whatever its exit status (sudokit's is 1 when a
    board has no solution): the answers themselves are compared."""
    return subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                          text=True).stdout.splitlines()


def completes(puzzle, solution):
    """Whether `solution` (81 digits) is a valid grid that keeps `puzzle`'s givens."""
    if len(solution) != 81 or not solution.isdigit() or "0" in solution:
        return False
    if any(given not in ".0" and given != digit for given, digit in zip(puzzle, solution)):
        return False
    rows = [solution[9 * r:9 * r + 9] for r in range(9)]
    columns = [solution[c::9] for c in range(9)]
    boxes = [''.join(solution[9 * (3 * (b // 3) + r) + 3 * (b % 3) + c]
                     for r in range(3) for c in range(3)) for b in range(9)]
    return all(len(set(house)) == 9 for house in rows + columns + boxes)


def check_answers(name, sudokit, peers):
    """Compares every program's answers on `name` puzzle by puzzle; exits on a mismatch."""
    with open(name) as puzzles_file:
        puzzles = [line.strip() for line in puzzles_file if line.strip()]
    counts = [int(line) for line in output_lines([str(sudokit), "count", "--limit", "2", "-j1",
                                                   name])]
    # sudokit prints no line for a board without a solution (stderr says why).
    firsts = {}
    for label, arguments in (("sudokit --first", ["--first"]), ("sudokit solve", [])):
        mine = iter(output_lines([str(sudokit), "solve", "-j1"] + arguments + [name]))
        firsts[label] = [next(mine, None) if count else None for count in counts]
    problems = []
    for label, program in peers:
        theirs = output_lines([program, "count2", name])
        problems += [f"puzzle {i + 1}: {label} counts {their}, sudokit {count}"
                     for i, (their, count) in enumerate(zip(theirs, counts))
                     if their.strip() != str(count)]
        if len(theirs) != len(counts):
            problems.append(f"{label} counted {len(theirs)} puzzles, sudokit {len(counts)}")
        firsts[label] = [line if count else None
                         for line, count in zip(output_lines([program, "first", name]), counts)]
    if len(counts) != len(puzzles):
        problems.append(f"sudokit counted {len(counts)} of {len(puzzles)} puzzles")
    for i, (puzzle, count) in enumerate(zip(puzzles, counts)):
        if count == 0:
            continue
        answers = {label: lines[i] if i < len(lines) else None for label, lines in firsts.items()}
        for label, answer in answers.items():
            if answer is None or not completes(puzzle, answer):
                problems.append(f"puzzle {i + 1}: {label}'s first solution {answer} "
                                "does not complete it")
        if count == 1 and len(set(answers.values())) > 1:
            problems.append(f"puzzle {i + 1}: one solution, but the programs differ: {answers}")
    if problems:
        sys.exit(f"{name}: answers differ\n" + "\n".join(problems[:10]))
    print(f"<!-- {pathlib.Path(name).name}: {len(counts)} puzzles, answers agree -->",
          file=sys.stderr, flush=True)


if __name__ == "__main__":
    main()
