"""The public vectors: worked examples from published rule pages.

``tests/vectors.yaml`` is a verbatim copy of the shared vectors file (a user's clone
has no ``../shared``). Each vector names its pack; a position vector gives the ends
form before (``pos``), an optional ``play``, and the open-end ``total``, the
``points`` and the ends form (``ends``) after it; a count vector gives each
opponent's remaining pips (``count``) and what the winner collects (``points``).
The expected values are the published ones (see the comments in the YAML file).
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from fives_tutor import Position, load_rules, parse_play
from fives_tutor.core.scoring import collect, count_position

VECTORS_FILE = Path(__file__).with_name("vectors.yaml")
VECTORS = yaml.safe_load(VECTORS_FILE.read_text(encoding="utf-8"))

POSITION_VECTORS = [v for v in VECTORS if "pos" in v]
COUNT_VECTORS = [v for v in VECTORS if "count" in v]


def _position_id(vector: dict) -> str:
    text = f"{vector['pack']}: {vector['pos']}"
    if "play" in vector:
        text += f" + {vector['play']}"
    return text


def _count_id(vector: dict) -> str:
    return f"{vector['pack']}: count {' + '.join(vector['count'])}"


def test_vectors_file_is_complete():
    # 6 Dominos.cc examples, 9 plays of the pagat worked hand, 4 hand-end counts
    assert len(POSITION_VECTORS) == 15
    assert len(COUNT_VECTORS) == 4
    assert len(VECTORS) == len(POSITION_VECTORS) + len(COUNT_VECTORS)
    assert {v["pack"] for v in VECTORS} == {"dominos-cc", "pagat-all-fives"}


@pytest.mark.parametrize("vector", POSITION_VECTORS, ids=_position_id)
def test_position_vector(vector):
    rules = load_rules(vector["pack"])
    before = Position.parse(vector["pos"], rules)
    if "play" in vector:
        play = parse_play(vector["play"], before, rules)
        after, total, points = play.after, play.total, play.points
    else:
        after = before
        total = before.total(rules)
        points = count_position(before, rules).points
    assert total == vector["total"]
    assert points == vector["points"]
    if "ends" in vector:
        # the canonical print is exactly the ends form of the vector ...
        assert str(after) == vector["ends"]
        # ... and reading that ends form back gives the same position
        assert Position.parse(vector["ends"], rules) == after


@pytest.mark.parametrize("vector", POSITION_VECTORS, ids=_position_id)
def test_position_vector_count_terms_add_up(vector):
    """The term-by-term count of the position after the play adds up to the vector's total."""
    rules = load_rules(vector["pack"])
    before = Position.parse(vector["pos"], rules)
    after = parse_play(vector["play"], before, rules).after if "play" in vector else before
    count = count_position(after, rules)
    assert count.total == vector["total"]
    assert sum(term.count for term in count.terms) == vector["total"]
    assert count.points == vector["points"]


@pytest.mark.parametrize("vector", COUNT_VECTORS, ids=_count_id)
def test_count_vector(vector):
    rules = load_rules(vector["pack"])
    pips = [int(p) for p in vector["count"]]
    assert collect(pips, rules).points == vector["points"]
