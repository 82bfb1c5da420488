"""Languages: choosing one, translating messages, formatting numbers and notation.

Messages are gettext msgids in the ``fives_tutor`` domain, with catalogs in
``locales/<lang>/LC_MESSAGES/fives_tutor.po`` for en, tl, id, nl and fa. Click's own
strings ("Usage:") use the global gettext domain, so :func:`activate` binds ours
there too. Numbers go through Babel; Persian output gets Persian digits, and
notation inside a Persian sentence is wrapped in left-to-right marks
(:mod:`fives_tutor.text.bidi`).
"""

from __future__ import annotations

import datetime
import gettext as _gettext
import os
import re
from collections.abc import Iterable, Mapping

from ..errors import N_, FivesError, Msg, did_you_mean
from ..resources import data_dir

DOMAIN = "fives_tutor"
#: the languages fives-tutor speaks, by their plain codes
LANGUAGES = ("en", "tl", "id", "nl", "fa")
#: the language the messages are written in (its catalog only lists them)
SOURCE_LANGUAGE = "en"
#: codes other systems use for the same languages
ALIASES = {"fil": "tl", "in": "id", "fil_PH": "tl", "in_ID": "id"}
#: environment variables read when --lang and FIVES_LANG are absent, in gettext's order
ENVIRONMENT = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
LRM = "\u200e"
RLM = "\u200f"
_PERSIAN_DIGITS = str.maketrans("0123456789", "۰۱۲۳۴۵۶۷۸۹")


class LanguageError(FivesError):
    """A language that fives-tutor does not speak."""


def _plain(code: str) -> str:
    """``fa_IR.UTF-8@x`` -> ``fa_IR``; ``nl-BE`` -> ``nl_BE``; aliases applied."""
    code = code.split(".")[0].split("@")[0].replace("-", "_").strip()
    if code in ALIASES:
        return ALIASES[code]
    language = code.split("_")[0].lower()
    if language in LANGUAGES or language in ALIASES:
        return ALIASES.get(language, language)  # one catalog per language, whatever the region
    return code


def match_language(code: str) -> str | None:
    """The supported language that ``code`` (``nl_BE``, ``fil``, ``fa_IR.UTF-8``) asks for, if any."""
    plain = _plain(code) if code else ""
    if not plain or plain in ("C", "POSIX") or plain.startswith("C_"):
        return None
    if plain in LANGUAGES:
        return plain
    from babel.core import negotiate_locale  # cheap: no locale data is loaded

    return negotiate_locale([plain], LANGUAGES, sep="_")


#: what people call the languages fives-tutor speaks, in English and in the language:
#: ``--lang dutch`` is answered with the code meant
LANGUAGE_NAMES = {
    "english": "en", "tagalog": "tl", "filipino": "tl", "pilipino": "tl", "indonesian": "id", "indonesia": "id",
    "bahasa": "id", "dutch": "nl", "nederlands": "nl", "flemish": "nl", "vlaams": "nl", "persian": "fa",
    "farsi": "fa", "فارسی": "fa",
}


def language_hint(text: str) -> Msg | None:
    """``did you mean nl?`` for a language written wrong (``nll``) or by its name
    (``dutch``, ``Farsi``), through the one suggestion helper; None when nothing is close."""
    return did_you_mean(text, (*LANGUAGES, *LANGUAGE_NAMES), means=LANGUAGE_NAMES)


