"""Running jobs in one process or spread over several, with the same results in the same order."""

from __future__ import annotations

from typing import Callable, Sequence


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
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(max_workers=workers) as pool:
        for done in pool.map(worker, jobs):
            results.extend(done)
            if progress:
                progress(len(done))
    return results
