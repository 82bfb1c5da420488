"""Rule packs: YAML files that give every rule parameter of a variant.

A pack has an ``id``, a ``source`` (the published rules it follows), a ``name``
and a ``summary`` (text per language code), ``extends`` (optional: a built-in id
or a path, relative to the pack, whose values it overrides) and ``rules``, checked
against :data:`SCHEMA`. A pack without ``extends`` must give every rule.
Built-in packs live in ``rules/``; a user's own packs in ``<user data>/rules``
(``$FIVES_HOME/rules``). A bad pack raises :class:`~fives_tutor.errors.RulePackError`
with the file, the key path and what was expected.

>>> rules = load_rules("pagat-all-fives")
>>> rules.spinner.arms_open, rules.hand_end.collect, rules.match.target[2]
('after_sides', 'combined', 250)
"""

from __future__ import annotations

import json
import os
import re
import shlex
import zlib
from collections.abc import Iterable
from functools import lru_cache
from types import MappingProxyType
from typing import Any, NamedTuple

from ..bounds import bounded_repr, has_control, shown
from ..core.rules import (
    HandEndRules,
    LeadRules,
    MatchRules,
    MugginsRules,
    PlayerRules,
    RuleSet,
    ScoringRules,
    SpinnerRules,
    TurnRules,
)
from ..errors import N_, Msg, RulePackError, did_you_mean, os_reason, span
from ..resources import data_dir, user_home
from .bounded_yaml import load

#: the languages every built-in pack names itself in
LANGUAGES = ("en", "tl", "id", "nl", "fa")
#: a user's pack larger than this is refused (a YAML file can expand aliases)
MAX_PACK_BYTES = 256 * 1024
DEFAULT_PACK = "dominos-cc"

# Each rule: (kind, details). Kinds: int (low, high), bool, enum (choices), ints (low, high),
# per_players (inner rule): a value for each player count.
SCHEMA: dict[str, dict[str, tuple]] = {
    "set": {"max_pips": ("int", 1, 18)},
    "players": {
        "min": ("int", 2, 10),
        "max": ("int", 2, 10),
        "hand_size": ("per_players", ("int", 1, 40)),
        "partnerships_with_four": ("bool",),
    },
    "lead": {
        "first_hand": ("enum", "highest_double", "lowest_double", "by_lot"),
        "later_hands": ("enum", "same_as_first", "previous_domino", "to_the_left"),
        "scores": ("bool",),
    },
    "turn": {
        "draw": ("enum", "until_playable", "one", "none"),
        "boneyard_reserve": ("int", 0, 10),
        "draw_while_able": ("bool",),
    },
    "spinner": {
        "doubles": ("enum", "none", "first", "every"),
        "arms_open": ("enum", "at_once", "after_sides"),
        "lone_counts": ("enum", "both_halves", "one_half"),
    },
    "scoring": {
        "divisors": ("ints", 2, 20),
        "points": ("enum", "total", "quotient"),
    },
    "muggins": {
        "announce": ("bool",),
        "wrong_claim": ("enum", "nothing", "claimed_points"),
    },
    "hand_end": {
        "collect": ("enum", "each_opponent", "combined", "none"),
        "rounding": ("enum", "nearest_five", "down", "up", "none"),
        "points": ("enum", "pips", "per_five"),
        "subtract_winner_pips": ("bool",),
        "double_in_hand": ("enum", "both_halves", "one_half"),
        "chip_out_bonus": ("int", 0, 100),
        "blocked_tie": ("per_players", ("enum", "fewer_tiles", "nobody", "split")),
    },
    "match": {
        "target": ("per_players", ("int", 1, 100000)),
        "overshoot": ("enum", "allowed", "not_taken", "bounce"),
    },
}
#: keys read as another key's value, section by section: (old key, new key, value for true, value for false)
ALIASES = {"match": ("exact", "overshoot", "not_taken", "allowed")}
_TOP_KEYS = ("id", "extends", "source", "citation", "name", "summary", "rules", "lessons")
_ID_RE = re.compile(r"[a-z0-9][a-z0-9._-]{0,63}\Z")


class PackInfo(NamedTuple):
    """A pack found on this machine: its ``id``, file ``path``, whether it is ``builtin``,
    and ``shadows``: the built-in id a user's file is named like (such a file is
    refused, never silently ignored), else None."""

    id: str
    path: str
    builtin: bool
    shadows: str | None = None


