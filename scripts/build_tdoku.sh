#!/bin/sh
# Builds tdoku, the peer the speed goal is checked against, from its public
# repository, under this project's driver (scripts/peers/tdoku_driver.cc):
#
#     scripts/build_tdoku.sh [MARCH]     # MARCH: g++'s -march, default native
#
# prints the path of the program it built, target/peers/tdoku_cli (or
# tdoku_cli-MARCH), which takes `first FILE` and `count2 FILE` as
# scripts/whole_process.py's --also wants:
#
#     python3 scripts/whole_process.py --also tdoku=$(scripts/build_tdoku.sh) FILE...
#
# `scripts/build_tdoku.sh znver3` builds tdoku's AVX2 paths only, as on a CPU
# without AVX-512. The sources are fetched once into target/peers/tdoku at the
# commit below (set TDOKU_SOURCE to a checkout of your own to skip the fetch);
# they stay outside the repository, as the project keeps no peer's code.
set -eu
march=${1:-native}
commit=af426180dc53aef89b82868e7b3fdfcf42165654
root=$(cd "$(dirname "$0")/.." && pwd)
peers=$root/target/peers
source=${TDOKU_SOURCE:-$peers/tdoku}
mkdir -p "$peers"
if [ ! -f "$source/src/solver_dpll_triad_simd.cc" ]; then
    git clone --quiet https://github.com/t-dillon/tdoku.git "$source" >&2
    git -C "$source" checkout --quiet "$commit" >&2
fi
program=$peers/tdoku_cli
[ "$march" = native ] || program=$peers/tdoku_cli-$march
g++ -O3 -march="$march" -std=c++17 -o "$program" "$root/scripts/peers/tdoku_driver.cc" \
    "$source/src/solver_dpll_triad_simd.cc" "$source/src/util.cc" >&2
echo "$program"
