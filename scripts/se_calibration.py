#!/usr/bin/env python3
"""Compare `sudokit rate` with Sudoku Explainer's own ratings.

usage: python3 scripts/se_calibration.py [TSV] [--sudokit PROGRAM] [--symmetry SEED]

TSV has a header line and the columns puzzle, collection, ER, EP, ED, seconds
(../shared/data/se-calibration.tsv by default; rows whose ER is `timeout` are
skipped). Each puzzle is rated by `sudokit rate --format json -j1` (under a
random symmetry of Sudoku per puzzle with --symmetry, which must not change a
rating), and the script prints, overall and per collection: Spearman's rank
correlation of ER, the share of puzzles within 0.3 of SE's ER, the shares with
exactly SE's ER, EP and ED, the mean difference, and sudokit's time against
SE's total time on the same puzzles.
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def ranks(values):
    order = sorted(range(len(values)), key=lambda i: values[i])
    result = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            result[order[k]] = (i + j) / 2
        i = j + 1
    return result


def spearman(a, b):
    ra, rb = ranks(a), ranks(b)
    ma, mb = statistics.mean(ra), statistics.mean(rb)
    cov = sum((x - ma) * (y - mb) for x, y in zip(ra, rb))
    va = sum((x - ma) ** 2 for x in ra)
    vb = sum((y - mb) ** 2 for y in rb)
    return cov / (va * vb) ** 0.5 if va and vb else float("nan")


def report(name, rows):
    if not rows:
        return
    se = [r["se"][0] for r in rows]
    ours = [r["ours"][0] for r in rows]
    n = len(rows)
    within = sum(abs(a - b) <= 0.3 + 1e-9 for a, b in zip(se, ours)) / n
    exact = [sum(abs(r["se"][i] - r["ours"][i]) < 1e-9 for r in rows) / n for i in range(3)]
    diff = statistics.mean(b - a for a, b in zip(se, ours))
    print(
        f"| {name} | {n} | {spearman(se, ours):.3f} | {100 * within:.1f}% | "
        f"{100 * exact[0]:.1f}% | {100 * exact[1]:.1f}% | {100 * exact[2]:.1f}% | {diff:+.2f} |"
    )


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("tsv", nargs="?", default=os.path.join(ROOT, "../shared/data/se-calibration.tsv"))
    parser.add_argument("--sudokit", default=os.path.join(ROOT, "target/release/sudokit"))
    parser.add_argument("--symmetry", type=int, default=None)
    args = parser.parse_args()

    rows = []
    with open(args.tsv) as tsv:
        next(tsv)
        for line in tsv:
            puzzle, collection, er, ep, ed, seconds = line.rstrip("\n").split("\t")
            if er == "timeout":
                continue
            rows.append({
                "puzzle": puzzle,
                "collection": collection,
                "se": (float(er), float(ep), float(ed)),
                "seconds": float(seconds),
            })
    text = "".join(r["puzzle"] + "\n" for r in rows)
    if args.symmetry is not None:
        text = subprocess.run(
            [args.sudokit, "transform", "--seed", str(args.symmetry)],
            input=text, capture_output=True, text=True, check=True,
        ).stdout
    start = time.perf_counter()
    out = subprocess.run(
        [args.sudokit, "rate", "--format", "json", "-j1"],
        input=text, capture_output=True, text=True,
    ).stdout
    elapsed = time.perf_counter() - start
    for row, line in zip(rows, out.splitlines()):
        answer = json.loads(line)
        row["ours"] = (answer.get("er") or 0.0, answer.get("ep") or 0.0, answer.get("ed") or 0.0)
    print("| puzzles | n | Spearman ER | within 0.3 | ER exact | EP exact | ED exact | mean ours - SE |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    report("all", rows)
    for collection in sorted({r["collection"] for r in rows}):
        report(collection, [r for r in rows if r["collection"] == collection])
    se_time = sum(r["seconds"] for r in rows)
    print()
    print(f"sudokit rate: {elapsed:.2f} s for {len(rows)} puzzles (one process, one thread); "
          f"SE: {se_time:.1f} s in all ({se_time / max(elapsed, 1e-9):.0f}x), "
          f"median {statistics.median(r['seconds'] for r in rows):.2f} s per puzzle")


if __name__ == "__main__":
    sys.exit(main())