def builtin_dir() -> str:
    """The folder of the built-in packs."""
    return data_dir("rules")


def user_dir() -> str:
    """The folder of the user's own packs (``$FIVES_HOME/rules`` or the user data dir)."""
    return os.path.join(user_home(), "rules")


def _declared_id(path: str) -> str | None:
    """The ``id`` a pack file declares, or None when it declares none or cannot be read."""
    try:
        data = _read(path)
    except RulePackError:
        return None
    declared = data.get("id") if isinstance(data, dict) else None
    return declared if isinstance(declared, str) else None


def builtin_ids() -> frozenset[str]:
    """The ids of the built-in packs (no other pack may claim one)."""
    return frozenset(_stem(path) for path in _yaml_files(builtin_dir()))


def is_builtin(path: str) -> bool:
    """Whether ``path`` is one of the built-in pack files."""
    return os.path.dirname(os.path.realpath(path)) == os.path.realpath(builtin_dir())


def _yaml_files(folder: str) -> list[str]:
    try:
        return sorted(os.path.join(folder, f) for f in os.listdir(folder) if f.endswith(".yaml"))
    except OSError:
        return []


def _stem(path: str) -> str:
    return os.path.splitext(os.path.basename(path))[0]


def list_packs(include_user: bool = True) -> list[PackInfo]:
    """Built-in packs, then the user's. A user's file named like a built-in pack is
    listed too, with ``shadows`` set: it is refused (see :func:`check_user_file`)."""
    found = [PackInfo(_stem(path), path, True) for path in _yaml_files(builtin_dir())]
    if include_user:
        builtin = {info.id for info in found}
        for path in _yaml_files(user_dir()):
            stem = _stem(path)
            found.append(PackInfo(stem, path, False, stem if stem in builtin else None))
    return found


def check_user_file(info: PackInfo) -> None:
    """Raise :class:`RulePackError` for a user's pack file named like a built-in pack:
    ``--rules NAME`` always means the built-in one, so the file would never be used."""
    if info.shadows:
        raise RulePackError(N_("{path}: this file is named like the built-in pack {name}, which always comes first; "
                               "rename the file (and give it an id of its own)"), path=info.path, name=info.shadows)


def command_name(rules: RuleSet) -> str:
    """How a command names the pack of ``rules`` so that it loads this very pack: its id
    when the id finds the same file (a built-in or user pack), else the file's path
    (quoted for a shell when it needs it)."""
    try:
        if os.path.realpath(resolve(rules.id)) == os.path.realpath(rules.path):
            return rules.id
    except RulePackError:
        pass
    return shlex.quote(rules.path) if rules.path else rules.id


def resolve(name: str, relative_to: str | None = None) -> str:
    """The file of pack ``name``: a path to a YAML file, a built-in id or a user pack id.

    Raises :class:`RulePackError` when nothing matches.
    """
    candidate = os.path.expanduser(name)
    is_file_name = candidate.endswith((".yaml", ".yml"))
    if relative_to is not None and not os.path.isabs(candidate):
        relative = os.path.join(os.path.dirname(relative_to), candidate)
        if is_file_name and os.path.isfile(relative):
            return relative
    if is_file_name or "/" in name or "\\" in name:
        if os.path.isfile(candidate):
            return candidate
        if os.path.isdir(candidate):  # --rules ~/packs: the folder, not a pack in it
            raise RulePackError(N_("{path}: cannot read the file: {reason}"), path=name,
                                reason=Msg(N_("it is a folder, not a file")))
        raise RulePackError(N_("{path}: no such rule pack file"), path=name)
    builtin = os.path.join(builtin_dir(), f"{name}.yaml")
    if os.path.isfile(builtin):
        return builtin
    user = os.path.join(user_dir(), f"{name}.yaml")
    if os.path.isfile(user):
        return user
    for info in list_packs():
        if not info.builtin and not info.shadows and _declared_id(info.path) == name:
            return info.path  # a user pack found by the id it declares, not its file name
    choices = tuple(info.id for info in list_packs() if not info.shadows)
    close = did_you_mean(name, choices)
    if close is not None:  # mugins: did you mean muggins?
        raise RulePackError(N_("unknown rule pack '{name}': {hint}"), name=name, hint=close)
    raise RulePackError(N_("unknown rule pack '{name}': choose one of {choices}, or give the path of a YAML file"),
                        name=name, choices=choices)