def choose_language(requested: str | None = None, environ: Mapping[str, str] | None = None) -> str:
    """The language to speak: ``requested`` (--lang), else ``FIVES_LANG``, else the
    first of LANGUAGE, LC_ALL, LC_MESSAGES, LANG that names a supported language,
    else English. Raises :class:`LanguageError` for an unsupported ``requested``
    or ``FIVES_LANG``."""
    if environ is None:
        environ = dict(os.environ)
        if _set_by_us is not None and environ.get("LANGUAGE") == _set_by_us:
            # LANGUAGE as the user had it, not as activate() set it for Click
            environ.pop("LANGUAGE")
            if _users_language is not None:
                environ["LANGUAGE"] = _users_language
    for explicit in (requested, environ.get("FIVES_LANG")):
        if explicit is not None and (explicit or explicit is requested):
            found = match_language(explicit)
            if found is None:
                close = language_hint(explicit)
                if close is not None:  # nll, dutch: did you mean nl?
                    raise LanguageError(N_("unknown language '{language}': {hint}"), language=explicit, hint=close)
                raise LanguageError(N_("unknown language '{language}': choose one of {choices}"),
                                    language=explicit, choices=LANGUAGES)
            return found
    # gettext's order: the locale is the first of LC_ALL, LC_MESSAGES, LANG that is set;
    # LANGUAGE (a list) comes before it, but not when that locale is C or POSIX
    locale_name = next((environ[v] for v in ENVIRONMENT[1:] if environ.get(v)), "")
    if _plain(locale_name) in ("C", "POSIX") or _plain(locale_name).startswith("C_"):
        return "en"
    for code in environ.get("LANGUAGE", "").split(":") + [locale_name]:
        found = match_language(code)
        if found:
            return found
    return "en"


def catalog_dir(code: str) -> str:
    """The folder of compiled catalogs to read ``code`` from.

    Installed: the package's ``locales``. In a source checkout, where the build has
    not compiled the ``.po`` files, they are compiled with Babel into
    ``build/locales`` beside the checkout when missing or older than the ``.po``
    (Click's own strings are read by gettext from ``.mo`` files, so memory is not enough).
    """
    locales = data_dir("locales")
    if locales.startswith(os.path.dirname(os.path.realpath(__file__)) + os.sep):
        return locales
    po_path = os.path.join(locales, code, "LC_MESSAGES", DOMAIN + ".po")
    built = os.path.join(os.path.dirname(locales), "build", "locales")
    mo_path = os.path.join(built, code, "LC_MESSAGES", DOMAIN + ".mo")
    if not os.path.isfile(po_path):
        return locales
    if not os.path.isfile(mo_path) or os.path.getmtime(po_path) > os.path.getmtime(mo_path):
        from babel.messages.mofile import write_mo  # start-up: only a checkout compiling its catalogs
        from babel.messages.pofile import read_po

        try:
            os.makedirs(os.path.dirname(mo_path), exist_ok=True)
            with open(po_path, "rb") as handle:
                catalog = read_po(handle)
            temporary = f"{mo_path}.{os.getpid()}"
            with open(temporary, "wb") as handle:
                write_mo(handle, catalog)
            os.replace(temporary, mo_path)  # atomic: a parallel process never reads half a file
        except OSError:
            return locales
    return built


