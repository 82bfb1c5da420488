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

from typing import TYPE_CHECKING

from .lazy import exports

# Public names and the module that defines each. They load on first use, so that
# the command line (which imports this package first) starts fast.
_EXPORTS = {
    "AmbiguousPlayError": "errors", "FivesError": "errors", "IllegalPlayError": "errors",
    "NotationError": "errors", "RulePackError": "errors",
    "Layout": "core.layout", "Placed": "core.layout",
    "list_packs": "packs.loader", "load_rules": "packs.loader",
    "Board": "core.plays", "Play": "core.plays", "board_position": "core.plays", "is_layout_form": "core.plays",
    "legal_plays": "core.plays", "parse_board": "core.plays", "parse_play": "core.plays", "plays_for_tile": "core.plays",
    "read_board": "core.plays", "tiles_on_table": "core.plays",
    "End": "core.position", "EndKind": "core.position", "Position": "core.position", "Reading": "core.position", "parse_ends": "core.position",
    "place": "core.position", "read_position": "core.position",
    "RuleSet": "core.rules",
    "Collection": "core.scoring", "Count": "core.scoring", "collect": "core.scoring", "count_position": "core.scoring",
    "Tile": "core.tiles", "domino_set": "core.tiles", "parse_hand": "core.tiles", "parse_tile": "core.tiles",
}


__getattr__, __dir__ = exports(__name__, _EXPORTS)


if TYPE_CHECKING:  # pragma: no cover - for type checkers and IDEs
    from .core.layout import Layout, Placed
    from .core.plays import (
        Board,
        Play,
        board_position,
        is_layout_form,
        legal_plays,
        parse_board,
        parse_play,
        plays_for_tile,
        read_board,
        tiles_on_table,
    )
    from .core.position import End, EndKind, Position, Reading, parse_ends, place, read_position
    from .core.rules import RuleSet
    from .core.scoring import Collection, Count, collect, count_position
    from .core.tiles import Tile, domino_set, parse_hand, parse_tile
    from .errors import AmbiguousPlayError, FivesError, IllegalPlayError, NotationError, RulePackError
    from .packs.loader import list_packs, load_rules

__version__ = "0.1.0"

__all__ = [  # the names of _EXPORTS (a test checks they agree)
    "AmbiguousPlayError", "Board", "Collection", "Count", "End", "EndKind", "FivesError", "IllegalPlayError",
    "Layout", "NotationError", "Placed", "Play", "Position", "Reading", "RulePackError", "RuleSet", "Tile",
    "board_position", "collect", "count_position", "domino_set", "is_layout_form", "legal_plays",
    "list_packs", "load_rules", "parse_board", "parse_ends", "parse_hand", "parse_play", "parse_tile",
    "place", "plays_for_tile", "read_board", "read_position", "tiles_on_table",
]