def load_rules(name: str = DEFAULT_PACK) -> RuleSet:
    """The :class:`RuleSet` of pack ``name`` (an id or a path), loaded once per process.

    Raises :class:`RulePackError` for an unknown or bad pack.
    """
    rules = _by_name.get(name)
    if rules is None:
        rules = _by_name[name] = _load_resolved(os.path.realpath(resolve(name)))
    return rules


#: packs already loaded, by the name they were asked for (a batch asks thousands of times)
_by_name: dict[str, RuleSet] = {}


def load_pack_data(name: str) -> tuple[dict, str]:
    """The merged data of pack ``name`` (everything it extends applied) and its file.

    A saved match stores this, so that it is replayed under the same rules even if
    the pack file changes later. Raises :class:`RulePackError`.
    """
    path = os.path.realpath(resolve(name))
    data, _chain = _merged(path, ())
    _build(data, path, ())  # validate
    return data, path


def rules_from_data(data: dict, path: str = "(saved)") -> RuleSet:
    """A :class:`RuleSet` from merged pack data (as :func:`load_pack_data` gives, and a
    saved or imported match stores); raises :class:`RulePackError` for data that does
    not validate, every key and type included."""
    if not isinstance(data, dict):
        raise RulePackError(N_("{path}: this is not a rule pack: a pack is a mapping of keys such as id, extends "
                               "and rules"), path=str(path))
    for key, value in data.items():
        if key not in _TOP_KEYS and key not in _MERGED_KEYS:
            raise _unknown_key(str(path), _show(key), key, _TOP_KEYS)
        expected = _MERGED_KEYS.get(key)
        if key in ("extends", "lessons") or expected == "text":
            ok = value is None or isinstance(value, str)
        elif expected == "texts":
            ok = isinstance(value, list) and len(value) <= 16 and all(isinstance(item, str) for item in value)
        else:
            ok = True
        if not ok:
            raise RulePackError(N_("{path}: {key}: expected text, got {value}"), path=str(path), key=key,
                                value=_show(value))
    return _build(dict(data), path, ())


#: keys that merging adds to a pack's data (what it extends, the lesson files)
_MERGED_KEYS = {"_base": "text", "_own_lessons": "text", "_lessons": "texts"}


@lru_cache(maxsize=64)
def _load_resolved(path: str) -> RuleSet:
    data, chain = _merged(path, ())
    return _build(data, path, chain)


def _read(path: str) -> Any:
    """The data in a pack file. A built-in pack in a wheel has a JSON copy beside it,
    made by the build from the same YAML; it is used only while it matches the YAML's
    size and CRC-32 (an edited YAML is read again), because reading JSON skips
    importing PyYAML (hashlib would cost more to import than it saves)."""
    try:
        raw = read_bounded(path, MAX_PACK_BYTES)
        compiled = os.path.splitext(path)[0] + ".json"
        if path.endswith(".yaml") and is_builtin(path) and os.path.isfile(compiled):
            with open(compiled, encoding="utf-8") as handle:
                stored = json.load(handle)
            if isinstance(stored, dict) and stored.get("yaml_crc32") == zlib.crc32(raw) and stored.get("yaml_size") == len(raw):
                return stored.get("pack")
        text = raw.decode("utf-8")
    except RulePackError:
        raise
    except UnicodeDecodeError:
        raise RulePackError(N_("{path}: cannot read the file: {reason}"), path=str(path),
                            reason=Msg(N_("it is not UTF-8 text"))) from None
    except OSError as error:
        raise RulePackError(N_("{path}: cannot read the file: {reason}"), path=str(path),
                            reason=os_reason(error)) from None
    except (ValueError, RecursionError) as error:
        raise RulePackError(N_("{path}: cannot read the file: {reason}"), path=str(path), reason=str(error)) from None
    return parse_yaml(text, str(path))


def read_bounded(path: str, limit: int) -> bytes:
    """The bytes of the regular file ``path``, at most ``limit`` of them (a device such
    as /dev/zero, or a file that grows while read, never costs more). Raises
    :class:`RulePackError` for a file larger than ``limit`` and ``OSError`` for one
    that cannot be read."""
    if not os.path.isfile(path):
        raise RulePackError(N_("{path}: not a file"), path=str(path))
    with open(path, "rb") as handle:
        raw = handle.read(limit + 1)
    if len(raw) > limit:
        raise RulePackError(N_("{path}: the file is larger than {limit} bytes"), path=str(path), limit=limit)
    return raw


