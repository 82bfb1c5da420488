"""The learner's own name in a practice match (``fives play``): given none, it is saved in
no language (``You``, the message of the word for "you") and shown in the language read
in, wherever a saved match's names are shown or used: the list, the review, the
practice shell resumed, personal puzzles, the club. Matches saved by older versions,
with the word of the language of the day (``Jij``, ``Ikaw``, ``Anda``, ``شما``), are read
the same way; a name the learner typed stays as typed."""

from __future__ import annotations

import json
import os
import sqlite3

from play_scripts import first_line, first_mistake, whole_match

from fives_tutor.core.keeper import replay_saved
from fives_tutor.packs.loader import load_pack_data, rules_from_data
from fives_tutor.store.journal import Journal
from fives_tutor.table.practice import setup
from fives_tutor.text.bidi import strip_marks

#: the word for "you" of each language, as the catalogs give it and as older versions saved it
WORDS = {"en": "You", "tl": "Ikaw", "id": "Anda", "nl": "Jij", "fa": "شما"}


def saved_names(db: str) -> list[list[str]]:
    """The names column of every match, as the file holds it (in the order made)."""
    connection = sqlite3.connect(db)
    try:
        return [json.loads(row[0]) for row in connection.execute("SELECT names FROM matches ORDER BY id")]
    finally:
        connection.close()


def keep(db: str, names: list[str], events: list[dict], practice: dict) -> int:
    """A practice match saved with ``names`` exactly as given (what an older version wrote)."""
    data, path = load_pack_data("dominos-cc")
    rules = rules_from_data(data, path)
    state = replay_saved(rules, names, None, events)
    info = {"names": names, "teams": None, "rules_id": rules.id, "rules_path": path, "rules_data": data,
            "lang": "nl", "practice": practice}
    with Journal(db) as journal:
        return journal.import_match(info, events, state.scores, state.over)


def test_a_match_begun_in_dutch_is_saved_in_no_language_and_shown_in_each(run, tmp_path):
    db = str(tmp_path / "games.sqlite3")
    line = first_line(str(tmp_path / "script.sqlite3"), "5")
    begun = run("play", "--seed", "5", "--db", db, "--tiles", "plain", "--lang", "nl", input=line + "\n")
    assert begun.exit_code == 0, begun.stderr
    assert saved_names(db) == [["You", "Ana"]]  # the message, not the Dutch word
    # the list in each language shows that language's word
    for lang, word in WORDS.items():
        listed = run("games", "list", "--db", db, "--lang", lang)
        assert listed.exit_code == 0 and word in listed.stdout, lang
        assert not [other for other in WORDS.values() if other != word and other in listed.stdout], lang
    # the review in Persian: its scores line names the learner in Persian
    review = run("games", "review", "1", "--db", db, "--lang", "fa")
    assert review.exit_code == 0, review.stderr
    scores = next(line for line in map(strip_marks, review.stdout.splitlines()) if line.startswith("امتیازها:"))
    assert scores.startswith("امتیازها: شما ۰ · Ana")
    # the practice shell resumed in English shows the English word, where the scores stand
    resumed = run("play", "--resume", "1", "--db", db, "--tiles", "plain", "--lang", "en", input="quit\n")
    assert resumed.exit_code == 0, resumed.stderr
    assert "Scores: You 0 · Ana" in resumed.stdout and "Jij" not in resumed.stdout
    # a Dutch match and an English one: one learner in the club
    again = run("play", "--seed", "5", "--db", db, "--tiles", "plain", "--lang", "en", input=line + "\n")
    assert again.exit_code == 0, again.stderr
    for lang in ("en", "nl"):
        players = json.loads(run("games", "players", "--practice", "--json", "--db", db, "--lang", lang).stdout)
        assert {(p["player"], p["matches"]) for p in players["players"]} == {("Ana (greedy)", 2), (WORDS[lang], 2)}


