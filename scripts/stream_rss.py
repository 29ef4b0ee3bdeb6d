#!/usr/bin/env python3
"""Feeds `sudokit COMMAND` a stream of puzzles made on the fly (never stored)
and watches its resident memory, to show that memory stays flat however long
the input is.

    python3 scripts/stream_rss.py solve --gigabytes 10
    python3 scripts/stream_rss.py rate --gigabytes 10 --seconds 180

The stream repeats the sample collections (data/puzzles, or the folder given
with --puzzles); --comment N pads every record with a comment of N bytes after
its 81 cells (a comment may follow the cells on a line), so that 10 GB is ten
million records rather than 130 million. With --seconds the run is stopped by
SIGINT (Ctrl-C) after that long, and the script checks that stdout ended on a
whole line. Prints one line of RSS samples a minute and a summary: bytes fed,
answers read, time, and the resident set (first sample after 5 s, median, max).
"""

import argparse
import os
import signal
import statistics
import subprocess
import sys
import threading
import time


def stream_chunk(folder, comment):
    lines = []
    for name in sorted(os.listdir(folder)):
        if not name.endswith(".txt"):
            continue
        with open(os.path.join(folder, name), "rb") as f:
            for line in f:
                line = line.strip()
                if len(line) == 81:
                    lines.append(line)
    pad = b"  #" + b"x" * max(comment - 3, 0) if comment else b""
    chunk = b"".join(line + pad + b"\n" for line in lines)
    # About 4 MB per write keeps the generator far faster than any command.
    copies = max(1, (4 << 20) // len(chunk))
    return chunk * copies, len(lines) * copies


def rss_kib(pid):
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except OSError:
        return None
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("command", help="solve, count, check, rate, canon, ...")
    parser.add_argument("--gigabytes", type=float, default=10.0)
    parser.add_argument("--comment", type=int, default=900, help="comment bytes per record")
    parser.add_argument("--seconds", type=float, help="stop with SIGINT after this long")
    parser.add_argument("--binary", default="target/release/sudokit")
    parser.add_argument("--puzzles", default="data/puzzles")
    # Any other argument (such as -j2) goes to the command.
    options, extra = parser.parse_known_args()

    chunk, per_chunk = stream_chunk(options.puzzles, options.comment)
    record_bytes = len(chunk) // per_chunk
    total = int(options.gigabytes * (1 << 30))
    process = subprocess.Popen(
        [options.binary, options.command, *extra],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    fed = [0]

    def feed():
        try:
            while fed[0] < total:
                piece = chunk[: total - fed[0]]
                process.stdin.write(piece)
                fed[0] += len(piece)
        except (BrokenPipeError, ValueError):
            pass
        finally:
            try:
                process.stdin.close()
            except (BrokenPipeError, OSError):
                pass

    answers = [0, b""]

    def drain():
        for line in iter(lambda: process.stdout.read(1 << 20), b""):
            answers[0] += line.count(b"\n")
            answers[1] = line[-1:]

    errors = []
    threading.Thread(target=feed, daemon=True).start()
    reader = threading.Thread(target=drain, daemon=True)
    reader.start()
    threading.Thread(
        target=lambda: errors.extend(process.stderr.read().splitlines()), daemon=True
    ).start()

    start = time.monotonic()
    samples = []
    interrupted = False
    next_report = 60
    while process.poll() is None:
        time.sleep(1)
        elapsed = time.monotonic() - start
        rss = rss_kib(process.pid)
        if rss is not None and elapsed >= 5:
            samples.append(rss)
        if elapsed >= next_report:
            print(
                f"  {elapsed:6.0f} s: {fed[0] / 2**30:6.2f} GiB fed, {answers[0]} answers, "
                f"RSS {rss} KiB",
                flush=True,
            )
            next_report += 60
        if options.seconds and elapsed >= options.seconds and not interrupted:
            process.send_signal(signal.SIGINT)
            interrupted = True
    reader.join()
    elapsed = time.monotonic() - start
    status = process.wait()
    print(
        f"sudokit {options.command}: {fed[0] / 2**30:.2f} GiB fed ({fed[0] // record_bytes} records), "
        f"{answers[0]} answers in {elapsed:.0f} s, exit {status}"
        + (" after SIGINT" if interrupted else "")
    )
    if samples:
        print(
            f"  RSS KiB: first {samples[0]}, median {int(statistics.median(samples))}, "
            f"max {max(samples)} ({len(samples)} samples, one a second)"
        )
    if answers[1] not in (b"", b"\n"):
        print("  stdout did NOT end on a whole line", file=sys.stderr)
        return 1
    for line in errors[-3:]:
        print("  stderr:", line.decode(errors="replace"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
