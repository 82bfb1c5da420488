"""Errors raised by fives-tutor.

Every error is a :class:`ValueError` subclass that carries an English message
template (a gettext msgid) and its parameters, so that the rules engine stays free
of languages while the command line can show the same error translated.

>>> from fives_tutor import parse_tile
>>> try:
...     parse_tile("5|x")
... except NotationError as error:
...     print(error)
bad tile '5|x': expected two pip numbers such as 5|3 (column 3)
"""

from __future__ import annotations

import errno
import re
from collections.abc import Iterable, Mapping
from typing import Any

from .bounds import shown
from .suggest import closest

#: parameters that may be longer than a plain value when shown (file paths, lists
#: of choices, a reason given by the system); every other one is cut at 60 characters
_LONGER = {"path": 240, "file": 240, "folder": 240, "choices": 400, "reason": 240}

def N_(message: str) -> str:
    """Mark ``message`` for translation without translating it (gettext's no-op)."""
    return message


def Nn_(singular: str, plural: str) -> tuple[str, str]:
    """Mark a message with a count for translation (extracted like ``ngettext``): an
    error whose template is this pair takes the form that fits its ``count``."""
    return (singular, plural)


class Msg(str):
    """A parameter that is itself a message (a msgid marked with ``N_``, with its own
    ``params``), such as the reason a file cannot be written: it is translated and
    filled with the sentence it is part of. ``plural`` is the plural msgid of a
    message with a count (see :func:`Nn_`)."""

    params: dict
    plural: str | None

    def __new__(cls, template: str, **params: Any) -> Msg:
        made = super().__new__(cls, template)
        made.params = params
        made.plural = None
        return made

    @classmethod
    def of(cls, error: FivesError) -> Msg:
        """An error's message as a parameter of another (its column left out)."""
        made = cls(error.template, **error.params)
        made.plural = error.plural
        return made

    def render(self, translate, wrap=lambda value, name="": value, ngettext=None) -> str:
        """The message translated and filled, as :meth:`FivesError.render` does."""
        return _render(self, self.plural, self.params, translate, wrap, ngettext)


#: the system's reasons a file cannot be read or written, in words that translate
_BY_ERRNO = {
    errno.ENOSPC: N_("the disk is full"),
    errno.EDQUOT: N_("the disk is full"),
    errno.EROFS: N_("the file or its folder is read-only"),
    errno.EACCES: N_("permission denied"),
    errno.EPERM: N_("permission denied"),
    errno.ENOENT: N_("there is no such file or folder"),
    errno.ENOTDIR: N_("a part of the path is not a folder"),
    errno.EISDIR: N_("it is a folder, not a file"),
    errno.EFBIG: N_("the file may not grow any larger (a limit on file sizes)"),
}


def os_reason(error: OSError) -> Msg | str:
    """Why a file could not be read or written, as a :class:`Msg` that is translated
    with its sentence (missing, a folder, permission, a full or read-only disk), or
    the system's own words for a rarer reason."""
    found = _BY_ERRNO.get(error.errno) if error.errno is not None else None
    return Msg(found) if found else (error.strerror or str(error))


def span(low: int, high: int) -> Msg | int:
    """A range of whole numbers as an error parameter, in words once translated:
    the number alone (``3``), ``3 or 4`` for two values (two values are not a range),
    else ``2 to 4``; the same phrases as :meth:`fives_tutor.text.i18n.Translator.span`."""
    if low == high:
        return low
    return Msg(N_("{low} or {high}") if high == low + 1 else N_("{low} to {high}"), low=low, high=high)


class Alternatives(tuple):
    """A parameter that lists names of which one is meant (``muggins or five-up``): its
    items are joined with the language's word for "or", each shown as a list's item is."""


def did_you_mean(typed: str, known: Iterable[str], after: str | None = None,
                 means: Mapping[str, str] | None = None) -> Msg | None:
    """``did you mean muggins?``: the names of ``known`` closest to ``typed``
    (:func:`fives_tutor.suggest.closest`, ``after`` as it takes it) as a message
    parameter, or None when no name is close. ``means``: what a name suggests where
    it is not the name itself (``dutch``: ``nl``, a language's name suggests its
    code), each suggestion said once. The one way every list a user names things
    from suggests a name."""
    close = closest(typed, known, after=after)
    if means is not None:
        close = tuple(dict.fromkeys(means.get(name, name) for name in close))
    return Msg(N_("did you mean {choices}?"), choices=Alternatives(close)) if close else None


