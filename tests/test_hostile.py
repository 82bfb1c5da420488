"""Hostile files and lines: each gets its own clear line and exit code 2, within 200 MB and 10 s.

The corpus is in ``tests/hostile/``: rule packs (``packs/``), lesson files (``lessons/NAME/``,
a pack and its English lessons), match exports (``imports/``). Files too big to keep in
the repository (a pack over the size bound, nesting thousands deep, a 20 MB batch line)
and SQLite databases are made by the tests. Every case names the message it must get.

Each case runs twice: in a child process limited to 200 MB of address space
(``RLIMIT_AS``) and 10 seconds, where it must answer the expected line; and in process
in each of the five languages, where it must still be exactly one line on standard
error with exit code 2, no traceback and no control character. Whatever was saved
before stays saved.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import sqlite3
import subprocess
import sys
import time

import pytest

resource = pytest.importorskip("resource")  # POSIX: the memory bound

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CORPUS = os.path.join(REPO, "tests", "hostile")
LANGUAGES = ("en", "tl", "id", "nl", "fa")
MEMORY = 200 * 1024 * 1024
SECONDS = 10

PACKS = {
    "alias_bomb.yaml": "the data stands for more than 1,000,000 values once its aliases are expanded",
    "base60_number.yaml": "line 5: the number is too long",
    "base_id_list.yaml": "id: expected an id of lower-case letters, digits and dashes, got [1, 2]",
    "base_id_number.yaml": "id: expected an id of lower-case letters, digits and dashes, got 5",
    "claims_builtin.yaml": "id: dominos-cc is the id of a built-in pack; give your pack an id of its own",
    "complex_key.yaml": "line 3: a key must be text or a whole number",
    "complex_player_key.yaml": "line 5: a key must be text or a whole number",
    "duplicate_key.yaml": "line 3: the key id is given twice",
    "escape_in_name.yaml": "name: the text has a control character",
    "extends_base_id_list.yaml": "base_id_list.yaml: id: expected an id of lower-case letters",
    "extends_base_id_number.yaml": "base_id_number.yaml: id: expected an id of lower-case letters",
    "extends_not_text.yaml": "extends: expected the id of a pack or the path of a .yaml file, got {'a': 1}",
    "extends_passwd.yaml": "extends: expected the id of a pack or the path of a .yaml file, got '/etc/passwd'",
    "fractional_player_count.yaml": "line 5: a key must be text or a whole number",
    "fractional_players.yaml": "rules.players.min: expected a whole number (2 to 10), got 2.5",
    "huge_target.yaml": "rules.match.target.2: expected a whole number (1 to 100,000), got '1e400'",
    "infinite_player_count.yaml": "line 5: a key must be text or a whole number",
    "infinite_players.yaml": "rules.players.max: expected a whole number (2 to 10), got inf",
    "long_name.yaml": "name: expected at most 100 characters, got 5,000",
    "long_number.yaml": "line 5: the number is too long",
    "mistyped_base.yaml": "extends: unknown rule pack 'mugins': did you mean muggins?",
    "mistyped_key.yaml": "rules.spiner: unknown key: did you mean spinner?",
    "mistyped_value.yaml": "rules.lead.first_hand: 'highest_dubble' is not one of its values: did you mean highest_double?",
    "loop_a.yaml": "extends: the packs extend each other in a loop",
    "negative_player_count.yaml": "rules.players.hand_size: -2 is not a number of players",
    "not_a_mapping.yaml": "this is not a rule pack: a pack is a mapping of keys such as id, extends and rules",
    "not_utf8.yaml": "cannot read the file: it is not UTF-8 text",
    "python_tag.yaml": "could not determine a constructor for the tag",
    "target_list.yaml": "rules.match.target: expected one value for every player count, or a value for each (2 to 4), "
                        "got [100, 150]",
    "unknown_key.yaml": "kkkkkkkkkk…: unknown key (known keys: id, extends, source, citation, name, summary, rules, lessons)",
    "wrong_type_deep.yaml": "line 5: the data nests more than 32 levels deep",
}
LESSONS = {
    "alias_bomb": "the data stands for more than 1,000,000 values once its aliases are expanded",
    "escape_in_text": "a step 1: the text has a control character",
    "format_attribute": "a placeholder is a name in braces, such as {target_2}, without a format or an index",
    "format_conversion": "a placeholder is a name in braces, such as {target_2}, without a format or an index",
    "format_index": "a placeholder is a name in braces, such as {target_2}, without a format or an index",
    "format_spec": "a: a placeholder is a name in braces, such as {target_2}, without a format or an index",
    "id_not_text": "lessons[1]: a lesson needs an id (letters, digits and dashes) and a title",
    "lone_brace": "a { or } must open or close a placeholder such as {target_2}",
    "mistyped_key": "a step 1: unknown key qestion: did you mean question?",
    "mistyped_question": "a step 1: unknown question totl: did you mean total?",
    "not_a_list": "expected a list of lessons under 'lessons:'",
    "players_not_number": "a step 1: players must be a number of players from 2 to 10",
    "players_unknown": "the rule pack lessons-players-unknown has no hand size for 9 players",
    "position_not_text": "a step 1: position must be notation in quotes",
    "unknown_placeholder": "a step 1: unknown placeholder password",
    "unknown_question": "unknown question __import__('os')",
}
IMPORTS = {
    "claim_1e28.json": 'event 3 (claim): "amount" has a wrong value',
    # the coach's judgements are checked like every other field (valid_practice.json is the match they damage)
    "coach_escape.json": 'event 3 (play): "coach" has a wrong value',
    "coach_float_hand.json": 'event 3 (play): "coach" has a wrong value',
    "coach_kind_of_a_best_play.json": 'event 3 (play): "coach" has a wrong value',
    "coach_level.json": 'event 3 (play): "coach" has a wrong value',
    "coach_nan_cost.json": 'event 5 (play): "coach" has a wrong value',
    "coach_other_play.json": 'event 3 (play): "coach" has a wrong value',  # a judgement of another tile
    "coach_seat.json": 'event 3 (play): "coach" has a wrong value',  # of a seat that did not play it
    "practice_level_unknown.json": '"practice" is not the setup of a match against the computer',
    "updated_year_9999.json": '"updated" must be a date and time such as 2026-05-01T14:30:00+00:00',
    "names_zero_width.json": '"names" must be a list of 2 to 10 different player names',
    "claim_too_large.json": "event 3 does not apply: muggins 5,000: the last play left 10 points unannounced",
    "event_extra_field.json": "event 2 (play) has the wrong fields",
    "event_player_text.json": 'event 2 (play): "player" has a wrong value',
    "event_unknown_type.json": "event 3 has no known type",
    "events_not_a_list.json": '"match" must be an object and "events" a list of objects',
    "huge_integer.json": "it holds a number too long to read",
    "infinite_score.json": '"scores" must be a list of whole numbers',
    "lang_unknown.json": '"lang" must be text of at most 16 characters',
    "names_escape.json": '"names" must be a list of 2 to 10 different player names',
    "names_long.json": '"names" must be a list of 2 to 10 different player names',
    "names_not_a_list.json": '"names" must be a list of 2 to 10 different player names',
    "names_twice.json": '"names" must be a list of 2 to 10 different player names',
    "not_json.json": "is not valid JSON (line 1, column 33)",  # 32 characters, then nothing where a key must be
    "not_utf8.json": "it is not UTF-8 text",
    "rules_data_bad_rule.json": "rules.players.hand_size: '2.5' is not a number of players",
    "rules_data_escape.json": "name.en: the text has a control character",
    "rules_data_lessons_path.json": "_lessons: expected text, got {'path': '/etc/passwd'}",
    "scores_mismatch.json": "its scores [200, 0] are not what its events give ([10, 0])",
    "teams_not_a_partition.json": '"teams" must put each player in exactly one team',
    "top_extra_field.json": '"payload" is not a field of an export',
    "version_escape.json": "version \\x1b]0;pwned\\x07 is not one this fives-tutor reads",
}


# --- running a command: bounded in a child process, and in process in every language ------------


def environment(home: str, lang: str = "en") -> dict:
    env = dict(os.environ, PYTHONPATH=REPO, FIVES_HOME=home, FIVES_LANG=lang)
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG", "FIVES_DEBUG"):
        env.pop(variable, None)
    return env


def _limit() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def bounded(args, home: str, stdin: bytes = b"", env: dict | None = None) -> subprocess.CompletedProcess:
    """``fives ARGS`` in a child process with at most 200 MB of address space and 10 seconds."""
    return subprocess.run([sys.executable, "-m", "fives_tutor.cli.main", *args], input=stdin, capture_output=True,
                          env=env or environment(home), timeout=SECONDS, preexec_fn=_limit, cwd=home, check=False)


def assert_one_line(stderr: str, expected: str | None, where) -> None:
    assert "Traceback" not in stderr, where
    assert len(stderr.strip().splitlines()) == 1, (where, stderr)
    assert not any(ord(c) < 32 and c != "\n" or 0x7F <= ord(c) <= 0x9F for c in stderr), (where, stderr)
    if expected is not None:
        assert expected in stderr, (where, expected, stderr)


def refused_everywhere(run, args, expected: str, home: str, stdin: bytes = b"", child: bool = True) -> None:
    """The case within bounds (English, the expected line), then in every language in process."""
    if child:
        done = bounded(args, home, stdin)
        stderr = done.stderr.decode("utf-8", "replace")
        assert done.returncode == 2, (args, done.returncode, stderr[-2000:])
        assert_one_line(stderr, expected, args)
    for lang in LANGUAGES:
        result = run(*args, "--lang", lang, input=stdin)
        assert result.exit_code == 2, (lang, args, result.stderr)
        assert_one_line(result.stderr, expected if lang == "en" else None, (lang, args))


@pytest.fixture
def home(tmp_path):
    folder = tmp_path / "home"
    folder.mkdir()
    return str(folder)


# --- rule packs --------------------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(PACKS))
def test_hostile_pack(run, home, name):
    path = os.path.join(CORPUS, "packs", name)
    refused_everywhere(run, ["score", "5 3", "--rules", path], PACKS[name], home)
    refused_everywhere(run, ["rules", "show", path], PACKS[name], home, child=False)


def test_a_pack_is_never_shown_when_it_is_not_a_pack(run, home):
    for path in ("/etc/passwd", os.path.join(CORPUS, "packs", "extends_passwd.yaml"),
                 os.path.join(CORPUS, "packs", "not_a_mapping.yaml")):
        child = bounded(["score", "5 3", "--rules", path], home)
        assert child.returncode == 2
        assert b"root:" not in child.stderr and b"secret" not in child.stderr, child.stderr
    child = bounded(["score", "5 3", "--rules", "/dev/zero"], home)
    assert child.returncode == 2 and b"/dev/zero: no such rule pack file" in child.stderr, child.stderr


@pytest.mark.parametrize("make, expected", [
    (lambda: "id: big\nextends: dominos-cc\nsource: |\n" + "  x\n" * 70_000, "the file is larger than 262,144 bytes"),
    (lambda: "id: deep\nextends: dominos-cc\nsource: " + "[" * 5000 + "]" * 5000 + "\n",
     "line 3: the data nests more than 32 levels deep"),
    (lambda: "id: deep\nextends: dominos-cc\nsource: " + "{a: " * 5000 + "1" + "}" * 5000 + "\n",
     "line 3: the data nests more than 32 levels deep"),
    (lambda: "id: wide\nextends: dominos-cc\nsource: [" + "1," * 30_000 + "1]\n", "the file has more than 20,000 values"),
], ids=["size", "nested lists", "nested mappings", "node count"])
def test_generated_hostile_pack(run, home, tmp_path, make, expected):
    path = tmp_path / "generated.yaml"
    path.write_text(make(), encoding="utf-8")
    refused_everywhere(run, ["score", "5 3", "--rules", str(path)], expected, home)


def test_a_user_file_named_like_a_built_in_pack_is_reported(run, home):
    folder = os.path.join(home, "rules")
    os.makedirs(folder)
    with open(os.path.join(folder, "dominos-cc.yaml"), "w", encoding="utf-8") as handle:
        handle.write("id: mine\nextends: dominos-cc\nrules:\n  match:\n    target: {2: 5}\n")
    result = run("rules", "list", "--json", env={"FIVES_HOME": home})
    assert result.exit_code == 2
    mine = [pack for pack in json.loads(result.stdout)["packs"] if pack["from"] == "user"]
    assert len(mine) == 1 and "named like the built-in pack dominos-cc, which always comes first" in mine[0]["error"]
    # and the built-in pack is the one used by its name
    assert "150 points" in run("rules", "show", "dominos-cc", env={"FIVES_HOME": home}).stdout
    refused = run("score", "5 3", "--rules", "mine", env={"FIVES_HOME": home})
    assert refused.exit_code == 2 and "unknown rule pack 'mine'" in refused.stderr


# --- lesson files --------------------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(LESSONS))
def test_hostile_lessons(run, home, tmp_path, name):
    folder = tmp_path / name
    shutil.copytree(os.path.join(CORPUS, "lessons", name), folder)
    english = (folder / "x.en.yaml").read_bytes()
    for lang in LANGUAGES[1:]:  # the same file in every language, so each language meets the same fault
        (folder / f"x.{lang}.yaml").write_bytes(english)
    pack = str(folder / "pack.yaml")
    refused_everywhere(run, ["learn", "--list", "--rules", pack], LESSONS[name], home)


def test_a_lesson_file_over_the_size_bound(run, home, tmp_path):
    (tmp_path / "pack.yaml").write_text("id: big-lessons\nextends: dominos-cc\nlessons: x\n", encoding="utf-8")
    text = "lessons:\n  - id: a\n    title: T\n    steps:\n" + "      - text: hello\n" * 30_000
    for lang in LANGUAGES:
        (tmp_path / f"x.{lang}.yaml").write_text(text, encoding="utf-8")
    refused_everywhere(run, ["learn", "--list", "--rules", str(tmp_path / "pack.yaml")],
                       "the file is larger than 524,288 bytes", home)


# --- match exports ---------------------------------------------------------------------------------


def listed(run, db) -> list:
    return json.loads(run("games", "list", "--db", db, "--json").stdout or "[]")


@pytest.mark.parametrize("name", sorted(IMPORTS))
def test_hostile_import(run, home, name):
    db = os.path.join(home, "games.sqlite3")
    assert run("games", "import", os.path.join(CORPUS, "imports", "valid.json"), "--db", db).exit_code == 0
    before = listed(run, db)
    refused_everywhere(run, ["games", "import", os.path.join(CORPUS, "imports", name), "--db", db], IMPORTS[name], home)
    assert listed(run, db) == before  # nothing added, nothing lost


@pytest.mark.parametrize("make, expected", [
    (lambda: '{"format": "fives-tutor-match", "version": 1, "match": ' + "[" * 100_000 + "]" * 100_000 + "}",
     "it nests deeper than any export"),
    (lambda: '{"format": "fives-tutor-match", "pad": "' + "x" * (17 * 1024 * 1024) + '"}',
     "the file is larger than 16,777,216 bytes"),
    (lambda: json.dumps(dict(json.load(open(os.path.join(CORPUS, "imports", "valid.json"), encoding="utf-8")),
                             events=[{"type": "pass", "player": 0}] * 100_001)), "it has more than 100,000 events"),
], ids=["nesting", "size", "events"])
def test_generated_hostile_import(run, home, tmp_path, make, expected):
    path = tmp_path / "generated.json"
    path.write_text(make(), encoding="utf-8")
    refused_everywhere(run, ["games", "import", str(path), "--db", os.path.join(home, "games.sqlite3")], expected, home)


def test_import_of_stdin_and_of_a_device(run, home):
    db = os.path.join(home, "games.sqlite3")
    refused_everywhere(run, ["games", "import", "-", "--db", db], "- is not valid JSON (line 1, column 1)", home,
                       stdin=b"\x00" * 1000)
    refused_everywhere(run, ["games", "import", "/dev/zero", "--db", db], "/dev/zero is not a regular file", home)


# --- saved-games files ----------------------------------------------------------------------------


def saved_games(run, home) -> str:
    """A journal with two matches: 1 (Ana, Ben under muggins, 10 to Ana) and 2."""
    db = os.path.join(home, "games.sqlite3")
    assert run("table", "--players", "Ana,Ben", "--rules", "muggins", "--db", db, input="5|5 =10\n5|0\n").exit_code == 0
    assert run("table", "--players", "Cy,Dee", "--db", db, input="6|6\n").exit_code == 0
    return db


def digest(path) -> str:
    with open(path, "rb") as handle:
        return hashlib.sha256(handle.read()).hexdigest()


def damage(db: str, statement: str, *params) -> None:
    connection = sqlite3.connect(db)
    connection.execute(statement, params)
    connection.commit()
    connection.close()


DAMAGE = {
    # the claim a former version saved: 10^28 points, and the scores it led to
    "poisoned claim": (["UPDATE matches SET scores = ? WHERE id = 1", json.dumps([10 ** 28, 0])],
                       "saved match 1 is damaged and cannot be read: its scores cannot be read"),
    "names not a list": (["UPDATE matches SET names = ? WHERE id = 1", '{"a": 1}'],
                         "saved match 1 is damaged and cannot be read: its names cannot be read"),
    "names with an escape": (["UPDATE matches SET names = ? WHERE id = 1", json.dumps(["\x1b]0;x\x07", "Ben"])],
                             "saved match 1 is damaged and cannot be read: its names cannot be read"),
    "rules not JSON": (["UPDATE matches SET rules_data = ? WHERE id = 1", "{" * 50_000],
                       "saved match 1 is damaged and cannot be read: its rules_data cannot be read"),
    "a huge cell": (["UPDATE matches SET names = ? WHERE id = 1", "[" + '"x",' * 3_000_000 + '"x"]'],
                    "saved match 1 is damaged and cannot be read: its names cannot be read"),
    "an integer of 5000 digits": (["UPDATE matches SET scores = ? WHERE id = 1", "[" + "9" * 5000 + ", 0]"],
                                  "saved match 1 is damaged and cannot be read: its scores cannot be read"),
}


@pytest.mark.parametrize("case", sorted(DAMAGE))
def test_a_damaged_match_never_hides_the_others(run, home, case):
    db = saved_games(run, home)
    (statement, value), expected = DAMAGE[case]
    damage(db, statement, value)
    before = digest(db)
    child = bounded(["games", "list", "--db", db], home)
    assert child.returncode == 2
    assert b"Cy, Dee" in child.stdout  # the other match is listed
    assert_one_line(child.stderr.decode(), expected, case)
    for args in (["games", "show", "1", "--db", db], ["games", "export", "1", "--db", db],
                 ["table", "--resume", "1", "--db", db]):
        refused_everywhere(run, args, expected, home, child=args[1] == "show")
    assert run("games", "show", "2", "--db", db).exit_code == 0
    assert digest(db) == before  # reading never changes the file


@pytest.mark.parametrize("event, expected", [
    # Ben's 5|0 left 10 unannounced: Ana may claim 10, never 10^28
    ('{"type": "claim", "player": 0, "amount": 10000000000000000000000000000}',
     "saved match 1 is damaged and cannot be read: event 3 does not apply: muggins 10000000000000000000000000000: "
     "the last play left 10 points unannounced"),
    ("not json", "saved match 1 is damaged and cannot be read: event 3 cannot be read"),
    ('{"type": "play", "player": 7, "tile": "6|6"}', "saved match 1 is damaged and cannot be read: event 3 does not "
                                                     "apply: unknown player"),
    ('"' + "x" * (70 * 1024) + '"', "saved match 1 is damaged and cannot be read: event 3 cannot be read"),
    ("[" * 100_000 + "]" * 100_000, "saved match 1 is damaged and cannot be read: event 3 cannot be read"),
], ids=["claim 10^28", "not JSON", "no such player", "too long", "nested"])
def test_a_damaged_event(run, home, event, expected):
    db = saved_games(run, home)
    damage(db, "INSERT INTO events VALUES (1, 3, 'now', ?)", event)
    before = digest(db)
    for args in (["games", "show", "1", "--db", db], ["games", "export", "1", "--db", db],
                 ["table", "--resume", "1", "--db", db]):
        refused_everywhere(run, args, expected, home, child=args[1] == "show")
    assert run("games", "list", "--db", db).exit_code == 0  # the row itself is fine
    assert digest(db) == before


def test_databases_that_are_not_saved_games(run, home):
    db = os.path.join(home, "games.sqlite3")
    with open(db, "wb") as handle:
        handle.write(b"SQLite format 3\x00" + b"\xff" * 5000)
    refused_everywhere(run, ["games", "list", "--db", db], f"cannot read the saved games at {db}", home)
    os.remove(db)
    connection = sqlite3.connect(db)
    connection.execute("CREATE TABLE notes (text TEXT)")
    connection.commit()
    connection.close()
    before = digest(db)
    for args in (["games", "list"], ["games", "show", "1"], ["table", "--players", "Ana,Ben"]):
        refused_everywhere(run, [*args, "--db", db], "it is not a fives-tutor file", home, stdin=b"6|6\n")
    assert digest(db) == before


def test_a_missing_file_and_ids_too_large_for_sqlite(run, home):
    # the default file, not made yet: no match saved in it so far
    default = os.path.join(home, "games.sqlite3")
    named = os.path.join(home, "none.sqlite3")
    for args in (["games", "show", "1"], ["games", "export", "1"], ["games", "delete", "1", "--yes"]):
        refused_everywhere(run, args, f"there is no saved match 1: no match has been saved in {default} yet",
                           home, child=args[1] == "show")
        # a file named with --db that is not there: a slip in its name, said as such
        refused_everywhere(run, [*args, "--db", named],
                           f"cannot read the saved games at {named}: there is no such file or folder", home,
                           child=args[1] == "show")
    assert not os.path.exists(default) and not os.path.exists(named)  # reading or deleting never creates the file
    db = saved_games(run, home)
    for number in ("9223372036854775808", "9" * 30, "9" * 5000):
        for args in (["games", "show", number], ["games", "delete", number, "--yes"], ["table", "--resume", number]):
            refused_everywhere(run, [*args, "--db", db], "there is no saved match " + number[:50], home,
                               child=args[1] == "show" and len(number) > 1000)
    assert [m["id"] for m in listed(run, db)] == [2, 1]


#: the commands that take --db and write a new saved-games file when it is not there (every other one reads)
DB_WRITERS = {("table",), ("play",), ("games", "import")}


def _db_commands() -> list[tuple[str, ...]]:
    """Every command of ``fives`` that takes ``--db``, by its path of names."""
    from test_fuzz import leaf_commands  # the one walk over the command tree

    return [path for path, command in leaf_commands()
            if any("--db" in getattr(param, "opts", ()) for param in command.params)]


def _db_args(path: tuple[str, ...]) -> list[str]:
    """``path``'s command with what else it needs to reach its saved games."""
    needs = {("table",): ["--players", "Ana,Ben"], ("play",): ["--players", "2", "--seed", "1"],
             ("games", "import"): [os.path.join(CORPUS, "imports", "valid.json")],
             ("games", "show"): ["1"], ("games", "export"): ["1"], ("games", "delete"): ["1", "--yes"],
             ("games", "player"): ["Ana"]}
    return [*path, *needs.get(path, [])]


