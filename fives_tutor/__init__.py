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

from .errors import AmbiguousPlayError, FivesError, IllegalPlayError, NotationError, RulePackError
from .layout import Layout, Placed
from .packs import list_packs, load_rules
from .plays import (Board, Play, board_position, is_layout_form, legal_plays, parse_board, parse_play, plays_for_tile,
                    tiles_on_table)
from .position import End, EndKind, Position, parse_ends, place
from .rules import RuleSet
from .scoring import Collection, Count, collect, count_position
from .tiles import Tile, domino_set, parse_hand, parse_tile

__version__ = "0.1.0"

__all__ = [
    "AmbiguousPlayError", "Board", "Collection", "Count", "End", "EndKind", "FivesError", "IllegalPlayError",
    "Layout", "NotationError", "Placed", "Play", "Position", "RulePackError", "RuleSet", "Tile",
    "board_position", "collect", "count_position", "domino_set", "legal_plays", "list_packs", "load_rules",
    "is_layout_form", "parse_board", "parse_ends", "parse_hand", "parse_play", "parse_tile", "place", "plays_for_tile", "tiles_on_table",
]