def compiled_copy(path: str) -> dict:
    """The JSON document that the build stores beside the built-in pack at ``path``."""
    with open(path, "rb") as handle:
        raw = handle.read()
    return {"yaml_crc32": zlib.crc32(raw), "yaml_size": len(raw), "pack": parse_yaml(raw.decode("utf-8"), str(path))}


def parse_yaml(text: str, path: str) -> Any:
    """The data of YAML ``text`` read within bounds (see :mod:`fives_tutor.packs.bounded_yaml`).

    Raises :class:`RulePackError` with the line and column of a syntax error, or the
    bound a document exceeds.
    """
    return load(text, path)


def _merged(path: str, chain: tuple[str, ...]) -> tuple[dict, tuple[str, ...]]:
    """The pack at ``path`` with everything it extends merged under it."""
    key = os.path.realpath(path)
    if key in chain:
        raise RulePackError(N_("{path}: {key}: the packs extend each other in a loop"), path=str(path), key="extends")
    data = _read(path)
    if not isinstance(data, dict):
        # the content of a file that is not a pack (/etc/passwd) is never shown
        raise RulePackError(N_("{path}: this is not a rule pack: a pack is a mapping of keys such as id, extends "
                               "and rules"), path=str(path))
    for top_key in data:
        if top_key not in _TOP_KEYS:
            raise _unknown_key(str(path), str(top_key), top_key, _TOP_KEYS)
    _check_id(data.get("id", _stem(path)), str(path), is_builtin(path))
    if isinstance(data.get("rules"), dict):
        # each file's older keys become the newer ones before the files merge, so that a
        # house pack's `exact: true` overrides its base's `overshoot`
        data = dict(data, rules=_read_aliases(data["rules"], str(path)))
    own_lessons = []
    if "lessons" in data:
        if not isinstance(data["lessons"], str):
            raise RulePackError(N_("{path}: {key}: expected text, got {value}"), path=str(path), key="lessons",
                                value=_show(data["lessons"]))
        own_lessons = [os.path.join(os.path.dirname(os.path.abspath(path)), data["lessons"])]
    base_name = data.get("extends")
    if base_name is None:
        data["_lessons"] = own_lessons
        data["_own_lessons"] = own_lessons[0] if own_lessons else None
        return data, chain + (key,)
    if not isinstance(base_name, str) or not (_ID_RE.match(base_name) or base_name.endswith((".yaml", ".yml"))):
        # extends reads packs only: a built-in id, a user pack id, or a .yaml file
        raise RulePackError(N_("{path}: {key}: expected the id of a pack or the path of a .yaml file, got {value}"),
                            path=str(path), key="extends", value=_show(base_name))
    try:
        base_path = resolve(base_name, relative_to=path)
    except RulePackError as error:
        raise RulePackError(N_("{path}: {key}: {reason}"), path=str(path), key="extends",
                            reason=Msg.of(error)) from None
    base, base_chain = _merged(base_path, chain + (key,))
    # a pack's own identity is never inherited: its id (else its file name), name, summary, source
    merged = {k: v for k, v in base.items() if k not in ("id", "name", "summary", "source", "citation")}
    merged.update({k: v for k, v in data.items() if k != "rules"})
    merged.setdefault("id", _stem(path))
    merged["rules"] = _deep_merge(_spread(base.get("rules", {}), data.get("rules", {}) or {}),
                                  data.get("rules", {}) or {})
    merged["_base"] = base.get("id")
    # lessons: the base's, then this pack's, which override them lesson by lesson
    merged["_lessons"] = list(base.get("_lessons", [])) + own_lessons
    merged["_own_lessons"] = own_lessons[0] if own_lessons else None
    merged.pop("lessons", None)
    return merged, base_chain