def test_a_slip_in_db_is_refused_by_every_command_that_takes_it(run, home):
    """--db names a file: an empty name is refused (it meant the default file, quietly); a
    command that reads refuses a file that is not there (never "no saved matches yet"); one
    that writes refuses a folder that is not there, and makes none. Checked on every
    command that takes --db."""
    commands = _db_commands()
    assert set(DB_WRITERS) <= set(commands) and len(commands) >= 12, commands
    missing_folder = os.path.join(home, "nmae")  # a typo for a folder that exists
    os.mkdir(os.path.join(home, "name"))
    for path in commands:
        args = _db_args(path)
        refused_everywhere(run, [*args, "--db", ""], "--db takes the name of a file", home, stdin=b"6|6\n",
                           child=False)
        refused_everywhere(run, [*args, "--db", " "], "--db takes the name of a file", home, stdin=b"6|6\n",
                           child=False)
        db = os.path.join(missing_folder, "games.sqlite3")
        if path in DB_WRITERS:
            expected = f"cannot save to {db}: there is no folder {missing_folder}"
        else:
            expected = f"cannot read the saved games at {db}: there is no such file or folder"
        refused_everywhere(run, [*args, "--db", db], expected, home, stdin=b"6|6\n", child=path == ("table",))
        assert not os.path.exists(missing_folder), path
        if path not in DB_WRITERS:  # a folder that is there, a file that is not
            db = os.path.join(home, "name", "gmaes.sqlite3")
            refused_everywhere(run, [*args, "--db", db],
                               f"cannot read the saved games at {db}: there is no such file or folder", home,
                               child=False)
            assert not os.path.exists(db), path
    assert not os.path.exists(os.path.join(home, "games.sqlite3"))  # nor was the default file used instead


