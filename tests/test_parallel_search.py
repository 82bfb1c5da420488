"""One search shared among processes (``fives best --workers``): the same deals, the
same values and the same answer as one process, whatever the number of workers."""

from __future__ import annotations

import os
from contextlib import nullcontext
from multiprocessing import Pipe

import pytest

from fives_tutor.core.position import Position
from fives_tutor.core.tiles import parse_hand
from fives_tutor.engine import Situation
from fives_tutor.engine.judge import analyse
from fives_tutor.packs.loader import load_rules
from fives_tutor.study.parallel import Forked, _run_round, usable_cores

fork_only = pytest.mark.skipif(not hasattr(os, "fork"), reason="the system cannot fork: one process serves")


def _figures(analysis):
    return [(v.play.notation, v.ranked.value, v.ranked.stderr, v.ranked.samples, v.ranked.raced_out, v.behind,
             v.noise) for v in analysis.plays]


def _situations():
    # two players with a boneyard; four players near the target (the match weighed and
    # every other seat in the style its plays showed, drawn deal by deal)
    cc = load_rules("dominos-cc")
    pagat = load_rules("pagat-all-fives")
    return [
        Situation.build(Position.parse("6 2"), parse_hand("2|5 6|4 3|3 1|1 0|5 4|4", 6), cc, opponents=(5,),
                        boneyard=17),
        Situation.build(Position.parse("5 3"), parse_hand("5|5 3|1 3|6 0|0 2|4", 6), pagat, opponents=(5, 5, 5),
                        boneyard=8, scores=(100, 120)),
    ]


class Halves:
    """A spread in this process: each round's deals in two parts, valued in turn and
    the second part first, as another process may finish first."""

    parts = 2

    def __init__(self):
        self.rounds = 0

    def open(self, evaluate):
        def run(jobs):
            self.rounds += 1
            results = [evaluate(job) for job in reversed(jobs)]
            return list(reversed(results))
        return nullcontext(run)


@pytest.mark.parametrize("index", [0, 1])
def test_a_round_in_parts_gives_the_values_of_one_process(index):
    situation = _situations()[index]
    alone = analyse(situation, 100, seed="parallel")
    halves = Halves()
    shared = analyse(situation, 100, seed="parallel", spread=halves)
    assert halves.rounds > 1  # the rounds of the race went through the spread
    assert _figures(shared) == _figures(alone)


@fork_only
@pytest.mark.parametrize("workers", [2, 3])
def test_forked_workers_give_the_answer_of_one_process(workers):
    for situation in _situations():
        alone = analyse(situation, 80, seed="forked")
        assert _figures(analyse(situation, 80, seed="forked", spread=Forked(workers))) == _figures(alone)


@fork_only
def test_the_workers_end_with_the_search():
    situation = _situations()[0]
    before = _children()
    analyse(situation, 40, seed="ended", spread=Forked(3))
    assert _children() == before


def _children() -> set[int]:
    """The processes whose parent is this one (Linux: from /proc)."""
    if not os.path.isdir("/proc"):
        return set()
    found = set()
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                with open(f"/proc/{name}/stat", encoding="ascii", errors="replace") as f:
                    fields = f.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == os.getpid() and fields[0] != "Z":
                found.add(int(name))
    return found


def test_a_part_whose_worker_is_gone_is_worked_out_here():
    # a worker that died: its pipe is closed, so the part comes back worked out here
    mine, theirs = Pipe()
    theirs.close()
    doubled = _run_round(lambda job: [x * 2 for x in job], [(0, mine)], [[1, 2], [3], [4]])
    assert doubled == [[2, 4], [6], [8]]


def test_one_worker_or_no_fork_means_one_part(monkeypatch):
    assert Forked(1).parts == 1
    monkeypatch.delattr(os, "fork", raising=False)
    assert Forked(4).parts == 1
    assert 1 <= usable_cores() <= 4


def test_best_gives_the_same_answer_with_any_number_of_workers(run):
    args = ["best", "6 2", "--hand", "2|5 6|4 3|3 1|1", "--json"]
    one = run(*args, "--workers", "1")
    assert one.exit_code == 0, one.stderr
    for workers in ("2", "3"):
        other = run(*args, "--workers", workers)
        assert other.exit_code == 0, other.stderr
        assert other.stdout == one.stdout