def _read_aliases(rules: dict, path: str) -> dict:
    """``rules`` with every older key of :data:`ALIASES` replaced by the newer one
    (``match.exact: true`` -> ``match.overshoot: not_taken``, ``false`` -> ``allowed``).
    Raises :class:`RulePackError` for an older key that is not true or false, or that
    contradicts the newer key given beside it."""
    result = dict(rules)
    for section, (old, new, if_true, if_false) in ALIASES.items():
        given = result.get(section)
        if not isinstance(given, dict) or old not in given:
            continue
        value = given[old]
        key = f"rules.{section}.{old}"
        if not isinstance(value, bool):
            raise RulePackError(N_("{path}: {key}: expected true or false, got {value}"), path=path, key=key,
                                value=_show(value))
        implied = if_true if value else if_false
        newer = given.get(new, implied)
        # exact: true fits every value that refuses to pass the target; false only allowed
        if (newer == if_false) != (implied == if_false):
            raise RulePackError(N_("{path}: {key}: {value} contradicts {other}: {other_value}"), path=path, key=key,
                                value="true" if value else "false", other=f"rules.{section}.{new}", other_value=str(newer))
        section_values = {k: v for k, v in given.items() if k != old}
        section_values[new] = newer
        result[section] = section_values
    return result


def _check_id(pack_id: Any, where: str, builtin: bool) -> None:
    """A pack's id: lower-case letters, digits and dashes, and not a built-in pack's
    unless the pack is that built-in one."""
    if not isinstance(pack_id, str) or not _ID_RE.match(pack_id):
        raise RulePackError(N_("{path}: {key}: expected an id of lower-case letters, digits and dashes, got {value}"),
                            path=where, key="id", value=_show(pack_id))
    if not builtin and pack_id in builtin_ids():
        raise RulePackError(N_("{path}: {key}: {value} is the id of a built-in pack; give your pack an id of its own"),
                            path=where, key="id", value=pack_id)


def _spread(base: Any, override: Any) -> Any:
    """The rules of a base pack ready for ``override`` to be merged over them: where the
    base gives one value for every player count (``target: 100``) and the override a
    value for some counts (``target: {2: 150}``), the base's value is spread over its
    own player counts first, so that the counts the override leaves out keep it."""
    if not isinstance(base, dict) or not isinstance(override, dict):
        return base
    counts = _player_counts(base)
    spread = dict(base)
    for section, fields in SCHEMA.items():
        for name, rule in fields.items():
            given, over = base.get(section), override.get(section)
            if (rule[0] == "per_players" and isinstance(given, dict) and isinstance(over, dict)
                    and isinstance(over.get(name), dict) and name in given and not isinstance(given[name], dict)):
                spread[section] = dict(spread[section], **{name: dict.fromkeys(counts, given[name])})
    return spread


def _player_counts(rules: dict) -> range:
    """The player counts of a pack's ``rules``: ``players.min`` to ``players.max`` (2
    and 4 where not given). Read before the rules are checked, so a value that is not
    a whole number from 2 to 10 counts as its default or its nearest bound (the pack is
    refused for it when checked, before the counts are used): spreading a value over
    the counts is bounded work whatever the pack says."""
    given = rules.get("players")
    players: dict = given if isinstance(given, dict) else {}

    def count(name: str, default: int) -> int:
        value = players.get(name, default)
        return min(max(2, value), 10) if isinstance(value, int) and not isinstance(value, bool) else default

    low, high = count("min", 2), count("max", 4)
    return range(low, max(low, high) + 1)


def _deep_merge(base: Any, override: Any) -> Any:
    """``override`` laid over ``base``, mapping by mapping. A key matches a base key
    written the same way in YAML or in JSON (``2`` and ``"2"``): an installed built-in
    pack is read from its JSON copy, whose player counts are strings, and a house pack
    that extends it writes them as numbers."""
    if isinstance(base, dict) and isinstance(override, dict):
        result = dict(base)
        for key, value in override.items():
            same = key if key in result else next((k for k in result if str(k) == str(key)), None)
            result[key] = _deep_merge(result.pop(same), value) if same is not None else value
        return result
    return override


def _unknown_key(path: str, key_path: str, key: Any, known: Iterable[str]) -> RulePackError:
    """The error of a key the schema does not have at ``key_path``: the known key it
    most likely means (``spiner``: did you mean spinner?), else every known key there."""
    choices = tuple(known)
    close = did_you_mean(key, choices) if isinstance(key, str) else None
    if close is not None:
        return RulePackError(N_("{path}: {key}: unknown key: {hint}"), path=path, key=key_path, hint=close)
    return RulePackError(N_("{path}: {key}: unknown key (known keys: {choices})"), path=path, key=key_path,
                         choices=choices)