def test_the_data_folder_is_made_when_missing(tmp_path):
    """Without --db the saved games go to the data folder, made the first time (with its
    parents); it is the one folder fives-tutor makes."""
    home = tmp_path / "not" / "yet"
    done = subprocess.run([sys.executable, "-m", "fives_tutor.cli.main", "table", "--players", "Ana,Ben"],
                          input=b"6|6\n", capture_output=True, env=environment(str(home)), timeout=60,
                          cwd=tmp_path, check=False)
    assert done.returncode == 0, done.stderr
    assert os.path.isfile(home / "games.sqlite3")


def test_a_full_disk_loses_nothing(home):
    """The file may not grow (RLIMIT_FSIZE, as a full disk does): every entry after that
    is refused with the reason, every one before it is kept."""
    db = os.path.join(home, "games.sqlite3")
    env = environment(home)
    first = subprocess.run([sys.executable, "-m", "fives_tutor.cli.main", "table", "--players", "Ana,Ben", "--db", db],
                           input=b"6|6\n", capture_output=True, env=env, timeout=60, cwd=home, check=False)
    assert first.returncode == 0, first.stderr

    def small_files():
        resource.setrlimit(resource.RLIMIT_FSIZE, (os.path.getsize(db) + 20_000,) * 2)

    lines = b"6|3\n" + b"draw 1\n" * 12 + b"sheet\n"
    child = subprocess.run([sys.executable, "-m", "fives_tutor.cli.main", "table", "--resume", "--db", db],
                           input=lines, capture_output=True, env=env, timeout=60, cwd=home, preexec_fn=small_files,
                           check=False)
    out = " ".join(child.stdout.decode().split())  # replies are wrapped to the width
    assert child.returncode == 2 and b"Traceback" not in child.stderr + child.stdout, (out, child.stderr)
    assert "Refused: cannot save to" in out and "the disk could not be read or written" in out
    acknowledged = out.count("draws 1 tile")
    assert 0 < acknowledged < 12  # some entries fitted, the rest were refused
    events = json.loads(subprocess.run([sys.executable, "-m", "fives_tutor.cli.main", "games", "export", "1", "--db",
                                        db], capture_output=True, env=env, timeout=60, check=False).stdout)["events"]
    assert len(events) == 2 + acknowledged  # exactly what was acknowledged