class Translator:
    """Messages, numbers and notation in one language (``code``)."""

    def __init__(self, code: str = "en") -> None:
        self.code = code
        # English is the source language: its catalog translates nothing (a test holds it
        # so), and gettext's null catalog says exactly what it would, English plurals
        # included, without reading 1,300 messages at every start (about 8 ms)
        self._catalog = (_gettext.NullTranslations() if code == SOURCE_LANGUAGE else
                         _gettext.translation(DOMAIN, catalog_dir(code), languages=[code], fallback=True))

    def gettext(self, message: str) -> str:
        """``message`` translated."""
        return self._catalog.gettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        """The form of a message for the count ``n``, by the language's plural rule."""
        return self._catalog.ngettext(singular, plural, n)

    def pgettext(self, context: str, message: str) -> str:
        """``message`` translated in ``context`` (gettext's msgctxt): for a word that two
        places use in two senses ("Play": a move, or the points made by plays)."""
        return self._catalog.pgettext(context, message)

    @property
    def rtl(self) -> bool:
        """True for a right-to-left language (Persian)."""
        return self.code == "fa"

    @property
    def comma(self) -> str:
        """The separator of a list of items."""
        return "، " if self.code == "fa" else ", "

    @property
    def semicolon(self) -> str:
        """The separator of a list of clauses."""
        return "؛ " if self.code == "fa" else "; "

    def digits(self, text: str) -> str:
        """``text`` with ASCII digits shown in the language's digits."""
        return text.translate(_PERSIAN_DIGITS) if self.code == "fa" else text

    def number(self, value: float, decimals: int = 0) -> str:
        """A number formatted by Babel for this language (Persian digits for fa)."""
        if decimals == 0 and isinstance(value, int) and 0 <= value < 1000:
            # Below 1000 Babel adds no grouping and no sign: skip loading its locale data.
            text = str(value)
        else:
            from babel.numbers import format_decimal  # start-up: Babel's locale data costs ~40 ms

            pattern = "#,##0" + ("." + "0" * decimals if decimals else "")
            locale = "fil" if self.code == "tl" else self.code
            # the locale's own numbering system: Persian separators ٬ and ٫ (Babel keeps Latin digits)
            # + 0.0 turns a value that rounds to zero from below (-0.0) into 0.0: no "-0.0"
            text = format_decimal(round(value, decimals) + 0.0, format=pattern, locale=locale,
                                  numbering_system="default")
        return self._shown(text)

    def _shown(self, text: str) -> str:
        """Babel's ``text`` of a number in the language's digits; in a right-to-left
        language a negative one with a minus sign that stays before the number (CLDR's
        Persian minus is LRM + U+2212), closed like any left-to-right span so that what
        follows stays apart."""
        if self.rtl and text.startswith("-"):
            from .bidi import ltr  # start-up: right-to-left marks only for Persian

            return ltr("\u2212" + self.digits(text[1:]))
        return self.digits(text)

    def percent(self, share: float, decimals: int = 1) -> str:
        """``share`` (0.5 for a half) as a percentage formatted by Babel for this language
        (Persian: Persian digits and the Arabic percent sign ٪; a negative share marked
        left to right, as :meth:`number` marks a negative number)."""
        from babel.numbers import format_percent  # start-up: Babel's locale data costs ~40 ms

        locale = "fil" if self.code == "tl" else self.code
        pattern = "#,##0" + ("." + "0" * decimals if decimals else "") + "%"
        if round(share * 100, decimals) == 0:
            share = 0.0  # a share that rounds to zero from below shows no sign ("-0.0%")
        text = format_percent(share, format=pattern, locale=locale, numbering_system="default")
        if self.rtl:
            text = text.replace("%", "\u066a")
        return self._shown(text)

    def signed(self, value: float, decimals: int = 0, percent: bool = False) -> str:
        """A difference with its sign, as a number (``decimals`` places) or, with
        ``percent``, a share as a percentage: ``+17.6``, ``\u221211.4%``; what rounds to
        zero has no sign. In a right-to-left language the signed number is one
        left-to-right run (marked: bare, its sign would show on the wrong side, after
        the digits), in the language's digits: ``+۱۷٫۶``, ``\u2212۱۱٫۴٪``.

        >>> Translator("en").signed(17.56, 1), Translator("en").signed(-0.114, 1, percent=True)
        ('+17.6', '\u221211.4%')
        >>> Translator("fa").signed(17.56, 1) == "\u200e+۱۷٫۶\u200e\u200f"
        True
        """
        shown = round(value * (100 if percent else 1), decimals)
        magnitude = self.percent(abs(value), decimals) if percent else self.number(abs(value), decimals)
        if shown == 0:
            return magnitude
        text = ("+" if shown > 0 else "\u2212") + magnitude
        if not self.rtl:
            return text
        from .bidi import ltr

        return ltr(text)

    def typed(self, text: str) -> str:
        """Something the reader may type again, such as a seed: a plain number in the
        language's digits (typed back in them, it is read as the same), anything else
        as it is."""
        return self.digits(text) if text.isascii() and text.isdecimal() else text

    def moment(self, iso: str) -> str:
        """A saved time (ISO 8601, UTC) as the language writes a date and a time, in
        the reader's time zone: ``May 1, 2024, 2:30 PM``, ``1 mei 2024 14:30``
        (Babel's medium date and short time). Text that is not such a time (an
        imported match may carry anything) is shown as it is, cut to 16 characters."""
        try:
            when = datetime.datetime.fromisoformat(str(iso))
            if when.tzinfo is None:
                when = when.replace(tzinfo=datetime.timezone.utc)
            when = when.astimezone()
        except (ValueError, OverflowError):  # (year 9999 in a zone ahead of UTC is past the last year)
            return str(iso)[:16]
        from babel.core import Locale  # start-up: Babel's locale data costs ~40 ms
        from babel.dates import format_date, format_time

        locale = Locale.parse("fil" if self.code == "tl" else self.code)
        pattern = str(locale.datetime_formats.get("medium", "{1} {0}")).replace("'", "")
        text = pattern.replace("{1}", format_date(when, "medium", locale=locale)).replace(
            "{0}", format_time(when, "short", locale=locale))
        return self.digits(text)

    def join(self, items) -> str:
        """Items of a list joined with the language's separator (``، `` in Persian)."""
        return self.comma.join(str(item) for item in items)

    def span(self, low: int, high: int) -> str:
        """A range of whole numbers in words: ``3``, ``3 or 4`` (two values are not a
        range), ``2 to 4``."""
        if low == high:
            return self.number(low)
        template = self.gettext("{low} or {high}") if high == low + 1 else self.gettext("{low} to {high}")
        return template.format(low=self.number(low), high=self.number(high))

    def of(self, count: int, total: int) -> str:
        """``1 of 3`` in words (a slash reads as a fraction or a date in Persian)."""
        return self.gettext("{count} of {total}").format(count=self.number(count), total=self.number(total))

    def prose(self, text: str) -> str:
        """Running text written with ASCII digits (a lesson), shown in this language's
        digits, with tiles, positions, options and Latin words kept left to right inside
        right-to-left text (marked once: runs a translator marked are kept). A run with
        Latin letters in it (a command) keeps its ASCII digits."""
        if not self.rtl:
            return text
        from .bidi import localize_runs, mark_runs  # start-up: right-to-left marks only for Persian

        return mark_runs(localize_runs(text, self.digits))

    @property
    def arrow(self) -> str:
        """The arrow from a count to its points, pointing the way the language reads."""
        return "←" if self.rtl else "→"

    def notation(self, text: object) -> str:
        """Notation (a tile, ends) to embed in a sentence: kept left to right. In a
        right-to-left language it is closed with a right-to-left mark, so that a number
        after it is not pulled into its run. ``text`` is the notation or anything whose
        ``str`` is notation (a ``Tile``, a ``Position``, a ``Layout``)."""
        text = self.digits(str(text))
        if not self.rtl:
            return text
        from .bidi import ltr  # start-up: right-to-left marks only for Persian

        return ltr(text)


