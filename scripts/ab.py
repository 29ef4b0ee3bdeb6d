#!/usr/bin/env python3
"""A/B timing of two versions of the sudokit library in one process.

Builds a throwaway workspace in target/ab holding the library as of BASE (a git
revision, HEAD by default) and as in the working tree (or as of --new REV), and
a small program (scripts/ab/main.rs) that links both and times them on the
same puzzles in alternation, chunk by chunk; it prints one markdown row per file
with both rates and new/base (above 1: the new version is faster).

    python3 scripts/ab.py [--base REV] [--new REV] [--seconds S] ENGINE FILE...

ENGINE is first, count2 or lexmin; QUESTION:PEER (PEER crate-first or
crate-count2) times the base version's QUESTION against the `sudoku` crate
instead, and new / base then reads crate / sudokit.
On a shared machine whole-process timings drift by 10-20% within minutes;
these ratios repeat within about 1%.
"""

import argparse
import os
import pathlib
import shutil
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
WORK = ROOT / "target" / "ab"

MANIFEST = """[workspace]
resolver = "2"
members = ["base", "new", "bench"]

[workspace.package]
version = "0.0.0"
edition = "2021"
license = "MIT OR Apache-2.0"
rust-version = "1.89"
repository = "https://example.invalid/sudokit"

[profile.release]
lto = "fat"
codegen-units = 1
panic = "abort"
debug = "line-tables-only"
"""

BENCH_MANIFEST = """[package]
name = "ab"
version = "0.0.0"
edition = "2021"
publish = false

[dependencies]
sudokit_base = { path = "../base" }
sudokit_new = { path = "../new" }
sudoku = "0.8"
"""


def library_at(revision, destination):
    """Copies crates/sudokit as of `revision` (None: the working tree) to `destination`."""
    if destination.exists():
        shutil.rmtree(destination)
    if revision is None:
        shutil.copytree(ROOT / "crates" / "sudokit", destination,
                        ignore=shutil.ignore_patterns("target"))
    else:
        destination.mkdir(parents=True)
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", revision, "crates/sudokit"],
                                 check=True, capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", str(destination), "--strip-components=2"],
                       input=archive, check=True)
    manifest = destination / "Cargo.toml"
    text = manifest.read_text().replace('name = "sudokit"', f'name = "sudokit_{destination.name}"', 1)
    # Only the library is needed: no tests, benches or dev-dependencies.
    text = text.split("[dev-dependencies]")[0]
    # The project's lints live in its workspace manifest, not in this one.
    text = text.replace("[lints]\nworkspace = true\n", "")
    manifest.write_text(text)
    for extra in ("tests", "benches", "examples"):
        shutil.rmtree(destination / extra, ignore_errors=True)
    # Cargo decides whether a path dependency changed by its files' times, and
    # both `git archive` (the commit's time) and copytree (the file's own)
    # give times that can predate the last build of this side: it would then
    # time that older build. Every file is stamped now, so each run rebuilds.
    for path in destination.rglob("*"):
        os.utime(path)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", default="HEAD", help="git revision of the base (default HEAD)")
    parser.add_argument("--new", default=None, help="git revision of the new side (default: working tree)")
    parser.add_argument("--seconds", type=float, default=3.0, help="time per file (default 3)")
    parser.add_argument("engine")
    parser.add_argument("files", nargs="+")
    args = parser.parse_args()

    (WORK / "bench" / "src").mkdir(parents=True, exist_ok=True)
    (WORK / "Cargo.toml").write_text(MANIFEST)
    (WORK / "bench" / "Cargo.toml").write_text(BENCH_MANIFEST)
    shutil.copy(ROOT / "scripts" / "ab" / "main.rs", WORK / "bench" / "src" / "main.rs")
    library_at(args.base, WORK / "base")
    library_at(args.new, WORK / "new")
    build = subprocess.run(["cargo", "build", "--release", "--quiet", "-p", "ab"], cwd=WORK)
    if build.returncode != 0:
        sys.exit(build.returncode)
    binary = WORK / "target" / "release" / "ab"
    sys.exit(subprocess.run([str(binary), args.engine, str(args.seconds)] + args.files).returncode)


if __name__ == "__main__":
    main()