def test_read_only_and_full_saved_games(run, home, monkeypatch):
    """SQLite's own errors for a read-only file and a full disk (this machine runs the
    tests as root, whom permissions do not stop): each its own line, nothing lost."""
    import fives_tutor.store.journal as journal

    db = saved_games(run, home)
    before = listed(run, db)
    real_connect = sqlite3.connect

    def read_only(path, *args, **kwargs):
        if isinstance(path, str) and not path.startswith("file:"):
            return real_connect("file:" + path + "?mode=ro", *args, uri=True, **kwargs)
        return real_connect(path, *args, **kwargs)

    monkeypatch.setattr(journal.sqlite3, "connect", read_only)
    for args, text in ((["games", "delete", "1", "--yes"], None), (["table", "--resume", "2"], "6|3\n"),
                       (["table", "--players", "Eve,Fay"], "6|6\n"),
                       (["games", "import", os.path.join(CORPUS, "imports", "valid.json")], None)):
        result = run(*args, "--db", db, input=text)
        assert result.exit_code == 2, (args, result.stdout, result.stderr)
        assert_one_line(result.stderr, f"{db}: the file or its folder is read-only", args)
    assert run("games", "show", "1", "--db", db).exit_code == 0  # reading still works
    monkeypatch.setattr(journal.sqlite3, "connect", real_connect)
    assert listed(run, db) == before


# --- lines and arguments ----------------------------------------------------------------------------


def test_a_20_mb_batch_line_and_dev_zero(home, tmp_path):
    batch = tmp_path / "batch.txt"
    with open(batch, "wb") as handle:
        handle.write(b'"5 3" --play 3|0\n' + b"5 " * (10 * 1024 * 1024) + b"\n" + b"--play 3|0\n" + b'"6 2"\n')
    child = bounded(["score", "--batch", str(batch)], home)
    assert child.returncode == 2 and not child.stderr, child.stderr
    answers = [json.loads(line) for line in child.stdout.splitlines()]
    assert answers[0]["points"] == 5
    assert answers[1] == {"line": 2, "error": "the line is longer than 65,536 bytes"}
    assert answers[2] == {"line": 3, "error": "Missing argument 'POSITION'."}
    assert answers[3]["total"] == 8
    child = bounded(["score", "--batch", "/dev/zero"], home)
    assert child.returncode == 2
    assert_one_line(child.stderr.decode(), "line 1 does not end within 67,108,864 bytes", "/dev/zero")


@pytest.mark.parametrize("args, expected", [
    (["count", "9" * 5000], "pips is more than the whole set holds (168)"),
    (["count", "5|3", "--winner", "9" * 5000], "pips is more than the whole set holds (168)"),
    (["best", "5 3", "--hand", "5|0", "--scores", "9" * 5000 + ",1"], "a score of 150 or more has already won"),
    (["best", "5 3", "--hand", "5|0", "--opponents", "9" * 5000], "is not a number of tiles"),
    (["best", "5 3", "--hand", "5|0", "--void", "1:" + "9" * 5000], "--void: 9999"),
    (["score", "9" * 5000 + " 3"], "is not an open end"),
    (["learn", "9" * 5000], "there is no lesson 9999"),
    (["score", "5 3\x1b]0;pwned\x07"], "Invalid value for 'POSITION': it has a control character"),
    (["score", "5 3", "--rules", "x\x1b]0;pwned\x07.yaml"], "x\\x1b]0;pwned\\x07.yaml: no such rule pack file"),
    (["table", "--players", "Ana\x1b[2J,Ben"], "it has a control character"),
    (["score", "5|5*(" * 5000], "arms nest deeper than the 7 doubles of the set allow"),
    (["duel", "greedy", "monte-carlo:99999999999"], "monte-carlo:99999999999"),
    (["duel", "greedy", "greedy", "--players", "Ana,ana"], "each player needs a different name"),
    (["score", "5 3", "--rules", "/"], "/: cannot read the file: it is a folder, not a file"),
    (["best", "6 2", "--hand", "2|5 6|4", "--history", ""], 'cannot read the history "": there is no such file'),
    (["play", "--players", ""], "give a number of players or their names separated by commas"),
    (["table", "--players", " "], "give a number of players or their names separated by commas"),
], ids=lambda value: value[0] if isinstance(value, list) else None)
def test_hostile_arguments(run, home, args, expected):
    refused_everywhere(run, args, expected, home)


