"""Refresh the message template and the five catalogs after messages change.

    python tools/update_catalogs.py

Extracts every message of fives_tutor (gettext ``_``, ``ngettext`` and the no-op
``N_``) and every message of the installed Click (its "Usage:" and errors, which
fives-tutor translates too) into ``locales/fives_tutor.pot``, then updates
``locales/<lang>/LC_MESSAGES/fives_tutor.po`` for en, tl, id, nl and fa. English
msgstrs are filled with the msgid; the other languages' new messages are left
empty for a translator, and ``tests/test_catalogs.py`` fails until they are done.
"""

from __future__ import annotations

import argparse
import copy
import re
import sys
from pathlib import Path

import click
from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
LANGUAGES = ("en", "tl", "id", "nl", "fa")
KEYWORDS = dict(DEFAULT_KEYWORDS, N_=None, Nn_=(1, 2))


def template() -> Catalog:
    """Every message of fives_tutor and of Click, as a catalog template."""
    catalog = Catalog(project="fives-tutor", version="0.1.0", charset="utf-8")
    sources = [(ROOT / "fives_tutor", "fives_tutor"), (Path(click.__file__).parent, "click")]
    for folder, label in sources:
        for filename, lineno, message, comments, context in extract_from_dir(
                str(folder), method_map=[("**.py", "python")], keywords=KEYWORDS, comment_tags=("Translators:",)):
            catalog.add(message, None, [(f"{label}/{filename}", lineno)], auto_comments=comments, context=context)
    return catalog


def drop_false_formats(catalog: Catalog) -> None:
    """Babel flags "95% confidence" as python-format; only real %-fields deserve the flag."""
    for message in catalog:
        if "python-format" in message.flags and not any(
                re.search(r"%\(\w+\)[sd]|%[sd]", part) for part in
                (message.id if isinstance(message.id, tuple) else (message.id,))):
            message.flags.discard("python-format")


def main() -> int:
    argparse.ArgumentParser(description=__doc__.splitlines()[0]).parse_args()  # --help, and no arguments
    pot = template()
    (ROOT / "locales").mkdir(exist_ok=True)
    with (ROOT / "locales" / "fives_tutor.pot").open("wb") as handle:
        write_po(handle, pot, omit_header=False, include_lineno=False, sort_output=True)
    for language in LANGUAGES:
        po_path = ROOT / "locales" / language / "LC_MESSAGES" / "fives_tutor.po"
        po_path.parent.mkdir(parents=True, exist_ok=True)
        if po_path.exists():
            with po_path.open("rb") as handle:
                catalog = read_po(handle, locale=language if language != "tl" else "fil")
        else:
            catalog = Catalog(locale=language if language != "tl" else "fil", project="fives-tutor")
        catalog.update(copy.deepcopy(pot), no_fuzzy_matching=True)
        catalog.fuzzy = False
        drop_false_formats(catalog)
        catalog.obsolete.clear()
        if language == "en":
            # English is the source: every message says its msgid (a message that became a
            # plural is flagged fuzzy by Babel, and its old string would be one form only)
            for message in catalog:
                if message.id:
                    message.string = message.id
                    message.flags.discard("fuzzy")
        catalog.language_team = language
        with po_path.open("wb") as handle:
            write_po(handle, catalog, include_lineno=False, sort_output=True, width=100)
        missing = sum(1 for m in catalog if m.id and not (all(m.string) if isinstance(m.string, tuple) else m.string))
        print(f"{language}: {len(catalog)} messages, {missing} to translate")
    return 0


if __name__ == "__main__":
    sys.exit(main())
