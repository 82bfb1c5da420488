"""Running jobs in one process or spread over several, with the same results in the same order."""

from __future__ import annotations

from collections.abc import Callable, Sequence


def run_jobs(worker: Callable[[tuple], list], jobs: Sequence[tuple], workers: int = 1,
             progress: Callable[[int], None] | None = None) -> list:
    """``worker(job)`` for each job (a module-level function, so processes can run it),
    results concatenated in the order of ``jobs``; ``progress`` is told how many
    results each job gave. With ``workers`` > 1 the jobs go to that many processes."""
    results: list = []
    if workers <= 1 or len(jobs) <= 1:
        outputs = map(worker, jobs)
        for done in outputs:
            results.extend(done)
            if progress:
                progress(len(done))
        return results
    import gc
    import signal
    import threading
    from concurrent.futures import ProcessPoolExecutor

    # forked workers inherit the caller's objects; freezing them keeps every worker's
    # garbage collector from scanning them again (about 10% of a worker's time when
    # the caller holds many earlier results)
    gc.freeze()
    with ProcessPoolExecutor(max_workers=workers) as pool:
        def stop(signum, _frame):
            # a terminated command takes its workers with it
            for process in list(getattr(pool, "_processes", {}).values()):
                process.terminate()
            raise SystemExit(128 + signum)

        in_main = threading.current_thread() is threading.main_thread()
        previous = signal.signal(signal.SIGTERM, stop) if in_main else None
        try:
            for done in pool.map(worker, jobs):
                results.extend(done)
                if progress:
                    progress(len(done))
        finally:
            if in_main:
                signal.signal(signal.SIGTERM, previous)
            gc.unfreeze()
    return results