def test_arguments_that_are_not_utf8(home):
    for args in (["score", b"5 3\xff"], ["table", "--players", b"Ana\xff,Ben"], ["simulate", "dominos-cc", "--seed",
                                                                               b"\xfe"]):
        child = subprocess.run([sys.executable, "-m", "fives_tutor.cli.main",
                                *[a if isinstance(a, bytes) else a.encode() for a in args]], input=b"",
                               capture_output=True, env=environment(home), timeout=SECONDS, preexec_fn=_limit,
                               check=False)
        assert child.returncode == 2, (args, child.stderr)
        assert_one_line(child.stderr.decode("utf-8", "replace"), None, args)
        assert b"\\xff" in child.stderr or b"not UTF-8" in child.stderr, child.stderr


@pytest.mark.parametrize("encoding", ["ascii", "latin-1"])
def test_narrow_output_encodings_fall_back(home, encoding):
    env = dict(environment(home, "fa"), PYTHONIOENCODING=encoding)
    for args in (["score", "5 0", "--play", "0|0"], ["rules", "show", "muggins", "--json"], ["rules", "list"],
                 ["score", "5 x"]):
        child = bounded(args, home, env=env)
        assert child.returncode in (0, 2), (args, child.stderr)
        assert b"Traceback" not in child.stderr + child.stdout, (args, child.stderr)
        child.stdout.decode(encoding)  # written in the encoding asked for: Click took ASCII for a mistake
        child.stderr.decode(encoding)
    persian = bounded(["score", "5 0"], home, env=env).stdout.decode(encoding)
    assert "5 0" in persian and not any("\u202a" <= char <= "\u202e" for char in persian)
    shown = bounded(["score", "5 0", "--play", "0|0", "--lang", "en"], home, env=env)
    assert shown.returncode == 0 and b"5 + 0 (spinner 0|0) = 5 " in shown.stdout