_current = Translator("en")
_set_by_us: str | None = None  # the LANGUAGE value activate() last set
_users_language: str | None = None  # LANGUAGE as it was before that


def activate(code: str) -> Translator:
    """Make ``code`` the language of this process: our messages and Click's."""
    global _current
    _current = Translator(code)
    _gettext.bindtextdomain(DOMAIN, catalog_dir(code))
    _gettext.textdomain(DOMAIN)
    global _set_by_us, _users_language
    if _set_by_us is None or os.environ.get("LANGUAGE") != _set_by_us:
        _users_language = os.environ.get("LANGUAGE")
    os.environ["LANGUAGE"] = _set_by_us = code  # the global gettext domain (used by Click) reads this
    return _current


def current() -> Translator:
    """The active :class:`Translator`."""
    return _current


def named(text: str) -> str:
    """A name (a player's, a side's) or a pack id inside a sentence: as written, its own
    digits too, and left to right in a right-to-left language (where
    :meth:`Translator.notation` would show notation in the language's digits)."""
    if not current().rtl:
        return text
    from .bidi import ltr  # start-up: right-to-left marks only for Persian

    return ltr(text)


def _(message: str) -> str:
    """Translate ``message`` into the active language."""
    return _current.gettext(message)


def pgettext(context: str, message: str) -> str:
    """Translate ``message`` in ``context`` into the active language (see :meth:`Translator.pgettext`)."""
    return _current.pgettext(context, message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """Translate a message with a count into the active language."""
    return _current.ngettext(singular, plural, n)


def answer_words(msgid: str, always=()) -> tuple[str, ...]:
    """The words of a translated list of answers such as ``"y, yes"`` (separated by
    commas, the Persian comma too), case-folded, in the language's order (the first is
    the one a prompt shows), then the ``always`` ones (English, which people type by
    habit; a key of another keyboard)."""
    words = [word.strip().casefold() for word in re.split("[,\u060c]", _current.gettext(msgid)) if word.strip()]
    return tuple(dict.fromkeys(words + [word.casefold() for word in always]))


def localize_error(error: FivesError | Msg) -> str:
    """The message of ``error`` (or of a :class:`~fives_tutor.errors.Msg`, such as a
    did-you-mean) in the active language, notation kept left to right.

    A list parameter (choices, names) is joined with the language's separator, each
    item kept left to right; notation in it (:data:`_NOTATION`) takes the language's
    digits, except an item with Latin letters (a pack id, a command), which keeps
    its ASCII digits as :meth:`Translator.prose` does."""
    translator = _current

    def item(value, name):
        text = str(value)
        if name in _NOTATION and not _LATIN.search(text):
            return translator.notation(text)
        if not translator.rtl:
            return text
        from .bidi import ltr  # start-up: right-to-left marks only for Persian

        return ltr(text)

    def wrap(value, name=""):
        if isinstance(value, int) and not isinstance(value, bool):
            return translator.number(value)
        if isinstance(value, float) and value == value and abs(value) < 1e15:  # (seconds: 0.3 is ۰٫۳)
            return translator.number(value, decimals=next(d for d in (0, 1, 2) if round(value, d) == value or d == 2))
        if isinstance(value, (list, tuple)):  # choices, names: 5|2@5|5*, 5|2@5*
            return translator.join(item(one, name) for one in value)
        if not translator.rtl:
            return value
        from .bidi import ltr  # start-up: right-to-left marks only for Persian

        return ltr(translator.digits(str(value)) if name in _NOTATION else str(value))

    return error.render(translator.gettext, wrap, translator.ngettext)


def unknown_name(template: str, typed: str, known: Iterable[str], after: str | None = None,
                 **params: object) -> str | None:
    """``template`` (a msgid with ``{hint}``) in the active language with the names of
    ``known`` that ``typed`` most likely meant (:func:`fives_tutor.errors.did_you_mean`,
    ``after`` as it takes it), or None when none is close: the caller then says what
    it said without a suggestion (``choose one of ...``)."""
    found = did_you_mean(typed, known, after)
    return localize_error(Msg(template, hint=found, **params)) if found is not None else None


#: error parameters that hold notation or numbers the program writes (shown with the
#: language's digits); others (what the user typed, quoted as typed: ``answer``,
#: ``given``, ``token``; file paths, key paths, player names, reasons from the system) are shown
#: as they are
_NOTATION = {"tile", "end", "position", "choices", "pips", "count", "low", "high", "players", "tiles",
             "size", "unseen", "example", "example2", "play", "seq", "id", "numbers"}
_LATIN = re.compile("[A-Za-z]")


#: the words of metavars (``POSITION``, ``N``) and of Click's usage line (``[OPTIONS]``),
#: translated wherever help, usage or an error names them; a language may keep them
#: as written (docs/translating.md). A whole metavar listed here (``A+C,B+D``, and
#: ``ID:HAND:MOVE``, whose HAND is the deal and not the tiles held) is
#: translated as one message.
METAVAR_WORDS = frozenset((
    N_("POSITION"), N_("PLAY"), N_("TILES"), N_("PIPS"), N_("HAND"), N_("PACK"), N_("FILE"), N_("ID"), N_("LANG"),
    N_("NAMES"), N_("NAME"), N_("OPPONENT"), N_("NUMBERS"), N_("MINE"), N_("THEIRS"), N_("LESSON"), N_("OPTIONS"),
    N_("COMMAND"), N_("ARGS"), N_("LEVEL"), N_("N"), N_("A"), N_("B"), N_("SECONDS"), N_("SEED"), N_("KIND"), N_("A+C,B+D"),
    N_("DATE"), N_("INTO"), N_("ID:HAND:MOVE"), N_("THEME"),
))
_METAVAR_WORD = re.compile(r"\b[A-Z][A-Z_]*\b")


def translate_metavar(text: str) -> str:
    """A metavar (``TILES|PIPS``, ``[OPTIONS]``, ``N[,N...]``) in the active language:
    each word of :data:`METAVAR_WORDS` translated, the notation around the words
    (``| , : [ ] ...``) as it is."""
    if text in METAVAR_WORDS:
        return _current.gettext(text)
    return _METAVAR_WORD.sub(lambda m: _current.gettext(m.group(0)) if m.group(0) in METAVAR_WORDS else m.group(0),
                             text)
