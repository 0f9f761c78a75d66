#!/usr/bin/env python3
"""Times commands in interleaved rounds (each round runs every command once, in turn), so that on a
shared machine load that comes and goes falls on all of them alike, and every ratio is taken from one
run. For each command it prints one line: median wall seconds, median CPU seconds (user + system of
the process and its children, from wait4) and median peak resident memory in MB.

Usage: interleave.py ROUNDS WARMUP -- CMD1 ARGS… -- CMD2 ARGS… [-- …]
Output: one line per command, "wall cpu peak_mb". Exits non-zero when a command exits 2 or more
(check exits 1 when it finds errors, which is its normal result on WooCommerce)."""
import os, statistics, sys, time

def run(argv):
    start = time.perf_counter()
    pid = os.fork()
    if pid == 0:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, 1)
        os.dup2(devnull, 2)
        try:
            os.execvp(argv[0], argv)
        finally:
            os._exit(127)
    _, status, usage = os.wait4(pid, 0)
    wall = time.perf_counter() - start
    code = os.waitstatus_to_exitcode(status)
    if code >= 2 or code < 0:
        sys.exit(f"{' '.join(argv)}: exit {code}")
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024

def main():
    rounds, warmup = int(sys.argv[1]), int(sys.argv[2])
    commands, current = [], None
    for arg in sys.argv[3:]:
        if arg == "--":
            current = []
            commands.append(current)
        else:
            current.append(arg)
    for _ in range(warmup):
        for argv in commands: run(argv)
    results = [[] for _ in commands]
    for _ in range(rounds):
        for index, argv in enumerate(commands): results[index].append(run(argv))
    for samples in results:
        print("%.4f %.4f %.0f" % tuple(statistics.median(s[k] for s in samples) for k in range(3)))

main()
