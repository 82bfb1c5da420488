"""Running jobs in one process or spread over several, with the same results in the same order."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager

#: the most processes a search shares its playouts among by default (past a few, the
#: rounds of the race are too short to share well)
MOST_WORKERS = 4


def usable_cores(most: int = MOST_WORKERS) -> int:
    """The processor cores this process may run on (its affinity where the system says
    it), at most ``most``."""
    import os

    try:
        cores = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        cores = os.cpu_count() or 1
    return max(1, min(most, cores))


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


class Forked:
    """Processes that share one search's playouts where a person waits for the answer
    (:class:`fives_tutor.engine.search.Spread`): ``workers`` in all, this process
    included. The others are forked when a search opens them, so they hold the search as
    it is; each round's parts go to them over pipes and come back in order. Where the
    system cannot fork (Windows), or with one worker, there is one part: the search runs
    here alone. A worker that fails leaves its part to this process, which works it out
    itself: the answer is the same either way."""

    def __init__(self, workers: int) -> None:
        import os

        self.parts = max(1, workers) if hasattr(os, "fork") else 1

    @contextmanager
    def open(self, evaluate: Callable) -> Iterator[Callable[[list], list]]:
        """The runner of ``evaluate`` over a round's parts (a context manager; the
        workers end when it is left, however it is left)."""
        children = _fork_workers(evaluate, self.parts - 1)
        try:
            yield lambda jobs: _run_round(evaluate, children, jobs)
        finally:
            _end_workers(children)


def _fork_workers(evaluate: Callable, count: int) -> list:
    """``count`` forked processes, each answering ``evaluate(job)`` for every job it is
    sent until it is sent None or its pipe closes: ``[(pid, connection)]``."""
    import os
    import signal
    import sys
    from multiprocessing import Pipe

    children: list = []
    for _ in range(count):
        mine, theirs = Pipe()
        sys.stdout.flush()
        sys.stderr.flush()
        pid = os.fork()
        if pid == 0:  # the worker: it never returns into the caller's code
            code = 0
            try:
                mine.close()
                signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the command's to handle
                while True:
                    try:
                        job = theirs.recv()
                    except EOFError:
                        break
                    if job is None:
                        break
                    theirs.send(evaluate(job))
            except BaseException:
                code = 1
            finally:
                os._exit(code)
        theirs.close()
        children.append((pid, mine))
    return children


def _run_round(evaluate: Callable, children: list, jobs: list) -> list:
    """Each job's result in order: the first worked out here while the workers work out
    the others; a job whose worker failed is worked out here."""
    sent = []
    for (_pid, connection), job in zip(children, jobs[1:]):
        try:
            connection.send(job)
            sent.append((connection, job, True))
        except OSError:
            sent.append((connection, job, False))
    results = [evaluate(jobs[0])] if jobs else []
    for connection, job, ok in sent:
        try:
            results.append(connection.recv() if ok else evaluate(job))
        except (EOFError, OSError):
            results.append(evaluate(job))
    results.extend(evaluate(job) for job in jobs[1 + len(children):])
    return results


def _end_workers(children: list) -> None:
    import os

    for _pid, connection in children:
        try:
            connection.send(None)
        except OSError:
            pass  # (it has ended already)
        connection.close()
    for pid, _connection in children:
        try:
            os.waitpid(pid, 0)
        except ChildProcessError:
            pass