class FivesError(ValueError):
    """Base class of every error fives-tutor raises on bad input.

    ``template`` is an English message with ``{name}`` fields, ``params`` fills
    them. ``str(error)`` gives the English sentence; a user interface translates
    ``template`` with gettext and formats it with the same parameters.
    """

    def __init__(self, template: str | tuple[str, str], **params: Any) -> None:
        self.plural = None
        if isinstance(template, tuple):  # Nn_(singular, plural): the form follows params["count"]
            template, self.plural = template
        self.template = template
        self.params = params
        super().__init__(self.render(lambda text: text))

    def render(self, translate, wrap=lambda value, name="": value, ngettext=None) -> str:
        """Return the message translated by ``translate`` (a gettext function), or for a
        message with a count by ``ngettext`` (English forms when it is not given).

        ``wrap(value, name)`` formats each parameter (for example to isolate notation
        inside a right-to-left sentence, or to change digits); a list or tuple it leaves
        as it is is joined with commas. Every parameter is first bounded and made
        printable (:func:`~fives_tutor.bounds.shown`): an error never echoes a whole
        value, nor a control character of one.
        """
        return _render(self.template, self.plural, self.params, translate, wrap, ngettext)


def _render(template: str, plural: str | None, params: dict, translate, wrap, ngettext=None) -> str:
    values = {}
    for key, value in params.items():
        if isinstance(value, Msg):  # already in the reader's language: bounded, not wrapped as notation
            values[key] = _bounded(key, _render(value, value.plural, value.params, translate, wrap, ngettext))
        elif isinstance(value, Alternatives):  # "a or b": a name (letters) as typed, notation as notation
            values[key] = translate(" or ").join(str(wrap(item, "" if _LETTER.search(item) else key))
                                                 for item in _bounded(key, value))
        else:
            values[key] = wrap(_bounded(key, value), key)
    values = {key: ", ".join(map(str, value)) if isinstance(value, (list, tuple)) else value
              for key, value in values.items()}
    if plural is not None:
        count = params.get("count", 0)
        count = count if isinstance(count, int) else 0
        if ngettext is not None:
            return ngettext(template, plural, count).format(**values)
        return (template if count == 1 else plural).format(**values)
    return translate(template).format(**values)


_LETTER = re.compile("[A-Za-z]")
#: the most items of a list shown in a message
_ITEMS = 20


def _bounded(key: str, value: Any) -> Any:
    """A parameter as a message may show it: small numbers stay numbers (they are
    formatted in the reader's digits), a list stays a list of at most 20 bounded items,
    anything else becomes bounded, printable text."""
    if isinstance(value, int) and not isinstance(value, bool) and -10 ** 15 < value < 10 ** 15:
        return value
    if isinstance(value, float) and value == value and abs(value) < 1e15:
        return value
    if isinstance(value, (list, tuple)):
        items = [shown(str(item) if not isinstance(item, (int, str)) else item, 60) for item in value[:_ITEMS]]
        return items + ["…"] if len(value) > _ITEMS else items
    if not isinstance(value, (str, int, dict, set, frozenset)):
        value = str(value)  # a tile, a position: its notation
    return shown(value, _LONGER.get(key, 60))


class NotationError(FivesError):
    """Text that is not valid notation: a tile, a hand, a position or a play.

    ``column`` (1-based) points at the offending character of ``text`` where known.
    """

    def __init__(self, template: str, *, text: str = "", column: int | None = None, **params: Any) -> None:
        self.text = text
        self.column = column
        if column is not None:
            params["column"] = column
        super().__init__(template, **params)

    def render(self, translate, wrap=lambda value, name="": value, ngettext=None) -> str:
        """The message with where it is: a message of its own that places the column
        (``... (column 3)``; after a message that already ends in parentheses, ``...,
        at column 3``, never two parentheses in a row)."""
        message = super().render(translate, wrap, ngettext)
        if self.column is None:
            return message
        template = N_("{message}, at column {column}") if message.rstrip(" \u200e\u200f\u061c").endswith(")") \
            else N_("{message} (column {column})")
        return translate(template).format(message=message, column=wrap(self.column, "column"))


class IllegalPlayError(FivesError):
    """A play that the position or the rule pack does not allow."""


class AmbiguousPlayError(IllegalPlayError):
    """A play without ``@END`` whose tile fits more than one kind of end.

    ``choices`` lists the plays, written in full, among which to choose.
    """

    def __init__(self, template: str, *, choices: tuple[str, ...] = (), **params: Any) -> None:
        self.choices = choices
        params.setdefault("choices", tuple(choices))
        super().__init__(template, **params)


class RulePackError(FivesError):
    """A rule pack that cannot be found, read or validated.

    ``path`` names the file and ``key`` the key path inside it (``rules.spinner.doubles``).
    """

    def __init__(self, template: str, *, path: str = "", key: str = "", **params: Any) -> None:
        self.path = path
        self.key = key
        super().__init__(template, path=path, key=key, **params)
