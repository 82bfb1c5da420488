"""When a drill or a puzzle comes back: the FSRS spaced-repetition scheduler (the ``fsrs``
package, the reference Python implementation of the Free Spaced Repetition Scheduler).

Each thing reviewed is a *card*: a kind of quiz exercise, a quiz exercise missed, a
puzzle missed or one made from the learner's own mistake. An answer reviews its card
(right: ``Good``, wrong: ``Again``) and FSRS sets when it is due again: minutes after a
miss (it comes back in the next session), then days, then weeks as the memory
stabilises. Cards are kept as FSRS's own JSON, with the time they are due.

:func:`replay` builds a card from a review log, answer by answer, as FSRS would have
scheduled it: that is how the quiz progress of the earlier box schedule is carried
over (``store/progress.py``, schema 3).

>>> import datetime as dt
>>> start = dt.datetime(2025, 1, 1, tzinfo=dt.timezone.utc)
>>> card = review(new_card(), False, start)
>>> due(card) - start < dt.timedelta(hours=1)      # a miss comes back soon
True
"""

from __future__ import annotations

import datetime as _dt
import json
from collections.abc import Iterable
from functools import cache
from typing import Any

#: the share of reviews FSRS aims to have answered right when they come due
RETENTION = 0.9


@cache
def scheduler() -> Any:
    """The FSRS scheduler: the package's default parameters, :data:`RETENTION`, and no
    random fuzz on the intervals (the same answers give the same schedule)."""
    from fsrs import Scheduler  # ~90 ms to import: only commands that schedule pay it

    return Scheduler(desired_retention=RETENTION, enable_fuzzing=False)


def now() -> _dt.datetime:
    """The time now, in UTC (FSRS works in UTC)."""
    return _dt.datetime.now(_dt.timezone.utc)


def new_card(when: _dt.datetime | None = None) -> Any:
    """A card never reviewed, due at once (``when``, default now)."""
    from fsrs import Card

    return Card(card_id=1, due=when or now())


def review(card: Any, correct: bool, when: _dt.datetime | None = None) -> Any:
    """The card after an answer at ``when`` (default now): right is FSRS's ``Good``,
    wrong its ``Again``."""
    from fsrs import Rating

    reviewed, _log = scheduler().review_card(card, Rating.Good if correct else Rating.Again, when or now())
    return reviewed


def due(card: Any) -> _dt.datetime:
    """When the card is due."""
    return card.due


def retrievability(card: Any, when: _dt.datetime | None = None) -> float:
    """FSRS's chance (0 to 1) that the card would be answered right at ``when``; 0 for a
    card never reviewed."""
    return float(scheduler().get_card_retrievability(card, when or now()))


def stability(card: Any) -> float | None:
    """The card's stability in days (the interval at which recall falls to 90%), None
    before its first review."""
    return card.stability


def dumps(card: Any) -> str:
    """The card as JSON text (FSRS's own form)."""
    return json.dumps(card.to_dict(), sort_keys=True)


def loads(text: Any) -> Any | None:
    """A card read back from :func:`dumps`; None for text that is not one (a damaged
    progress file: the card starts over rather than failing)."""
    from fsrs import Card

    if not isinstance(text, str) or len(text) > 1000:
        return None
    try:
        data = json.loads(text)
        card = Card.from_dict(data)
        card.due.astimezone(_dt.timezone.utc)
        if card.last_review is not None:
            card.last_review.astimezone(_dt.timezone.utc)
        return card
    except (ValueError, TypeError, KeyError, AttributeError, RecursionError):
        return None


def parse_time(text: str) -> _dt.datetime | None:
    """An ISO time as the progress file writes it (UTC), or None."""
    try:
        moment = _dt.datetime.fromisoformat(text)
    except (TypeError, ValueError):
        return None
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=_dt.timezone.utc)


def replay(answers: Iterable[tuple[str, bool]]) -> Any:
    """The card a log of answers leads to: ``(ISO time, right)`` pairs in the order given
    (times that cannot be read, or that go back in time, are skipped)."""
    card = None
    last = None
    for at, correct in answers:
        moment = parse_time(at)
        if moment is None or (last is not None and moment < last):
            continue
        moment = moment.astimezone(_dt.timezone.utc)
        if card is None:
            card = new_card(moment)
        card = review(card, bool(correct), moment)
        last = moment
    return card if card is not None else new_card()


__all__ = ["RETENTION", "due", "dumps", "loads", "new_card", "now", "parse_time", "replay", "retrievability", "review",
           "scheduler", "stability"]
