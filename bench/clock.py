"""Timing for the benchmarks: the wall time of a block and the CPU time other processes
used meanwhile (from /proc/stat), so that a figure spoiled by a busy machine is seen.
Shared by hands.py and peers.py (each runs in its own environment; this file sits
beside them and needs nothing but the standard library)."""

from __future__ import annotations

import os
import time


def _busy_on(cores) -> float | None:
    """CPU seconds the given cores have spent busy since boot (from /proc/stat), or None."""
    try:
        with open("/proc/stat", encoding="ascii") as handle:
            lines = [line.split() for line in handle if line.startswith("cpu") and line[3:4].isdigit()]
    except OSError:
        return None
    busy = 0
    for fields in lines:
        if int(fields[0][3:]) in cores:
            values = [int(x) for x in fields[1:9]]
            busy += sum(values) - values[3] - values[4]  # less idle and iowait
    return busy / os.sysconf("SC_CLK_TCK")


class Clock:
    """Wall time of a block and the CPU time other processes used meanwhile on the
    cores this process may run on (a figure spoiled by them should be run again) and
    on the other cores (busy neighbours can slow a pinned process down too)."""

    def __enter__(self):
        self.cores = os.sched_getaffinity(0) if hasattr(os, "sched_getaffinity") else set()
        self.rest = set(range(os.cpu_count() or 1)) - self.cores
        self.busy, self.busy_rest = _busy_on(self.cores), _busy_on(self.rest)
        self.own, self.start = time.process_time(), time.perf_counter()
        return self

    def __exit__(self, *exc):
        self.wall = time.perf_counter() - self.start
        own, busy, busy_rest = time.process_time() - self.own, _busy_on(self.cores), _busy_on(self.rest)
        self.others = None if busy is None or self.busy is None else max(0.0, busy - self.busy - own)
        self.others_rest = None if busy_rest is None or self.busy_rest is None else busy_rest - self.busy_rest
        return False

    def note(self) -> str:
        if self.others is None:
            return ""
        warning = ""
        if self.others > 0.05 * self.wall:
            warning = "  WARNING: other processes were busy, run it again"
        elif self.others_rest is not None and self.others_rest > 0.25 * self.wall:
            warning = "  (the other cores were busy: on this machine that can cost up to 20%)"
        rest = f", on the other cores: {self.others_rest:.2f} s" if self.rest and self.others_rest is not None else ""
        return f"other processes' CPU on these cores: {self.others:.2f} s{rest}{warning}"
