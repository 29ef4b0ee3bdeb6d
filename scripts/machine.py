"""The line the timing scripts print above their tables: the CPU, and what sudokit chose on it.

    from machine import machine_line
    print(machine_line(path_to_sudokit))

gives, say, `Machine: AMD EPYC (family 25, model 1), 2 logical CPUs; sudokit: avx2+pext engine,
one board at a time (first solutions)`, so that every figure names the CPU it was measured on.
`disguise` writes a file's random symmetries, as the timing scripts time them.
"""

import os
import platform
import subprocess
import tempfile


def cpu_name():
    """The CPU's model name, family and model (from /proc/cpuinfo where there is one)."""
    fields = {}
    try:
        with open("/proc/cpuinfo") as info:
            for line in info:
                key, _, value = line.partition(":")
                fields.setdefault(key.strip(), value.strip())
    except OSError:
        return platform.processor() or "unknown CPU"
    name = fields.get("model name", "unknown CPU")
    if "cpu family" in fields and "model" in fields:
        name += f" (family {fields['cpu family']}, model {fields['model']})"
    return name


def machine_line(sudokit):
    """The CPU, its logical CPUs, and the engine and first-solution stepping sudokit chose."""
    with tempfile.NamedTemporaryFile("w", suffix=".txt") as board:
        board.write("." * 81 + "\n")
        board.flush()
        done = subprocess.run([str(sudokit), "solve", "--first", "--stats", "-j1", board.name],
                              capture_output=True, text=True, check=True)
    summary = done.stderr.strip().splitlines()[-1]
    # "sudokit: 1 record in ... on 1 thread, avx2+pext engine, one board at a time; ..."
    chosen = summary.partition(" thread, ")[2].partition(";")[0]
    return (f"Machine: {cpu_name()}, {os.cpu_count()} logical CPUs; "
            f"sudokit: {chosen} (first solutions)")


def disguise(sudokit, name, seed, path):
    """Writes to `path` a random symmetry of each puzzle of file `name`, drawn from `seed`
    (`sudokit transform --seed`): the speed goals are checked on held-out symmetries."""
    with open(path, "wb") as out:
        subprocess.run([str(sudokit), "transform", "--seed", str(seed), str(name)],
                       stdout=out, check=True)
