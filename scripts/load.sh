#!/usr/bin/env bash
# Load run of `sudokit serve` on loopback with oha (installed from crates.io
# into .tools/ on first use): requests per second and latency percentiles for
# solve, hint and rate, then hostile requests, then a check that the server
# still answers.
#
# usage: scripts/load.sh [SECONDS_PER_ENDPOINT] [CONNECTIONS]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-10}
connections=${2:-8}

if [ ! -x .tools/bin/oha ]; then
    cargo install oha --locked --root .tools
fi
cargo build --release -p sudokit-cli

log=$(mktemp)
target/release/sudokit serve --addr 127.0.0.1:0 > "$log.out" 2> "$log" &
server=$!
trap 'kill $server 2>/dev/null; rm -f "$log" "$log.out"' EXIT
for _ in $(seq 50); do
    grep -q listening "$log.out" 2>/dev/null && break
    sleep 0.1
done
url=$(sed -n 's/^listening on \(.*\)$/\1/p' "$log.out")
echo "server: $url ($(lscpu | sed -n 's/^Model name: *//p'), $(nproc) cores)"

hard='4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......'
easy='.2.9.5...59..3.2..7..6.2..5..935.46..54...78..83.275..8..2.9..4..5.4..26...5.3.7.'
for endpoint in solve hint rate; do
    case $endpoint in
        solve) body="{\"puzzle\": \"$hard\"}" ;;
        hint) body="{\"puzzle\": \"$hard\"}" ;;
        rate) body="{\"puzzle\": \"$easy\"}" ;;
    esac
    echo "== POST /api/$endpoint, $connections connections, ${seconds}s"
    .tools/bin/oha --no-tui -z "${seconds}s" -c "$connections" -m POST \
        -H 'content-type: application/json' -d "$body" "${url}api/$endpoint" |
        grep -E 'Requests/sec|Success rate|99.00%|50.00%|\[[0-9]{3}\]'
done

echo "== hostile requests"
status() { curl -s -o /dev/null -w '%{http_code}' "$@"; }
echo "huge body: $(head -c 4000000 /dev/zero | tr '\0' '.' | status -X POST --data-binary @- "${url}api/solve")"
echo "malformed JSON: $(status -X POST -d '{"puzzle": [' "${url}api/hint")"
echo "empty grid, count with no limit: $(status -X POST -d "{\"puzzle\": \"$(printf '.%.0s' $(seq 81))\", \"limit\": 18446744073709551615}" "${url}api/count")"
echo "impossible generate: $(status -X POST -d '{"range": "19.0..20.0"}' "${url}api/generate")"
echo "still answering: $(status -X POST -d "{\"puzzle\": \"$hard\"}" "${url}api/solve")"
