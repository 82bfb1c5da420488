"""The shells at the table: ``fives table`` (a scorekeeper for a real match) and
``fives play`` (a match against the computer, with a coach), sharing one grammar of
what a line may be, one prompt_toolkit shell, the board and the replies.

* :mod:`.grammar`: what a line may be (parsing, completion and checking as you type);
* :mod:`.session`: the scorekeeper's session (lines in, journal events and replies out);
* :mod:`.render`: the replies, the score sheet, the toolbar, in the active language;
* :mod:`.replies`: what a session prints, and the loop without a terminal;
* :mod:`.shell`: the prompt_toolkit shell (imported only in a terminal), and :mod:`.keys` the
  keys every prompt shares;
* :mod:`.practice` and :mod:`.practice_text`: a match against the computer and how it is
  shown;
* :mod:`.coach` (pure: the judgements, their marks and kinds) and :mod:`.coach_text`
  (what the coach says): the coach, ``hint``'s situation, ``fives games review``.
"""
