#!/usr/bin/env python3
"""Whole-process timing of each engine variant this CPU runs, one against another.

sudokit picks the best kernels for the CPU once per process; the environment variable
SUDOKIT_ENGINE picks another that the CPU runs (`portable`, `avx2`, `avx2+pext`, `avx512`; see
`Solver::engine`). For each file this runs `sudokit solve --first -j1 FILE` and `sudokit solve -j1
FILE` under each variant, in rounds of one run each (which goes first rotates), checks that every
variant prints the same answers, and prints one markdown row per file and question with the best
time of each variant and the median over the rounds of the portable time / its time (above 1: faster
than portable).

    cargo build --release
    python3 scripts/engines.py [--runs N] [--symmetry SEED] FILE...

Variants the CPU cannot run are left out (sudokit's --stats names the variant that ran). With
--first-lanes, two more columns time the best variant with first solutions searched one board at a
time and two in step (SUDOKIT_FIRST_LANES=1 and 2; which suits the CPU is chosen from CPUID, see
`Solver::first_solutions_in_step`).
"""

import argparse
import os
import pathlib
import statistics
import subprocess
import sys
import tempfile
import time

from machine import disguise

ROOT = pathlib.Path(__file__).resolve().parent.parent
SUDOKIT = ROOT / "target" / "release" / "sudokit"
VARIANTS = ("portable", "avx2", "avx2+pext", "avx512")


def run(variant, arguments, name):
    """The output and the time of one run under `variant`: an engine, or an engine with `first 1`
    or `first 2` after it (first solutions searched one or two boards at a time)."""
    engine, _, lanes = variant.partition(" first ")
    environment = dict(os.environ, SUDOKIT_ENGINE=engine)
    if lanes:
        environment["SUDOKIT_FIRST_LANES"] = lanes
    started = time.perf_counter()
    done = subprocess.run([str(SUDOKIT)] + arguments + [name], env=environment,
                          capture_output=True, check=True)
    return done.stdout, time.perf_counter() - started


def runnable(name):
    """The variants this CPU runs: those --stats names when asked for."""
    found = []
    for variant in VARIANTS:
        environment = dict(os.environ, SUDOKIT_ENGINE=variant)
        done = subprocess.run([str(SUDOKIT), "count", "--stats", "-j1", name], env=environment,
                              capture_output=True, check=True)
        if f", {variant} engine," in done.stderr.decode():
            found.append(variant)
    return found


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5,
                        help="rounds (times: best; ratios: median over the rounds)")
    parser.add_argument("--symmetry", type=int, metavar="SEED",
                        help="time random symmetries of the files, drawn from SEED")
    parser.add_argument("--first-lanes", action="store_true",
                        help="also time the best engine with first solutions searched one and "
                             "two boards at a time (SUDOKIT_FIRST_LANES=1, 2)")
    parser.add_argument("files", nargs="+", help="puzzle files, one puzzle a line")
    args = parser.parse_args()
    if not SUDOKIT.exists():
        sys.exit(f"{SUDOKIT} is missing: run `cargo build --release` first")
    scratch = tempfile.TemporaryDirectory()
    variants = runnable(args.files[0])
    if args.first_lanes:
        variants += [f"{variants[-1]} first 1", f"{variants[-1]} first 2"]
    print("| file | question | " + " | ".join(variants) + " |")
    print("|---|---|" + "---:|" * len(variants))
    for name in args.files:
        if args.symmetry is not None:
            disguised = pathlib.Path(scratch.name) / pathlib.Path(name).name
            disguise(SUDOKIT, name, args.symmetry, disguised)
            name = str(disguised)
        for question, arguments in (("first", ["solve", "--first", "-j1"]),
                                    ("solve", ["solve", "-j1"])):
            best, ratios, answers = {}, {v: [] for v in variants}, {}
            for round_ in range(args.runs):
                shift = round_ % len(variants)
                took = {}
                for variant in variants[shift:] + variants[:shift]:
                    output, took[variant] = run(variant, arguments, name)
                    if answers.setdefault(variant, output) != output:
                        sys.exit(f"{variant} answered differently from one run to the next")
                    best[variant] = min(best.get(variant, took[variant]), took[variant])
                for variant in variants:
                    ratios[variant].append(took[variants[0]] / took[variant])
            if len(set(answers.values())) != 1:
                sys.exit(f"the variants answer {question} on {name} differently")
            cells = [f"{best[v] * 1000:.1f} ms ({statistics.median(ratios[v]):.2f}×)"
                     for v in variants]
            print(f"| {pathlib.Path(name).name} | {question} | " + " | ".join(cells) + " |",
                  flush=True)


if __name__ == "__main__":
    main()
