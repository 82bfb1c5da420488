"""A git merge driver for the gettext catalogs: merge by message, not by line.

Two branches that each add messages to ``locales/*/LC_MESSAGES/fives_tutor.po``
touch neighbouring lines (the catalogs are sorted by msgid, and each message names
the files that use it), so a line merge conflicts where nothing really does. This
driver merges the three versions message by message:

- a message added on one side is kept;
- a translation changed on one side only takes that side's text;
- a translation changed on both sides differently keeps ours and is reported, and
  the driver exits 1 so that git marks the file as conflicted;
- the files a message is used in are the union of both sides.

Register it once per clone (``.gitattributes`` names it for the catalogs)::

    git config merge.po-catalog.name "gettext catalogs, merged by message"
    git config merge.po-catalog.driver "python3 tools/merge_catalogs.py %O %A %B %P"

Afterwards ``python tools/update_catalogs.py`` drops messages no longer in the code
and normalises the file.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po, write_po

sys.path.insert(0, str(Path(__file__).resolve().parent))
from update_catalogs import drop_false_formats  # a sibling script, not a package


def _read(path: str) -> Catalog:
    with open(path, "rb") as handle:
        return read_po(handle)


def _key(message: Message) -> tuple[object, object]:
    return (message.id, message.context)


def merge(base: Catalog, ours: Catalog, theirs: Catalog) -> tuple[Catalog, list[str]]:
    """Merge ``theirs`` into ``ours`` given their common ``base``; returns the conflicts' msgids."""
    conflicts: list[str] = []
    base_by = {_key(m): m for m in base if m.id}
    ours_by = {_key(m): m for m in ours if m.id}
    for message in theirs:
        if not message.id:
            continue
        key = _key(message)
        old = base_by.get(key)
        mine = ours_by.get(key)
        if mine is None:
            if old is None or old.string != message.string:
                ours[message.id] = message  # added (or changed after our deletion) on their side
            continue
        if message.string != mine.string:
            if old is not None and mine.string == old.string:
                mine.string = message.string
                mine.flags = set(message.flags)
            elif old is None or message.string != old.string:
                conflicts.append(str(message.id))
        mine.locations = sorted(set(mine.locations) | set(message.locations))
    theirs_keys = {_key(m) for m in theirs if m.id}
    for key, old in base_by.items():
        mine = ours_by.get(key)
        if key not in theirs_keys and mine is not None and mine.string == old.string:
            ours.delete(mine.id, context=mine.context)  # deleted on their side, untouched on ours
    return ours, conflicts


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                     epilog="git passes %%O %%A %%B %%P (see the module's docstring)")
    parser.add_argument("base", help="the common ancestor's catalog (%%O)")
    parser.add_argument("ours", help="our catalog (%%A), where the merge is written")
    parser.add_argument("theirs", help="their catalog (%%B)")
    parser.add_argument("label", nargs="?", help="the file's path, for the messages (%%P)")
    args = parser.parse_args(argv[1:])
    base_path, ours_path, theirs_path = args.base, args.ours, args.theirs
    label = args.label or ours_path
    merged, conflicts = merge(_read(base_path), _read(ours_path), _read(theirs_path))
    drop_false_formats(merged)
    with open(ours_path, "wb") as handle:
        write_po(handle, merged, include_lineno=False, sort_output=True, width=100)
    for msgid in conflicts:
        print(f"{label}: both sides translated {msgid[:70]!r} differently; ours kept", file=sys.stderr)
    return 1 if conflicts else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