def _show(value: Any) -> str:
    """A value as an error may show it: its repr, bounded (work included) and printable."""
    return shown(bounded_repr(value if not isinstance(value, str) else value[:41], 40), 40)


def _check(rule: tuple, value: Any, path: str, key: str, players: range) -> Any:
    kind = rule[0]
    if kind == "int":
        if isinstance(value, bool) or not isinstance(value, int) or not rule[1] <= value <= rule[2]:
            raise RulePackError(N_("{path}: {key}: expected a whole number ({numbers}), got {value}"),
                                path=path, key=key, numbers=span(rule[1], rule[2]), value=_show(value))
        return value
    if kind == "bool":
        if not isinstance(value, bool):
            raise RulePackError(N_("{path}: {key}: expected true or false, got {value}"), path=path, key=key, value=_show(value))
        return value
    if kind == "enum":
        if value not in rule[1:]:
            close = did_you_mean(value, rule[1:]) if isinstance(value, str) else None
            if close is not None:  # highest_dubble: did you mean highest_double?
                raise RulePackError(N_("{path}: {key}: {value} is not one of its values: {hint}"), path=path, key=key,
                                    value=_show(value), hint=close)
            raise RulePackError(N_("{path}: {key}: expected one of {choices}, got {value}"), path=path, key=key,
                                choices=tuple(rule[1:]), value=_show(value))
        return value
    if kind == "ints":
        if (not isinstance(value, list) or not value
                or any(isinstance(v, bool) or not isinstance(v, int) or not rule[1] <= v <= rule[2] for v in value)):
            raise RulePackError(N_("{path}: {key}: expected a list of whole numbers ({numbers}), got {value}"),
                                path=path, key=key, numbers=span(rule[1], rule[2]), value=_show(value))
        return tuple(value)
    # per_players: one value for every player count (target: 100), or a mapping from
    # each player count to its value (target: {2: 250, 3: 200, 4: 200})
    if not isinstance(value, dict):
        if isinstance(value, list):
            raise RulePackError(N_("{path}: {key}: expected one value for every player count, or a value for each "
                                   "({numbers}), got {value}"), path=path, key=key,
                                numbers=span(players.start, players.stop - 1), value=_show(value))
        one = _check(rule[1], value, path, key, players)
        return MappingProxyType(dict.fromkeys(players, one))
    result = {}
    for count_key, inner in value.items():
        count = _player_count(count_key)
        if count is None:
            raise RulePackError(N_("{path}: {key}: {value} is not a number of players (a whole number from 2 to 10)"),
                                path=path, key=key, value=_show(count_key))
        if count in result:
            raise RulePackError(N_("{path}: {key}: {value} players are given twice"), path=path, key=key, value=count)
        result[count] = _check(rule[1], inner, path, f"{key}.{count}", players)
    missing = [n for n in players if n not in result]
    if missing:
        raise RulePackError(N_("{path}: {key}: expected a value for each player count ({numbers})"),
                            path=path, key=key, numbers=span(players.start, players.stop - 1))
    return MappingProxyType(result)


#: the longest text a pack may give for each text key, in characters
TEXT_LIMITS = {"name": 100, "summary": 3000, "source": 2000, "citation": 2000}


def _text(value: str, path: str, key: str) -> str:
    """Text a pack shows to people: bounded, and free of control characters (a
    terminal escape sequence in a pack's name would be printed by ``rules list``)."""
    limit = TEXT_LIMITS[key.split(".")[0]]
    if len(value) > limit:
        raise RulePackError(N_("{path}: {key}: expected at most {limit} characters, got {count}"), path=path, key=key,
                            limit=limit, count=len(value))
    if has_control(value, allow="\n" if key.split(".")[0] != "name" else ""):
        raise RulePackError(N_("{path}: {key}: the text has a control character"), path=path, key=key)
    return value


def _player_count(key: Any) -> int | None:
    """A per-player key (``2``, or ``"2"`` as JSON writes it) as a count from 2 to 10, else None."""
    if isinstance(key, bool):
        return None
    if isinstance(key, str) and key.isascii() and key.isdecimal() and len(key) <= 2:
        key = int(key)
    return key if isinstance(key, int) and 2 <= key <= 10 else None


