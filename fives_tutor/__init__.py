"""fives-tutor: a scoring assistant and rules tutor for the domino game All Fives.

The Python API scores positions described the way a player sees the table:

>>> import fives_tutor as ft
>>> rules = ft.load_rules("dominos-cc")
>>> position = ft.Position.parse("6 2", rules)
>>> play = ft.parse_play("2|5", position, rules)
>>> str(play.after), play.total, play.points
('6 5', 11, 0)
>>> [(p.notation, p.total, p.points) for p in ft.legal_plays(ft.Position.parse("6 1"), ft.parse_hand("1|4 6|6"), rules)]
[('1|4@1', 10, 10), ('6|6@6', 13, 0)]
"""

import importlib
from typing import TYPE_CHECKING

# Public names and the module that defines each. They load on first use, so that
# the command line (which imports this package first) starts fast.
_EXPORTS = {
    "AmbiguousPlayError": "errors", "FivesError": "errors", "IllegalPlayError": "errors",
    "NotationError": "errors", "RulePackError": "errors",
    "Layout": "layout", "Placed": "layout",
    "list_packs": "packs", "load_rules": "packs",
    "Board": "plays", "Play": "plays", "board_position": "plays", "is_layout_form": "plays",
    "legal_plays": "plays", "parse_board": "plays", "parse_play": "plays", "plays_for_tile": "plays",
    "read_board": "plays", "tiles_on_table": "plays",
    "End": "position", "EndKind": "position", "Position": "position", "Reading": "position", "parse_ends": "position",
    "place": "position", "read_position": "position",
    "RuleSet": "rules",
    "Collection": "scoring", "Count": "scoring", "collect": "scoring", "count_position": "scoring",
    "Tile": "tiles", "domino_set": "tiles", "parse_hand": "tiles", "parse_tile": "tiles",
}


def __getattr__(name: str):
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'fives_tutor' has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


def __dir__():
    return sorted(list(globals()) + list(_EXPORTS))


if TYPE_CHECKING:  # pragma: no cover - for type checkers and IDEs
    from .errors import AmbiguousPlayError, FivesError, IllegalPlayError, NotationError, RulePackError
    from .layout import Layout, Placed
    from .packs import list_packs, load_rules
    from .plays import (Board, Play, board_position, is_layout_form, legal_plays, parse_board, parse_play,
                        plays_for_tile, read_board, tiles_on_table)
    from .position import End, EndKind, Position, Reading, parse_ends, place, read_position
    from .rules import RuleSet
    from .scoring import Collection, Count, collect, count_position
    from .tiles import Tile, domino_set, parse_hand, parse_tile

__version__ = "0.1.0"

__all__ = sorted(_EXPORTS)
