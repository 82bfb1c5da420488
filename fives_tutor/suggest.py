"""Did you mean: the known names closest to a name that was mistyped.

One helper for every list a user names things from (pack ids, engine levels, the keys
of a pack, the players at the table, options, lessons, languages): pure, knowing no
language, and bounded (a long or hostile name costs no more than a short one).

Similarity is :class:`difflib.SequenceMatcher`'s ratio (twice the matching characters
over the characters of both), on names folded the same way: case, a leading ``-``
or ``--`` of an option, and ``_`` against ``-`` do not count. A name is suggested
when its ratio reaches :data:`CUTOFF` (difflib's own default), or when what was typed
is the start of it (at least :data:`PREFIX` characters: ``pagat`` for
``pagat-all-fives``), and it is about as close as the closest one (within
:data:`MARGIN`): ``mugins`` gets ``muggins`` alone, and a far second name is never
offered beside a near first. The leading dashes of an option
are left out because they are in every option: counted, they made ``--pley`` as
close to ``--rules`` (0.62) as a name needs to be.

>>> closest("mugins", ["dominos-cc", "five-up", "muggins"])
('muggins',)
>>> closest("--pley", ["--play", "--players", "--rules", "--lang"])
('--play',)
>>> closest("Expert", ["greedy", "expert"]), closest("zzz", ["greedy", "expert"])
(('expert',), ())
"""

from __future__ import annotations

from collections.abc import Iterable

#: the lowest similarity (0 to 1) a suggested name has with what was typed
CUTOFF = 0.6
#: how much less similar than the closest name another suggested name may be
MARGIN = 0.1
#: names longer than this are not compared (nothing a user names is that long)
LONGEST = 64
#: at most this many known names are compared
KNOWN = 2000
#: a name typed this long or longer that starts a known name (``pagat``) suggests it
PREFIX = 3


def fold(name: str) -> str:
    """``name`` as it is compared: case folded, an option's leading dashes left out,
    ``_`` read as ``-``, runs of spaces as one."""
    return " ".join(name.casefold().lstrip("-").replace("_", "-").split())


def closest(typed: str, known: Iterable[str], limit: int = 3, after: str | None = None) -> tuple[str, ...]:
    """The names of ``known`` that ``typed`` most likely meant, closest first, at most
    ``limit`` of them; () when none is close (or ``typed`` is empty or longer than
    :data:`LONGEST`). A name that differs from ``typed`` only as :func:`fold` allows
    (``Expert`` for ``expert``) is the one answer.

    ``after``: ``typed`` is a name with options after this separator, kept as they
    are (``monte-carol:200`` means ``monte-carlo:200``); a ``typed`` whose name is
    known gets no suggestion (its options are what is wrong).

    >>> closest("monte-carol:200", ["greedy", "monte-carlo"], after=":")
    ('monte-carlo:200',)
    """
    if after is not None and after in typed:
        name, separator, rest = typed.partition(after)
        names = list(known)
        if name in names:
            return ()
        return tuple(found + separator + rest for found in closest(name, names, limit))
    wanted = fold(typed)
    if not wanted or len(typed) > LONGEST:
        return ()
    names = []
    for index, name in enumerate(known):
        if index >= KNOWN:
            break
        if isinstance(name, str) and name and len(name) <= LONGEST and name not in names:
            names.append(name)
    same = [name for name in names if fold(name) == wanted]
    if same:
        return tuple(same[:limit])
    from difflib import SequenceMatcher  # start-up: only a slip is matched (1.5 ms of every command)

    matcher = SequenceMatcher()
    matcher.set_seq2(wanted)
    scored = []
    for order, name in enumerate(names):
        folded = fold(name)
        matcher.set_seq1(folded)
        ratio = matcher.ratio() if matcher.real_quick_ratio() >= CUTOFF and matcher.quick_ratio() >= CUTOFF else 0.0
        if len(wanted) >= PREFIX and folded.startswith(wanted):
            ratio = max(ratio, CUTOFF)  # the start of a name (pagat, hand): that name
        if ratio >= CUTOFF:
            scored.append((-ratio, order, name))
    if not scored:
        return ()
    scored.sort()
    best = -scored[0][0]
    return tuple(name for ratio, _order, name in scored if -ratio >= best - MARGIN)[:limit]


__all__ = ["CUTOFF", "MARGIN", "closest", "fold"]
