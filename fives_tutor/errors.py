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

from typing import Any


def N_(message: str) -> str:
    """Mark ``message`` for translation without translating it (gettext's no-op)."""
    return message


def Nn_(singular: str, plural: str) -> tuple[str, str]:
    """Mark a message with a count for translation (extracted like ``ngettext``): an
    error whose template is this pair takes the form that fits its ``count``."""
    return (singular, plural)


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
        as it is is joined with commas.
        """
        values = {key: wrap(value, key) for key, value in self.params.items()}
        values = {key: ", ".join(map(str, value)) if isinstance(value, (list, tuple)) else value
                  for key, value in values.items()}
        if self.plural is not None:
            count = self.params.get("count", 0)
            count = count if isinstance(count, int) else 0
            if ngettext is not None:
                return ngettext(self.template, self.plural, count).format(**values)
            return (self.template if count == 1 else self.plural).format(**values)
        return translate(self.template).format(**values)


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
        """The message, then where it is (translated separately, so both are in the catalog)."""
        message = super().render(translate, wrap, ngettext)
        if self.column is None:
            return message
        return message + translate(N_(" (column {column})")).format(column=wrap(self.column, "column"))


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