def test_a_closed_pipe_is_not_an_error(home):
    process = subprocess.Popen([sys.executable, "-m", "fives_tutor.cli.main", "simulate", "dominos-cc", "--matches",
                                "2000", "--records", "-"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               env=environment(home), cwd=home)
    process.stdout.readline()
    process.stdout.close()  # the reader goes away, as `| head -1` does
    _out, err = process.communicate(timeout=60)
    assert err == b"", err
    assert process.returncode in (0, 141)


def test_a_20_mb_line_and_dev_zero_at_the_table_and_the_tutor(home, tmp_path):
    lines = tmp_path / "lines.txt"
    with open(lines, "wb") as handle:
        handle.write(b"6|6\n" + b"5 " * (10 * 1024 * 1024) + b"\n6|3\n")
    db = os.path.join(home, "games.sqlite3")
    with open(lines, "rb") as handle:
        child = bounded(["table", "--players", "Ana,Ben", "--db", db], home, stdin=handle.read())
    out = " ".join(child.stdout.decode().split())  # replies are wrapped to the width
    assert child.returncode == 2 and b"Traceback" not in child.stderr, child.stderr
    assert "Refused: the line is longer than 65,536 characters. Nothing was recorded." in out
    assert "Ben plays 6|3@6|6*" in out  # the line after it is read
    for args in (["table", "--players", "Cy,Dee", "--db", db], ["quiz"], ["learn"], ["puzzle"]):
        with open("/dev/zero", "rb") as zero:
            done = subprocess.run([sys.executable, "-m", "fives_tutor.cli.main", *args], stdin=zero,
                                  capture_output=True, env=environment(home), timeout=SECONDS, preexec_fn=_limit,
                                  cwd=home, check=False)
        assert done.returncode in (0, 2) and b"Traceback" not in done.stderr, (args, done.stderr)


# --- numbers and counts: one reader at every entry point, every count bounded first ------------------

#: 5,000 zeros: past Python's 4,300-digit conversion limit, and worth nothing
PAD = "0" * 5000
#: the same in Persian digits
PAD_FA = "۰" * 5000


def padded(text: str, pad: str = PAD) -> str:
    """Every number of ``text`` written ``{N}`` given 5,000 leading zeros."""
    return text.replace("{", pad).replace("}", "")


#: each place a number is typed, with a number in it written {N}: the command, and what it reads
NUMBER_ENTRY_POINTS = [
    (["count", "{16}"], None),  # 16 pips count as 15
    (["count", "5|3", "--winner", "{5}", "--rules", "five-up"], None),
    (["best", "5 3", "--hand", "5|0 6|6", "--scores", "{120},{135}", "--samples", "{5}"], None),
    (["best", "5 3", "--hand", "5|0 6|6", "--opponents", "{2}", "--void", "1:{6}", "--samples", "{5}"], None),
    # 28 tiles less the one in hand are hidden; 5 with the opponent leave 22 in the boneyard
    (["best", "5 3", "--hand", "5|0", "--opponents", "{5}", "--boneyard", "{22}", "--samples", "{5}"], None),
    (["best", "--history", "-", "--hand", "6|4 5|5 2|1 0|0 4|3", "--samples", "{5}"],
     "players {2}\n1 leads 6|6\n2 plays 6|3\n1 plays 6|5@6*\n2 draws {2}\n2 plays 5|3@5\n"),
    (["duel", "greedy", "monte-carlo:{3}", "--matches", "{2}", "--json"], None),
    (["simulate", "dominos-cc", "--matches", "{2}", "--players", "{3}"], None),
    (["quiz", "--seed", "1", "--kind", "total", "--count", "{2}"], "{8}\n{12}\n"),
    (["quiz", "--seed", "1", "--print", "{2}"], None),
    (["learn", "{5}"], "\n{8}\nq\n"),
    (["table", "--players", "{2}"], "6|6\n6|3\ndraw {2}\nsheet\n"),
    (["table", "--players", "Ana,Ben", "--rules", "muggins"], "5|5 ={10}\n5|0\nmuggins {10}\nsheet\n"),
    (["play", "--players", "{2}", "--seed", "5", "--level", "greedy"], "quit\n"),
]


def untimed(text: str) -> str:
    """Output without the times it measured (a duel's seconds per move)."""
    return re.sub(r'"[ab]_move(_cpu)?_seconds": \{[^}]*\}', "", text)


@pytest.mark.parametrize("args, stdin", NUMBER_ENTRY_POINTS, ids=lambda value: " ".join(value)[:40]
                         if isinstance(value, list) else None)
def test_the_number_reader_at_every_entry_point(run, home, args, stdin):
    """A number padded with 5,000 zeros (past Python's conversion limit), in ASCII or
    Persian digits, is read as the number itself: every command answers exactly as for
    the plain number."""
    plain = run(*[padded(a, "") for a in args], input=padded(stdin, "") if stdin else None)
    assert plain.exit_code == 0, (args, plain.stdout[-500:], plain.stderr)
    for pad in (PAD, PAD_FA):
        shutil.rmtree(home, ignore_errors=True)  # (a saved match would change the next one's number)
        long = run(*[padded(a, pad) for a in args], input=padded(stdin, pad) if stdin else None)
        assert (long.exit_code, untimed(long.stdout), long.stderr) == (plain.exit_code, untimed(plain.stdout),
                                                                       plain.stderr), args
        shutil.rmtree(home, ignore_errors=True)
        plain = run(*[padded(a, "") for a in args], input=padded(stdin, "") if stdin else None)


def test_padded_numbers_answer_right(run):
    """What the padded numbers above mean, by the rules: 16 pips round to 15; the ends 5
    and 3 total 8; the quiz's two totals (seed 1) are 1 + 6 + 1 = 8 (the spinner's arm 6*
    is not yet open) and 6 + 6 = 12 (the spinner 3|3 counts both halves)."""
    assert "16 pips, counts as 15" in run("count", padded("{16}")).stdout
    assert "Right! 5 + 3 = 8" in run("learn", padded("{5}"), input=padded("\n{8}\nq\n")).stdout
    quiz = run("quiz", "--seed", "1", "--kind", "total", "--count", "2", input=padded("{8}\n{12}\n", PAD_FA))
    assert "2 right out of 2" in quiz.stdout, quiz.stdout
    shell = run("table", "--players", "Ana,Ben", input=padded("6|6\n6|3\ndraw {2}\n"))
    assert "Ana draws 2 tiles" in " ".join(shell.stdout.split()), shell.stdout


@pytest.mark.parametrize("args, stdin, expected", [
    (["table", "--players", "99999999999999999999"], b"quit\n", "dominos-cc is for 2 to 4 players, not 99999999999999999999"),
    (["table", "--players", "10000000"], b"quit\n", "dominos-cc is for 2 to 4 players, not 10,000,000"),
    (["play", "--players", "10000000"], b"quit\n", "dominos-cc is for 2 to 4 players, not 10,000,000"),
    (["play", "--players", PAD + "9" * 30], b"quit\n", "dominos-cc is for 2 to 4 players, not 0000"),
    (["table", "--players", "11", "--rules", "five-up"], b"quit\n", "five-up is for 2 to 4 players, not 11"),
    (["duel", "greedy", "greedy", "--players", "1" * 400], b"", "give 2 to 4"),
    (["simulate", "dominos-cc", "--matches", "9" * 30], b"", "is not in the range"),
    (["quiz", "--count", PAD + "9" * 30], b"", "is not in the range"),
    (["puzzle", "--count", PAD + "9" * 30], b"", "is not in the range"),
    (["puzzle", "--print", "9" * 5000], b"", "is not in the range"),
    (["best", "5 3", "--hand", "5|0", "--samples", "9" * 5000], b"", "is not in the range"),
    (["duel", "greedy", "monte-carlo:" + PAD + "9" * 30], b"", "unknown engine level"),
    (["count", PAD + "9" * 30], b"", "pips is more than the whole set holds (168)"),
    (["best", "--history", "-", "--hand", "6|4"], ("1 leads 6|6\n2 draws " + PAD + "9" * 30 + "\n").encode(),
     "history line 2: the boneyard has only 14 tiles to draw"),
    (["best", "--history", "-", "--hand", "6|4"], b"1 leads 6|6\n2 draws 999\n",
     "history line 2: the boneyard has only 14 tiles to draw"),
    (["learn", PAD + "9" * 30], b"", "there is no lesson 0000"),
    (["games", "show", PAD + "9" * 30], b"", "there is no saved match 0000"),
], ids=lambda value: " ".join(value)[:40] if isinstance(value, list) else None)
def test_huge_counts_are_bounded_before_anything_is_built(run, home, args, stdin, expected):
    """A count is checked against its bound (the pack's, or the option's) before anything
    is made from it: one line and exit 2, within 200 MB and 10 seconds."""
    refused_everywhere(run, args, expected, home, stdin=stdin)


@pytest.mark.parametrize("args", [
    ["duel", "greedy", "greedy", "--matches", "2", "--move-time", "nan"],
    ["best", "6 2", "--hand", "2|5 6|4", "--time", "NaN"],
    ["simulate", "dominos-cc", "--matches", "10", "--seconds-per-play", "nan"],
    ["rules", "compare", "dominos-cc", "muggins", "--matches", "10", "--seconds-per-play", "-nan"],
    ["play", "--pace", "nan"],
], ids=lambda args: " ".join(args[:1] + args[-2:]))
def test_a_number_of_seconds_that_is_not_a_number_is_refused(run, home, args):
    """nan passes every comparison, so a range that only compares let it through: as a
    move time it switched the limit off (a looping player hung the duel), as --time it
    hung fives best, as --seconds-per-play it crashed. Refused like any number out of range."""
    refused_everywhere(run, args, "is not in the range", home)


@pytest.mark.parametrize("line, expected", [
    # muggins (Foster): 28 tiles less 7 each leave 14, and the last 2 are never drawn
    ("draw " + PAD + "9" * 30, "Refused: the boneyard has only 12 tiles to draw"),
    ("6|3 =" + PAD + "9" * 30, "Refused: "),
    ("muggins " + PAD + "9" * 30, "Refused: "),
    (PAD + "9" * 30, "Refused: "),
])
def test_a_huge_number_in_the_shell_is_one_refused_line(home, line, expected):
    """In the table shell a number of any length is a refused line: the shell goes on
    (the next line is played) and ends with exit code 2, within 200 MB and 10 seconds."""
    db = os.path.join(home, "games.sqlite3")
    child = bounded(["table", "--players", "Ana,Ben", "--rules", "muggins", "--db", db], home,
                    stdin=f"6|6\n{line}\n6|3\nsheet\n".encode())
    out = " ".join(child.stdout.decode().split())
    assert child.returncode == 2 and b"Traceback" not in child.stderr + child.stdout, child.stderr
    assert expected in out and "Ben plays 6|3" in out, out[-800:]


def test_an_imported_practice_match_is_reviewed_and_resumed(run, home):
    """The valid match the coach cases above damage: imported, reviewed, resumed."""
    db = os.path.join(home, "games.sqlite3")
    assert run("games", "import", os.path.join(CORPUS, "imports", "valid_practice.json"), "--db", db).exit_code == 0
    review = run("games", "review", "1", "--db", db)
    assert review.exit_code == 0 and "You played 6|5@6: mistake" in review.stdout, review.stdout
    resumed = run("play", "--resume", "1", "--db", db, input="quit\n")
    assert resumed.exit_code == 0 and "fives play --resume 1" in resumed.stdout


@pytest.mark.parametrize("statement, value, expected", [
    ("UPDATE matches SET practice = ? WHERE id = 1",
     json.dumps({"seed": "5", "you": 0, "levels": [None, "grandmaster"], "coach": "on"}),
     "saved match 1 is damaged and cannot be read: its practice cannot be read"),
    ("UPDATE matches SET lang = ? WHERE id = 1", "\x1b]0;x\x07", "saved match 1 is damaged and cannot be read: its "
                                                                "lang cannot be read"),
], ids=["unknown level", "escape in lang"])
def test_saved_practice_data_that_a_version_or_a_disk_damaged(run, home, statement, value, expected):
    db = os.path.join(home, "games.sqlite3")
    assert run("games", "import", os.path.join(CORPUS, "imports", "valid_practice.json"), "--db", db).exit_code == 0
    damage(db, statement, value)
    before = digest(db)
    for args in (["games", "show", "1", "--db", db], ["play", "--resume", "1", "--db", db],
                 ["games", "review", "1", "--db", db]):
        refused_everywhere(run, args, expected, home, stdin=b"quit\n", child=args[1] == "show")
    assert digest(db) == before


def test_a_saved_judgement_that_is_not_of_its_play_is_made_again(run, home):
    """A judgement saved with a play (an older version's, or damaged on disk) is read
    only when every field is one the coach writes, of that very play: else the play is
    judged again, never printed as it was."""
    db = os.path.join(home, "games.sqlite3")
    assert run("games", "import", os.path.join(CORPUS, "imports", "valid_practice.json"), "--db", db).exit_code == 0
    connection = sqlite3.connect(db)
    rows = connection.execute("SELECT seq, event FROM events WHERE match_id = 1").fetchall()
    for seq, text in rows:
        event = json.loads(text)
        if "coach" in event:
            event["coach"].update(best="6|5\x1b[2J", cost=float("nan"), seat=9)
            connection.execute("UPDATE events SET event = ? WHERE match_id = 1 AND seq = ?", (json.dumps(event), seq))
    connection.commit()
    connection.close()
    review = run("games", "review", "1", "--db", db)
    assert review.exit_code == 0 and "\x1b" not in review.stdout and "You played 6|5@6: mistake" in review.stdout


# --- the data folder: regular files only, never through a link -------------------------------------


def plant(path: str, kind: str, target: str) -> None:
    """Something that is not a regular file at ``path``: a link to ``target``, a named
    pipe, a link to a device, or a folder."""
    if kind == "link":
        os.symlink(target, path)
    elif kind == "fifo":
        os.mkfifo(path)
    elif kind == "device":
        os.symlink("/dev/zero", path)
    else:
        os.mkdir(path)


REASONS = {"link": "it is a link, not a regular file", "fifo": "it is a named pipe, not a regular file",
           "device": "it is a link, not a regular file", "folder": "it is a folder, not a file"}


def test_a_link_planted_at_a_lock_file_is_never_written_through(run, home):
    """The lock of match 1, planted as a link to a file of the user's before the match
    is made: the entry that would make the match is refused with the reason, the file
    linked to is untouched, and no match is left that nobody keeps."""
    victim = os.path.join(home, "victim.txt")
    with open(victim, "w", encoding="utf-8") as handle:
        handle.write("precious\n")
    db = os.path.join(home, "games.sqlite3")
    os.symlink(victim, db + "-match-1.lock")
    child = bounded(["table", "--players", "Ana,Ben", "--db", db], home, stdin=b"6|6\n")
    out = " ".join(child.stdout.decode().split())
    assert child.returncode == 2 and b"Traceback" not in child.stderr, child.stderr
    joined = "".join(out.split())  # (a long path is cut to the width)
    assert "".join(f"Refused: cannot use {db}-match-1.lock: it is a link, not a regular file".split()) in joined, out
    with open(victim, encoding="utf-8") as handle:
        assert handle.read() == "precious\n"
    assert listed(run, db) == []  # the match made for that entry was taken back


@pytest.mark.parametrize("kind", ["link", "fifo", "device", "folder"])
def test_a_lock_file_that_is_not_a_regular_file(run, home, kind):
    db = saved_games(run, home)
    victim = os.path.join(home, "victim.txt")
    with open(victim, "w", encoding="utf-8") as handle:
        handle.write("precious\n")
    plant(f"{db}-match-2.lock", kind, victim)
    before = digest(db)
    for args in (["table", "--resume", "2", "--db", db], ["games", "delete", "2", "--yes", "--db", db]):
        refused_everywhere(run, args, f"cannot use {db}-match-2.lock: {REASONS[kind]}", home, stdin=b"6|3\n")
    assert digest(db) == before
    with open(victim, encoding="utf-8") as handle:
        assert handle.read() == "precious\n"


@pytest.mark.parametrize("entry", ["games.sqlite3", "games.sqlite3-wal", "games.sqlite3-shm", "games.sqlite3-journal"])
@pytest.mark.parametrize("kind", ["link", "fifo", "device", "folder"])
def test_saved_games_that_are_not_regular_files(run, home, entry, kind):
    """The saved-games file, or a file SQLite keeps beside it, planted as something
    else: every command that reads or writes them says which and what, and changes
    nothing (SQLite would follow a link, and wait on a pipe)."""
    victim = os.path.join(home, "victim.sqlite3")
    with open(victim, "wb") as handle:
        handle.write(b"precious")
    db = os.path.join(home, "games.sqlite3")
    plant(os.path.join(home, entry), kind, victim)
    for args in (["games", "list"], ["games", "show", "1"], ["table", "--players", "Ana,Ben"],
                 ["games", "import", os.path.join(CORPUS, "imports", "valid.json")]):
        refused_everywhere(run, [*args, "--db", db], f"cannot use {os.path.join(home, entry)}: {REASONS[kind]}",
                           home, stdin=b"6|6\n", child=args[1] in ("list", "--players"))
    with open(victim, "rb") as handle:
        assert handle.read() == b"precious"


@pytest.mark.parametrize("kind", ["link", "fifo", "device"])
def test_progress_that_is_not_a_regular_file(run, home, kind):
    plant(os.path.join(home, "progress.sqlite3"), kind, os.path.join(home, "victim"))
    for args in (["quiz", "--count", "1"], ["learn", "1"], ["quiz", "--stats"]):
        refused_everywhere(run, args, f"cannot use {os.path.join(home, 'progress.sqlite3')}: {REASONS[kind]}", home,
                           stdin=b"q\n", child=args[0] == "quiz" and len(args) == 3)


def test_reading_commands_and_refusals_leave_no_empty_file(run, home):
    """A command that saves nothing makes no saved-games file: the readers, a refused
    setup, a resume with nothing to resume, a shell quit before its first entry."""
    db = os.path.join(home, "games.sqlite3")
    for args, text in ((["games", "list"], None), (["games", "show", "1"], None), (["games", "export", "1"], None),
                       (["games", "review", "1"], None), (["games", "delete", "1", "--yes"], None),
                       (["table", "--resume"], "quit\n"), (["play", "--resume"], "quit\n"),
                       (["table", "--resume", "3"], "quit\n"), (["table", "--players", "11"], "quit\n"),
                       (["play", "--players", "5"], "quit\n"), (["table", "--players", "Ana,Ben"], "quit\n"),
                       (["table", "--players", "Ana,Ben"], "x|y\n")):
        run(*args, "--db", db, input=text)
        assert not os.path.lexists(db), args
    assert run("table", "--players", "Ana,Ben", "--db", db, input="6|6\n").exit_code == 0
    assert [m["players"] for m in listed(run, db)] == [["Ana", "Ben"]]  # the first entry makes it


# --- settings and the shell's history: bounded, and asked again when damaged ---------------------------


@pytest.mark.parametrize("make", ["fifo", "device", "deep", "large", "number", "link"])
def test_damaged_settings_are_no_settings(home, make):
    """settings.json read like every file a user could damage, in a child process
    bounded to 200 MB and 10 seconds: nothing remembered, and nothing replaced that
    is not a regular file."""
    path = os.path.join(home, "settings.json")
    if make == "fifo":
        os.mkfifo(path)
    elif make == "device":
        os.symlink("/dev/zero", path)
    elif make == "link":
        with open(os.path.join(home, "elsewhere.json"), "w", encoding="utf-8") as handle:
            handle.write('{"language": "nl"}')
        os.symlink(os.path.join(home, "elsewhere.json"), path)
    else:
        with open(path, "w", encoding="utf-8") as handle:
            handle.write({"deep": "[" * 100_000 + "]" * 100_000, "large": '{"language": "' + "x" * 10_000_000 + '"}',
                          "number": '{"language": ' + "9" * 5000 + "}"}[make])
    code = ("from fives_tutor.store import settings; print(settings.load(), settings.save({'language': 'fa'}))")
    child = subprocess.run([sys.executable, "-c", code], capture_output=True, env=environment(home), timeout=SECONDS,
                           preexec_fn=_limit, cwd=home, check=False)
    assert child.returncode == 0, child.stderr
    regular = make in ("deep", "large", "number")
    assert child.stdout.decode().split() == ["{}", str(regular)]  # a damaged regular file is replaced whole
    if regular:
        with open(path, encoding="utf-8") as handle:
            assert json.load(handle) == {"language": "fa"}
    else:
        assert not os.path.isfile(path) or os.path.islink(path)  # left as it was


@pytest.mark.parametrize("command, make", [("table", "fifo"), ("play", "fifo"), ("table", "device"), ("play", "deep")])
def test_damaged_settings_on_a_terminal_ask_the_language(home, command, make):
    """On a terminal the table and play remember the language in settings.json; a
    damaged one (a pipe, a device, nesting 100,000 deep) was a hang or a crash: now the
    language is asked, as when there are no settings."""
    import pty
    import select
    import signal

    path = os.path.join(home, "settings.json")
    if make == "fifo":
        os.mkfifo(path)
    elif make == "device":
        os.symlink("/dev/zero", path)
    else:
        with open(path, "w", encoding="utf-8") as handle:
            handle.write("[" * 100_000 + "]" * 100_000)
    env = environment(home)
    del env["FIVES_LANG"]
    env.update(TERM="xterm", COLUMNS="80", LINES="24")
    pid, descriptor = pty.fork()
    if pid == 0:  # the child: fives on the terminal
        os.execve(sys.executable, [sys.executable, "-m", "fives_tutor.cli.main", command], env)
    seen = b""
    try:
        deadline = time.monotonic() + SECONDS
        while b"Language" not in seen and time.monotonic() < deadline:
            ready, _, _ = select.select([descriptor], [], [], 0.2)
            if ready:
                try:
                    chunk = os.read(descriptor, 4096)
                except OSError:
                    break
                if not chunk:
                    break
                seen += chunk
    finally:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        os.close(descriptor)
    assert b"Language: en, tl, id, nl, fa" in seen and b"Traceback" not in seen, seen[-500:]


def test_the_shell_history_is_a_regular_file_read_in_bounds(tmp_path):
    """The table shell's history (prompt_toolkit's FileHistory would append through a
    link and read a pipe forever): refused when it is not a regular file, and of a long
    one only the end is read."""
    from fives_tutor.store.files import DataFileError
    from fives_tutor.table.shell import HISTORY_BYTES, BoundedFileHistory, make_prompt_session

    victim = tmp_path / "victim"
    victim.write_text("precious\n")
    link = tmp_path / "table-history"
    link.symlink_to(victim)
    with pytest.raises(DataFileError, match="it is a link, not a regular file"):
        make_prompt_session(None, str(link))
    BoundedFileHistory(str(link)).store_string("6|6")  # a link swapped in later: the line is not written through
    assert victim.read_text() == "precious\n"
    long = tmp_path / "long-history"
    long.write_text("".join(f"\n# then\n+draw {n}\n" for n in range(100_000)))
    strings = list(BoundedFileHistory(str(long)).load_history_strings())
    assert strings[0] == "draw 99999" and 0 < len(strings) < 100_000
    assert sum(len(f"\n# then\n+{s}\n") for s in strings) <= HISTORY_BYTES


# --- smaller cases ---------------------------------------------------------------------------------

BOM = b"\xef\xbb\xbf"


def test_a_byte_order_mark_is_not_text(run, home, tmp_path):
    """Some editors write a byte order mark first in a UTF-8 file: a history, a batch, an
    export and piped lines read the same with it as without it."""
    history = b"1 leads 6|6\n2 plays 6|3\n1 plays 6|5@6*\n2 draws 2\n2 plays 5|3@5\n"
    args = ["best", "--history", "-", "--hand", "6|4 5|5 2|1 0|0 4|3", "--samples", "5"]
    assert run(*args, input=BOM + history).stdout == run(*args, input=history).stdout != ""
    (tmp_path / "history.txt").write_bytes(BOM + history)
    assert run(*args[:2], str(tmp_path / "history.txt"), *args[3:]).stdout == run(*args, input=history).stdout
    (tmp_path / "batch.txt").write_bytes(BOM + b'"5 3" --play 3|0\n')
    assert json.loads(run("score", "--batch", str(tmp_path / "batch.txt")).stdout)["points"] == 5
    with open(os.path.join(CORPUS, "imports", "valid.json"), "rb") as handle:
        (tmp_path / "export.json").write_bytes(BOM + handle.read())
    assert run("games", "import", str(tmp_path / "export.json"), "--db", os.path.join(home, "g.sqlite3")).exit_code == 0
    shell = run("table", "--players", "Ana,Ben", "--db", os.path.join(home, "g.sqlite3"), input=BOM + b"6|6\n6|3\n")
    assert "Ana plays 6|6" in shell.stdout and "Refused" not in shell.stdout


@pytest.mark.parametrize("option, expected", [
    # the history: 7 tiles each; Ben played 6|3, drew 2 and played 5|3: 7 - 1 + 2 - 1 = 7 tiles
    (["--opponents", "5"], "--opponents 5 is not what the history gives (--opponents 7)"),
    # 28 - 14 dealt - 2 drawn = 12 in the boneyard
    (["--boneyard", "14"], "--boneyard 14 is not what the history gives: 12 tiles are in the boneyard"),
    (["--played", "1|1"], "--played: 1|1 is not played in the history"),
], ids=lambda value: value[0] if isinstance(value, list) else None)
def test_options_that_contradict_the_history(run, home, option, expected):
    history = b"1 leads 6|6\n2 plays 6|3\n1 plays 6|5@6*\n2 draws 2\n2 plays 5|3@5\n"
    args = ["best", "--history", "-", "--hand", "6|4 5|5 2|1 0|0 4|3", "--samples", "5"]
    refused_everywhere(run, [*args, *option], expected, home, stdin=history)
    # what agrees with the history is taken: the same answer as without it
    agreeing = {"--opponents": ["--opponents", "7"], "--boneyard": ["--boneyard", "12"],
                "--played": ["--played", "6|6 6|3"]}[option[0]]
    assert run(*args, *agreeing, input=history).stdout == run(*args, input=history).stdout


@pytest.mark.parametrize("names", ["Ana,A\u200bna", "Ana,Ana\u200e", "Ana,ANA\ufe0f", "Ana,\u2060Ana", "Ana,An\u00ada",
                                   "Jos\u00e9,Jose\u0301"])
def test_a_name_cannot_be_registered_beside_its_invisible_twin(run, home, names):
    """A character that shows nothing (zero-width space, direction mark, variation
    selector, word joiner, soft hyphen) cannot make a second player of the same name,
    nor can another way of writing the same letter."""
    for command in ("table", "play"):
        result = run(command, "--players", names, input="quit\n")
        assert result.exit_code == 2 and len(result.stderr.strip().splitlines()) == 1, (command, result.stderr)
        assert ("shows nothing" in result.stderr) != ("each player needs a different name" in result.stderr)


def test_a_persian_name_keeps_its_zero_width_non_joiner(run, home):
    result = run("table", "--players", "علی\u200cرضا,Ben", input="6|6\n")
    assert result.exit_code == 0 and "علی\u200cرضا plays 6|6" in result.stdout


def test_a_hard_link_planted_at_a_lock_file_is_never_written_over(run, home):
    """A hard link is one more name of the same file: the lock record would be written
    over the file it names, as through a symbolic link."""
    db = saved_games(run, home)
    victim = os.path.join(home, "victim.txt")
    with open(victim, "w", encoding="utf-8") as handle:
        handle.write("precious\n")
    os.link(victim, f"{db}-match-2.lock")
    refused_everywhere(run, ["table", "--resume", "2", "--db", db],
                       f"cannot use {db}-match-2.lock: it is one more name of a file elsewhere (a hard link)", home,
                       stdin=b"6|3\n")
    with open(victim, encoding="utf-8") as handle:
        assert handle.read() == "precious\n"


@pytest.mark.parametrize("value", ["", "   "])
def test_an_empty_value_is_echoed_quoted(run, home, value):
    """A refusal that echoes the value ("..., not {value}") would end on nothing."""
    result = run("play", "--from", value)
    assert result.exit_code == 2
    assert result.stderr.strip().endswith(f'such as 12:2:5, not "{value}"')


@pytest.mark.parametrize("code", ["en", "nl", "fa"])
@pytest.mark.parametrize("args, words", [
    (["--workers", "x"], {"en": "'x' is not a valid whole number", "nl": "'x' is geen geldig geheel getal",
                          "fa": "یک عدد صحیح معتبر نیست"}),
    (["--workers", "0"], {"en": "0 is not in the range 1 to 64", "nl": "1 tot en met 64", "fa": "۱ تا ۶۴"}),
    (["--time", "abc"], {"en": "'abc' is not a valid number of seconds", "nl": "geen geldig aantal seconden",
                         "fa": "تعداد ثانیه"}),
])
def test_a_number_option_is_refused_in_the_languages_words(run, code, args, words):
    # Click's own refusal named the type "integer range" in English and the range 1<=x<=64
    # in every language; the help says "1 to 64"
    result = run("--lang", code, "best", "6 2", "--hand", "2|5 6|4", *args)
    assert result.exit_code == 2 and result.stderr.count("\n") == 1
    assert words[code] in result.stderr, result.stderr
    assert "integer range" not in result.stderr and "float range" not in result.stderr and "<=" not in result.stderr