def test_matches_older_versions_saved_read_the_word_for_you_as_the_learner(run, tmp_path):
    db = str(tmp_path / "games.sqlite3")
    _lines, events = whole_match(tmp_path, "dominos-cc", 2, "5", coach="off")
    practice = setup("5", 0, [None, "greedy"], "off")
    for word in WORDS.values():  # the learner's seat as each language's version saved it
        keep(db, [word, "Ana"], events, practice)
    # a learner who typed the Dutch word as their own name: it is theirs, in every language
    typed = setup("5", 0, [None, "greedy"], "off", name="Jij")
    assert typed["named"] is True
    keep(db, ["Jij", "Ana"], events, typed)
    listed = run("games", "list", "--db", db, "--lang", "en", "--json")
    assert [m["players"] for m in json.loads(listed.stdout)] == [["Jij", "Ana"]] + [["You", "Ana"]] * 5
    assert "Ikaw" not in run("games", "list", "--db", db, "--lang", "en").stdout
    assert saved_names(db) == [[word, "Ana"] for word in WORDS.values()] + [["Jij", "Ana"]]  # nothing rewritten
    # the club: the five are one player, shown in the language read in; the typed Jij is another
    for lang in ("en", "id"):
        standings = json.loads(run("games", "standings", "--practice", "--json", "--db", db, "--lang", lang).stdout)
        rows = {(p["player"], p["matches"], tuple(p["spellings"])) for p in standings["players"]}
        assert rows == {("Ana (greedy)", 6, ("Ana (greedy)",)), (WORDS[lang], 5, (WORDS[lang],)),
                        ("Jij", 1, ("Jij",))}, lang
    # the learner is found by the word for "you" in any language no player is called
    for name in ("You", "Anda", "شما"):
        record = run("games", "player", name, "--practice", "--json", "--db", db, "--lang", "tl")
        assert record.exit_code == 0, record.stderr
        assert (json.loads(record.stdout)["player"], json.loads(record.stdout)["matches"]) == ("Ikaw", 5), name
    typed_record = json.loads(run("games", "player", "Jij", "--practice", "--json", "--db", db).stdout)
    assert (typed_record["player"], typed_record["matches"]) == ("Jij", 1)


def test_a_merge_named_in_one_language_holds_in_every_other(run, tmp_path):
    db = str(tmp_path / "games.sqlite3")
    _lines, events = whole_match(tmp_path, "dominos-cc", 2, "5", coach="off")
    keep(db, ["Jij", "Ana"], events, setup("5", 0, [None, "greedy"], "off"))  # saved by an older Dutch version
    keep(db, ["You", "Ana"], events, setup("5", 0, [None, "greedy"], "off"))  # saved now
    keep(db, ["Zoe", "Ana"], events, setup("5", 0, [None, "greedy"], "off", name="Zoe"))
    merged = run("games", "players", "--merge", "Jij", "Zoe", "--db", db, "--lang", "nl")
    assert merged.exit_code == 0, merged.stderr
    for lang in ("en", "fa"):
        players = json.loads(run("games", "players", "--practice", "--json", "--db", db, "--lang", lang).stdout)
        rows = {(p["player"], p["matches"]) for p in players["players"]}
        assert rows == {("Ana (greedy)", 3), ("Zoe", 3)}, lang


def test_a_personal_puzzle_names_the_learner_in_the_language_read_in(run, tmp_path):
    db = os.path.join(os.environ["FIVES_HOME"], "games.sqlite3")
    mistake, practice = first_mistake(db, names=["Jij", "Ana"])  # as an older Dutch version saved it
    assert practice.names[0] == "You"  # the practice shell in English
    result = run("puzzle", "--count", "1", "--lang", "en", input=mistake.best + "\n")
    assert result.exit_code == 0, result.stderr
    assert f"You played {mistake.play} here. Find a better play." in " ".join(result.stdout.split())


def test_a_personal_puzzle_keeps_a_typed_name_and_shows_the_word_for_you_in_each_language():
    from fives_tutor.table.puzzle_text import personal_intro
    from fives_tutor.text.i18n import activate

    data = {"match": 3, "date": "2026-05-01T14:30:00+00:00", "hand_number": 1, "played": "5|1@5"}
    activate("nl")
    assert "Jij legde hier" in personal_intro({**data, "name": "You"})
    assert "Jij legde hier" in personal_intro({**data, "name": "Anda"})  # harvested from an older Indonesian save
    activate("en")
    assert "You played" in personal_intro({**data, "name": "Jij"})
    assert "Jij played" in personal_intro({**data, "name": "Jij", "named": True})
    assert "Maria played" in personal_intro({**data, "name": "Maria"})