def _texts(value: Any, path: str, key: str) -> dict[str, str]:
    if isinstance(value, str):
        return {"en": _text(value, path, key)}
    if isinstance(value, dict) and value and all(isinstance(k, str) and isinstance(v, str) for k, v in value.items()):
        return {code: _text(text, path, f"{key}.{code}") for code, text in value.items()}
    raise RulePackError(N_("{path}: {key}: expected text, or text for each language code such as en and nl"),
                        path=path, key=key)


def _build(data: dict, path: str, chain: tuple[str, ...]) -> RuleSet:
    where = str(path)
    pack_id = data.get("id", _stem(path))
    if not isinstance(pack_id, str) or not _ID_RE.match(pack_id):
        raise RulePackError(N_("{path}: {key}: expected an id of lower-case letters, digits and dashes, got {value}"),
                            path=where, key="id", value=_show(pack_id))
    if "citation" in data and not isinstance(data["citation"], str):
        raise RulePackError(N_("{path}: {key}: expected text, got {value}"), path=where, key="citation",
                            value=_show(data["citation"]))
    if "citation" in data:
        _text(data["citation"], where, "citation")
    sources = _texts(data["source"], where, "source") if "source" in data else {}
    names = _texts(data.get("name", pack_id), where, "name")
    summaries = _texts(data["summary"], where, "summary") if "summary" in data else {}
    rules = data.get("rules")
    if not isinstance(rules, dict):
        raise RulePackError(N_("{path}: {key}: expected a mapping of keys, got {value}"), path=where, key="rules", value=_show(rules))
    rules = _read_aliases(rules, where)  # merged data saved with a match before the newer keys
    checked: dict[str, dict[str, Any]] = {}
    for section in rules:
        if section not in SCHEMA:
            raise _unknown_key(where, f"rules.{section}", section, SCHEMA)
    players = _player_counts(rules)
    for section, fields in SCHEMA.items():
        given = rules.get(section)
        if given is None:
            given = {}
        if not isinstance(given, dict):
            raise RulePackError(N_("{path}: {key}: expected a mapping of keys, got {value}"), path=where,
                                key=f"rules.{section}", value=_show(given))
        for name in given:
            if name not in fields:
                raise _unknown_key(where, f"rules.{section}.{name}", name, fields)
        checked[section] = {}
        for name, rule in fields.items():
            key = f"rules.{section}.{name}"
            if name not in given:
                raise RulePackError(N_("{path}: {key}: missing (a pack without extends must give every rule)"),
                                    path=where, key=key)
            checked[section][name] = _check(rule, given[name], where, key, players)
    _check_consistency(checked, where, players)
    return RuleSet(
        id=pack_id, path=where, source=sources.get("en", ""), sources=MappingProxyType(sources),
        citation=data.get("citation", ""), names=MappingProxyType(names),
        summaries=MappingProxyType(summaries), extends=data.get("_base"),
        lessons=tuple(data.get("_lessons", ())), own_lessons=data.get("_own_lessons"),
        max_pips=checked["set"]["max_pips"],
        players=PlayerRules(**checked["players"]), lead=LeadRules(**checked["lead"]),
        turn=TurnRules(**checked["turn"]), spinner=SpinnerRules(**checked["spinner"]),
        scoring=ScoringRules(**checked["scoring"]), muggins=MugginsRules(**checked["muggins"]),
        hand_end=HandEndRules(**checked["hand_end"]), match=MatchRules(**checked["match"]),
    )


def _check_consistency(checked: dict, where: str, players: range) -> None:
    if checked["players"]["min"] > checked["players"]["max"]:
        raise RulePackError(N_("{path}: {key}: expected a whole number ({numbers}), got {value}"), path=where,
                            key="rules.players.min", numbers=span(2, checked["players"]["max"]),
                            value=checked["players"]["min"])
    max_pips = checked["set"]["max_pips"]
    size = (max_pips + 1) * (max_pips + 2) // 2
    for count in players:
        held = count * checked["players"]["hand_size"][count]
        if held > size:
            raise RulePackError(N_("{path}: {key}: {players} players holding {tiles} tiles in all need more than the {size} tiles of the set"),
                                path=where, key=f"rules.players.hand_size.{count}", players=count, tiles=held, size=size)
