"""The club's memory (issue 22): players across saved matches, their ratings, the
standings, one player's record, merges of names, and a match's story.

The saved games here are the hand-worked matches of ``table_scripts.py`` (every
point worked from the rules there), plus one short Muggins match worked below, in
this order (the order played):

1. house-cc (to 100), Ana v Ben: Ben wins 120 to 80 (TWO_PLAYERS);
2. house-cc (to 70 at four), Ana+Cy v Ben+Dee: Ana+Cy win 70 to 55 (FOUR_PLAYERS);
3. house-pagat (to 90), Ana v Ben: Ana wins 90 to 60 (PAGAT);
4. house-muggins-20 (Muggins to 20), Dee v Ana: Dee wins 20 to 0 (MUGGINS below).

Every figure expected below is worked out by hand from those scripts, and every
rating from the formulas of the rating model (Weng and Lin 2011, Algorithm 4, as
OpenSkill documents it), computed here without the code under test.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import sqlite3

import pytest
from table_scripts import FOUR_PLAYERS, HOUSE_CC, HOUSE_PAGAT, PAGAT, TWO_PLAYERS, events_of, play, write_pack

from fives_tutor.packs.loader import load_pack_data
from fives_tutor.store.journal import Journal

HOUSE_MUGGINS_20 = """\
id: house-muggins-20
extends: muggins
rules:
  match:
    target: {2: 20, 3: 20, 4: 20}
"""

# Muggins (no spinner, points must be announced; a missed score can be called), to 20.
# Dee is player 0, Ana player 1.
MUGGINS = [
    # Dee leads 5|5: a lone double counts both halves, 10; announced: Dee 10.
    play(0, "5|5", announced=10),
    # Ana plays 5|0 on it: the crosswise 5|5 at one end (10) + 0 = 10, but announces nothing:
    # a missed score of 10, left for Dee to call.
    play(1, "5|0", announced=0),
    # Dee calls muggins and takes the 10: Dee 20, the target. Dee wins during hand 1.
    {"type": "claim", "player": 0},
]


def build(tmp_path, count: int = 4, names3=("Ana", "Ben")) -> str:
    """The saved games of the module's notes (the first ``count`` matches), one a day
    from 2024-05-01 at 18:00 UTC; returns the file's path. ``names3`` names match 3."""
    cc, _ = load_pack_data(write_pack(tmp_path, HOUSE_CC, "house.yaml"))
    pagat, _ = load_pack_data(write_pack(tmp_path, HOUSE_PAGAT, "pagat.yaml"))
    muggins, _ = load_pack_data(write_pack(tmp_path, HOUSE_MUGGINS_20, "muggins.yaml"))
    matches = [
        (["Ana", "Ben"], None, "house-cc", cc, events_of(TWO_PLAYERS), [80, 120]),
        (["Ana", "Ben", "Cy", "Dee"], [[0, 2], [1, 3]], "house-cc", cc, events_of(FOUR_PLAYERS), [70, 55]),
        (list(names3), None, "house-pagat", pagat, events_of(PAGAT), [90, 60]),
        (["Dee", "Ana"], None, "house-muggins-20", muggins, MUGGINS, [20, 0]),
    ][:count]
    db = str(tmp_path / "games.sqlite3")
    with Journal(db) as journal:
        for day, (names, teams, pack, data, events, scores) in enumerate(matches, start=1):
            journal.import_match({"names": names, "teams": teams, "rules_id": pack, "rules_data": data,
                                  "created": f"2024-05-{day:02d}T18:00:00+00:00"}, events, scores, True)
    return db


def as_json(run, *args):
    result = run("games", *args, "--json")
    assert result.exit_code == 0, result.stderr
    return json.loads(result.stdout)


# --- ratings ----------------------------------------------------------------------------------

# the model's documented defaults (OpenSkill's PlackettLuce): mu, sigma, beta, kappa, tau
MU, SIGMA, BETA, KAPPA, TAU = 25.0, 25.0 / 3.0, 25.0 / 6.0, 0.0001, 25.0 / 300.0


def worked_update(teams: list[list[tuple[float, float]]], ranks: list[int]) -> list[list[tuple[float, float]]]:
    """Weng and Lin's Plackett-Luce update (their Algorithm 4), as OpenSkill documents
    it, for teams of (mu, sigma) with ranks (0 first, no ties here):

    sigma_i <- sqrt(sigma_i^2 + tau^2) for every player; a team's mu and sigma^2 are its
    players' sums; c = sqrt(sum over teams of (sigma_q^2 + beta^2)); for each team i and
    each team q ranked no lower than i, p = exp(mu_i/c) / sum of exp(mu_s/c) over the
    teams s ranked no higher than q; Omega_i = sigma_i^2/c * sum of ([q = i] - p),
    Delta_i = gamma * sigma_i^2/c^2 * sum of p(1 - p), gamma = sigma_i/c; then each
    player j of team i: mu_j += sigma_j^2/sigma_i^2 * Omega_i and
    sigma_j *= sqrt(max(1 - sigma_j^2/sigma_i^2 * Delta_i, kappa))."""
    teams = [[(mu, math.sqrt(sigma ** 2 + TAU ** 2)) for mu, sigma in team] for team in teams]
    k = len(teams)
    team_mu = [sum(mu for mu, _ in team) for team in teams]
    team_var = [sum(sigma ** 2 for _, sigma in team) for team in teams]
    c = math.sqrt(sum(var + BETA ** 2 for var in team_var))
    strength = [math.exp(mu / c) for mu in team_mu]
    below = [sum(strength[s] for s in range(k) if ranks[s] >= ranks[q]) for q in range(k)]
    result = []
    for i in range(k):
        omega = delta = 0.0
        for q in range(k):
            if ranks[q] <= ranks[i]:
                p = strength[i] / below[q]
                omega += (1.0 if q == i else 0.0) - p
                delta += p * (1 - p)
        omega *= team_var[i] / c
        delta *= team_var[i] / c ** 2 * (math.sqrt(team_var[i]) / c)
        result.append([(mu + sigma ** 2 / team_var[i] * omega,
                        sigma * math.sqrt(max(1 - sigma ** 2 / team_var[i] * delta, KAPPA))) for mu, sigma in teams[i]])
    return result


def test_ratings_agree_with_the_librarys_documented_example():
    # OpenSkill's README ("Limited Example"): two teams of two new players, the first wins:
    # a = PlackettLuceRating(mu=26.964294621803063, sigma=8.177962604389991),
    # x = PlackettLuceRating(mu=23.035705378196937, sigma=8.177962604389991)
    from fives_tutor.study.ratings import rate

    book = rate([(1, [["a", "b"], ["x", "y"]], [0, 1])])
    for player, mu in (("a", 26.964294621803063), ("b", 26.964294621803063), ("x", 23.035705378196937),
                       ("y", 23.035705378196937)):
        assert book.current[player].mu == pytest.approx(mu, abs=1e-12)
        assert book.current[player].sigma == pytest.approx(8.177962604389991, abs=1e-12)
    # and the formulas of the test give the same
    (a, _b), (x, _y) = worked_update([[(MU, SIGMA)] * 2, [(MU, SIGMA)] * 2], [0, 1])
    assert a == pytest.approx((26.964294621803063, 8.177962604389991), abs=1e-12)
    assert x == pytest.approx((23.035705378196937, 8.177962604389991), abs=1e-12)


def test_ratings_of_three_matches_worked_by_hand(run, tmp_path):
    db = build(tmp_path, count=3)
    # Match 1, Ben beats Ana, both new: sigma'^2 = (25/3)^2 + (25/300)^2 = 69.45139;
    # c = sqrt(2 (69.45139 + (25/6)^2)) = 13.17668; p = 1/2 for both, so
    # Omega = +-(1/2) 69.45139 / 13.17668 = +-2.63539: Ben 27.63539, Ana 22.36461;
    # Delta = (1/4) 69.45139 / 13.17668^2 * (8.33375 / 13.17668) = 0.063247 for both:
    # sigma = 8.33375 sqrt(1 - 0.063247) = 8.06590.
    ben, ana = (MU, SIGMA), (MU, SIGMA)
    [[ben], [ana]] = worked_update([[ben], [ana]], [0, 1])
    assert ben == pytest.approx((27.63539, 8.06590), abs=1e-5)
    assert ana == pytest.approx((22.36461, 8.06590), abs=1e-5)
    # Match 2, Ana+Cy beat Ben+Dee (Cy and Dee new); match 3, Ana beats Ben.
    cy, dee = (MU, SIGMA), (MU, SIGMA)
    [[ana, cy], [ben, dee]] = worked_update([[ana, cy], [ben, dee]], [0, 1])
    [[ana], [ben]] = worked_update([[ana], [ben]], [0, 1])
    expected = {"Ana": (ana, 3), "Ben": (ben, 3), "Cy": (cy, 1), "Dee": (dee, 1)}
    players = {p["player"]: p for p in as_json(run, "standings", "--db", db)["players"]}
    for name, ((mu, sigma), matches) in expected.items():
        rating = players[name]["rating"]
        assert rating["mu"] == pytest.approx(mu, abs=1e-4) and rating["sigma"] == pytest.approx(sigma, abs=1e-4)
        assert rating["ordinal"] == pytest.approx(mu - 3 * sigma, abs=2e-4)
        assert rating["matches"] == matches and rating["shown"] is False  # a rating needs 5 matches
    # the player's page has the same history, match by match
    history = as_json(run, "player", "Ben", "--db", db)["rating_history"]
    assert [step["match"] for step in history] == [1, 2, 3]
    assert (history[0]["mu"], history[0]["sigma"]) == pytest.approx((27.63539, 8.06590), abs=1e-4)
    assert (history[2]["mu"], history[2]["sigma"]) == pytest.approx(ben, abs=1e-4)


def test_a_rating_is_shown_after_five_matches(run, tmp_path):
    # match 1 five times over (Ben beats Ana each time): after five matches the ratings show
    db = build(tmp_path, count=1)
    cc, _ = load_pack_data(str(tmp_path / "house.yaml"))
    with Journal(db) as journal:
        for day in range(2, 6):
            journal.import_match({"names": ["Ana", "Ben"], "rules_id": "house-cc", "rules_data": cc,
                                  "created": f"2024-05-{day:02d}T18:00:00+00:00"}, events_of(TWO_PLAYERS), [80, 120],
                                 True)
    ben, ana = (MU, SIGMA), (MU, SIGMA)
    for _ in range(5):
        [[ben], [ana]] = worked_update([[ben], [ana]], [0, 1])
    text = run("games", "standings", "--db", db).stdout
    rows = [line.split() for line in text.splitlines() if line.startswith(("1 ", "2 "))]
    assert rows[0][:5] == ["1", "Ben", f"{ben[0]:.1f}", "±", f"{ben[1]:.1f}"]
    assert rows[1][:5] == ["2", "Ana", f"{ana[0]:.1f}", "±", f"{ana[1]:.1f}"]
    page = run("games", "player", "Ben", "--db", db).stdout
    assert f"Rating: {ben[0]:.1f} ± {ben[1]:.1f} after 5 matches, rank 1 of 2 rated players." in page
    assert "Rating after each match" in page and "●" in page
    assert all(len(line) <= 80 for line in page.splitlines())


# --- standings ----------------------------------------------------------------------------------

# Every figure, worked from the scripts (points from play: each player's own plays as
# credited, and the muggins they called; points at hand ends: their side's):
#   Ana: match 1 plays 5|5 10, 0|0 10, 1|6 20, 4|4 30 = 70; match 2 0|6 25; match 3 hand 1
#        5 + 10 + 5 + 15 + 15 + 15 = 65, hand 2 6|1 5, hand 3 0|0 5 and 0|2 5 = 80; match 4 0:
#        175 over 2 + 2 + 3 + 1 = 8 hands. Ends: 10 (m1) + 10 (Ana+Cy, m2) + 10 (m3) = 30.
#        Went out: hand 1 of matches 1, 2 and 3. Muggins (match 4): missed 1 play of 10.
#   Ben: match 1 10 + 15 + 15 + 15 + 3|2 15 = 70; match 2 4|6 20, 5|6 25, 5|5 10 = 55; match 3
#        5 + 10 + 5 + 10 + 15 + 10 + 5|0 5 = 60: 185 over 7 hands. Ends: 50 (the block of
#        match 1, hand 2). Won the blocked hand 2 of match 1.
#   Cy:  0|5 25 + 5|0 10 = 35 over 2 hands; ends 10 (Ana+Cy).
#   Dee: nothing in match 2; match 4 5|5 10 + muggins 10 = 20, over 2 + 1 = 3 hands.
STANDINGS = {
    "Ana": {"matches": 4, "won": 2, "hands": 8, "points_from_play": 175, "points_at_hand_ends": 30,
            "play_per_hand": 21.88, "end_per_hand": 3.75, "went_out": 3, "blocks_won": 0,
            "muggins": {"matches": 1, "called": 0, "called_points": 0, "missed": 1, "missed_points": 10}},
    "Ben": {"matches": 3, "won": 1, "hands": 7, "points_from_play": 185, "points_at_hand_ends": 50,
            "play_per_hand": 26.43, "end_per_hand": 7.14, "went_out": 0, "blocks_won": 1, "muggins": None},
    "Cy": {"matches": 1, "won": 1, "hands": 2, "points_from_play": 35, "points_at_hand_ends": 10,
           "play_per_hand": 17.5, "end_per_hand": 5.0, "went_out": 0, "blocks_won": 0, "muggins": None},
    "Dee": {"matches": 2, "won": 1, "hands": 3, "points_from_play": 20, "points_at_hand_ends": 0,
            "play_per_hand": 6.67, "end_per_hand": 0.0, "went_out": 0, "blocks_won": 0,
            "muggins": {"matches": 1, "called": 1, "called_points": 10, "missed": 0, "missed_points": 0}},
}


def test_standings_of_a_hand_written_journal(run, tmp_path):
    db = build(tmp_path)
    data = as_json(run, "standings", "--db", db)
    assert (data["matches"], data["unfinished"], data["rules"], data["since"], data["practice"]) == (
        4, 0, None, None, False)
    players = {p["player"]: p for p in data["players"]}
    assert set(players) == set(STANDINGS)
    for name, figures in STANDINGS.items():
        assert {key: players[name][key] for key in figures} == figures, name
    # nobody has the 5 matches a rating needs: no rank; the order is by matches won, then fewer played
    assert [(p["rank"], p["player"]) for p in data["players"]] == [(None, "Ana"), (None, "Cy"), (None, "Dee"),
                                                                    (None, "Ben")]
    text = run("games", "standings", "--db", db).stdout
    lines = text.splitlines()
    assert lines[0] == "Standings over 4 finished table matches (all packs):"
    # the columns: rank, player, rating, won, play, ends, out, blocks, called, missed
    assert lines[1].split() == ["#", "Player", "Rating", "Won", "Play", "Ends", "Out", "Blocks", "Called", "Missed"]
    assert lines[3].split() == ["Ana", "—", "2", "of", "4", "21.9", "3.8", "3", "0", "0", "1"]
    assert lines[4].split() == ["Cy", "—", "1", "of", "1", "17.5", "5.0", "0", "0", "—", "—"]
    assert lines[5].split() == ["Dee", "—", "1", "of", "2", "6.7", "0.0", "0", "0", "1", "0"]
    assert lines[6].split() == ["Ben", "—", "1", "of", "3", "26.4", "7.1", "0", "1", "—", "—"]
    assert all(len(line) <= 80 for line in lines)


def test_standings_by_pack_and_since_and_as_csv(run, tmp_path):
    db = build(tmp_path)
    cc = {p["player"]: p for p in as_json(run, "standings", "--db", db, "--rules", "house-cc")["players"]}
    # matches 1 and 2 only: Ana 70 + 25 = 95 from play over 2 + 2 hands, 10 + 10 at hand ends
    assert (cc["Ana"]["matches"], cc["Ana"]["won"], cc["Ana"]["points_from_play"], cc["Ana"]["hands"]) == (2, 1, 95, 4)
    assert cc["Ana"]["points_at_hand_ends"] == 20 and cc["Ana"]["muggins"] is None
    assert set(cc) == {"Ana", "Ben", "Cy", "Dee"}
    since = as_json(run, "standings", "--db", db, "--since", "2024-05-03")
    assert since["matches"] == 2 and since["since"] == "2024-05-03"  # matches 3 and 4
    assert {p["player"]: p["won"] for p in since["players"]} == {"Ana": 1, "Ben": 0, "Dee": 1}
    # Persian digits are read too
    assert as_json(run, "standings", "--db", db, "--since", "۲۰۲۴-۰۵-۰۴")["matches"] == 1
    result = run("games", "standings", "--db", db, "--format", "csv")
    rows = result.stdout.splitlines()
    assert rows[0].startswith("rank,player,matches,won,hands,points_from_play,points_at_hand_ends")
    assert rows[1].startswith(",Ana,4,2,8,175,30,21.88,3.75,3,0,1,0,0,1,10,")
    assert run("games", "standings", "--db", db, "--rules", "no-such-pack").stdout.startswith(
        "No finished table match (pack no-such-pack): fives table keeps one.")
    for command in ("standings", "player"):  # a slip of a pack that was played gets the one meant
        slip = run("games", command, *(["Ana"] if command == "player" else []), "--db", db, "--rules", "house-c")
        assert slip.exit_code == 2 and "no saved match was played under the pack house-c" in slip.stderr
        assert "did you mean house-cc?" in slip.stderr
    bad = run("games", "standings", "--db", db, "--since", "May 1")
    assert bad.exit_code == 2 and "--since takes a day written YYYY-MM-DD" in bad.stderr


def test_one_players_record(run, tmp_path):
    db = build(tmp_path)
    data = as_json(run, "player", "  ana ", "--db", db)  # names as people type them
    assert data["player"] == "Ana" and data["matches"] == 4 and data["won"] == 2
    assert data["by_pack"]["house-pagat"]["points_from_play"] == 80
    assert data["partners"] == [{"player": "Cy", "matches": 1, "won": 1}]
    # head to head: Ben (matches 1, 2, 3: behind, ahead, ahead), Dee (2: ahead; 4: behind)
    assert data["opponents"] == [{"player": "Ben", "matches": 3, "ahead": 2, "behind": 1, "level": 0},
                                 {"player": "Dee", "matches": 2, "ahead": 1, "behind": 1, "level": 0}]
    assert [m["id"] for m in data["played"]] == [4, 3, 2, 1]  # newest first
    page = run("games", "player", "Ana", "--db", db).stdout
    assert page.splitlines()[0] == "Ana: won 2 of 4 finished table matches (all packs)."
    assert "Not rated yet: 4 matches rated; a rating is shown after 5." in page
    assert all(len(line) <= 80 for line in page.splitlines())
    missing = run("games", "player", "Anna", "--db", db)
    assert missing.exit_code == 2 and "no saved match has a player named Anna; did you mean Ana?" in missing.stderr
    empty = run("games", "player", "  ", "--db", db)
    assert empty.exit_code == 2 and "give a player's name, as fives games players lists them" in empty.stderr


# --- names ----------------------------------------------------------------------------------------


def names_journal(db: str) -> list[dict]:
    connection = sqlite3.connect(db)
    try:
        return [json.loads(row[0]) for row in connection.execute("SELECT entry FROM player_names ORDER BY seq")]
    finally:
        connection.close()


def test_merging_two_spellings_and_undoing_it(run, tmp_path):
    db = build(tmp_path, names3=("Ana M", "Ben"))
    listed = as_json(run, "players", "--db", db)
    assert [(p["player"], p["matches"]) for p in listed["players"]] == [("Ana", 3), ("Ben", 3), ("Dee", 2),
                                                                         ("Ana M", 1), ("Cy", 1)]
    result = run("games", "players", "--merge", "ana m", "Ana", "--db", db)
    assert result.exit_code == 0
    assert result.stdout == ("ana m and Ana are one player now, shown as Ana (fives games players --undo takes it "
                             "back).\n")
    assert names_journal(db) == [{"type": "merge", "name": "ana m", "into": "Ana"}]
    listed = as_json(run, "players", "--db", db)
    assert listed["merges"] == [{"name": "ana m", "into": "Ana"}]
    assert listed["players"][0] == {"player": "Ana", "matches": 4, "last": "2024-05-04T18:00:00+00:00",
                                    "spellings": ["Ana", "Ana M"]}
    assert as_json(run, "player", "Ana M", "--db", db)["won"] == 2  # all four matches are Ana's again
    # undo and redo, journaled
    assert run("games", "players", "--undo", "--db", db).stdout == (
        "Taken back: ana m and Ana are two players again.\n")
    assert as_json(run, "player", "Ana", "--db", db)["matches"] == 3
    assert run("games", "players", "--redo", "--db", db).stdout == "Put back: ana m and Ana are one player again.\n"
    assert as_json(run, "player", "Ana", "--db", db)["matches"] == 4
    assert names_journal(db)[1:] == [{"type": "undo"}, {"type": "redo"}]
    # what cannot be merged, with the reason, and nothing written
    for args, message in ((["ANA", "ana m"], "ANA and ana m are already one player"),
                          (["Ana", "Eve"], "no saved match has a player named Eve"),
                          (["Ben", "Ana"], "Ben and Ana played in match 1 together: they are two people")):
        result = run("games", "players", "--merge", *args, "--db", db)
        assert result.exit_code == 2 and message in result.stderr, result.stderr
    assert len(names_journal(db)) == 3
    assert run("games", "players", "--redo", "--db", db).exit_code == 2  # nothing undone since


def test_a_file_of_schema_2_is_read_as_it_is_and_upgraded_by_a_merge(run, tmp_path):
    db = build(tmp_path, count=2)
    connection = sqlite3.connect(db)
    connection.execute("DROP TABLE player_names")
    connection.execute("UPDATE schema_version SET version = 2")
    connection.commit()
    connection.close()
    assert as_json(run, "standings", "--db", db)["matches"] == 2  # read without changing it
    assert sqlite3.connect(db).execute("SELECT version FROM schema_version").fetchone() == (2,)
    assert run("games", "players", "--merge", "Dee", "Cy", "--db", db).exit_code == 2  # sat together in match 2
    assert run("games", "players", "--merge", "Dee", "Dee ", "--db", db).exit_code == 2  # one player already
    assert names_journal(db) == []
    assert sqlite3.connect(db).execute("SELECT version FROM schema_version").fetchone() == (3,)


# --- damage and read-only files ---------------------------------------------------------------------


def test_a_damaged_match_is_reported_and_skipped(run, tmp_path):
    db = build(tmp_path)
    connection = sqlite3.connect(db)
    # match 3's first play becomes a tile the set does not have
    connection.execute("UPDATE events SET event = ? WHERE match_id = 3 AND seq = 1",
                       (json.dumps({"type": "play", "player": 0, "tile": "9|9", "end": ""}),))
    connection.execute("UPDATE matches SET names = 'not json' WHERE id = 4")  # and match 4's row
    connection.commit()
    connection.close()
    for args in (["standings"], ["player", "Ana"], ["players"]):
        result = run("games", *args, "--db", db)
        assert result.exit_code == 2, args
        assert "saved match 3 is damaged and cannot be read: event 1 does not apply" in result.stderr
        assert "saved match 4 is damaged and cannot be read: its names cannot be read" in result.stderr
        assert len(result.stderr.splitlines()) == 2 and "Traceback" not in result.stderr
    players = {p["player"]: p for p in json.loads(run("games", "standings", "--json", "--db", db).stdout)["players"]}
    # matches 1 and 2 still count: Ana 70 + 25 from play
    assert (players["Ana"]["matches"], players["Ana"]["points_from_play"]) == (2, 95)


def test_reading_never_changes_the_file_and_works_on_a_read_only_one(run, tmp_path, monkeypatch):
    import fives_tutor.store.journal as journal

    db = build(tmp_path)
    run("games", "players", "--merge", "Dee", "Dee ", "--db", db)  # refused: nothing written
    os.chmod(db, 0o444)
    before = hashlib.sha256(open(db, "rb").read()).hexdigest(), os.stat(db).st_mtime_ns
    real_connect = sqlite3.connect

    def read_only(path, *args, **kwargs):  # the tests run as root, whom permissions do not stop
        if isinstance(path, str) and not path.startswith("file:"):
            return real_connect("file:" + path + "?mode=ro", *args, uri=True, **kwargs)
        return real_connect(path, *args, **kwargs)

    monkeypatch.setattr(journal.sqlite3, "connect", read_only)
    for args in (["standings"], ["standings", "--format", "csv"], ["player", "Ana"], ["player", "Ana", "--json"],
                 ["players"], ["show", "2"]):
        result = run("games", *args, "--db", db)
        assert result.exit_code == 0, (args, result.stderr)
    merge = run("games", "players", "--merge", "Cy", "Ana", "--db", db)
    assert merge.exit_code == 2 and "the file or its folder is read-only" in merge.stderr
    assert (hashlib.sha256(open(db, "rb").read()).hexdigest(), os.stat(db).st_mtime_ns) == before
    # and no saved-games file is made by reading one that does not exist: the default file not made
    # yet holds no match; a file the user names that is not there is refused as the slip it is
    assert run("games", "standings").stdout.startswith("No finished table match (all packs)")
    assert as_json(run, "players") == {"practice": False, "merges": [], "players": []}
    missing = tmp_path / "none.sqlite3"
    for args in (["standings"], ["player", "Ana"], ["players"], ["players", "--merge", "Ana", "Ben"]):
        refused = run("games", *args, "--db", str(missing))
        assert refused.exit_code == 2 and refused.stdout == "", args
        assert refused.stderr == f"Error: cannot read the saved games at {missing}: there is no such file or folder\n"
    assert not missing.exists()


def test_practice_matches_are_kept_apart(run, tmp_path):
    db = build(tmp_path, count=1)
    assert run("play", "--seed", "31", "--db", db, "--coach", "off", input="6|6\nquit\n").exit_code == 0
    table = as_json(run, "players", "--db", db)
    assert [p["player"] for p in table["players"]] == ["Ana", "Ben"]  # the computer's Ana is not the table's
    practice = as_json(run, "players", "--db", db, "--practice")
    assert [p["player"] for p in practice["players"]] == ["Ana (greedy)", "You"]
    assert as_json(run, "standings", "--db", db, "--practice")["unfinished"] == 1


# --- a match's story ---------------------------------------------------------------------------------


def test_a_matchs_story_marks_the_hands_that_decided_it(run, tmp_path):
    db = build(tmp_path)
    shown = run("games", "show", "3", "--db", db).stdout
    # PAGAT: after hand 1 Ana 75, Ben 55 (Ana ahead), hand 2 80-55, hand 3 90-60: Ana led from
    # hand 1 to the end and reached 90 in hand 3
    assert "● Ana   ■ Ben   ┄ the target (90)" in shown
    assert ("▲ The hands that decided the match: hand 1, after which Ana led to the end, and hand 3, in which Ana "
            "reached 90.") in " ".join(shown.split())
    # TWO_PLAYERS: Ben behind after hand 1 (55 to 80), 120 to 80 after hand 2
    one = " ".join(run("games", "show", "1", "--db", db).stdout.split())
    assert "▲ The hand that decided the match: hand 2, in which Ben went ahead and reached 100." in one
    lines = run("games", "show", "3", "--db", db).stdout.splitlines()
    axis = next(index for index, line in enumerate(lines) if "└" in line)
    marks = lines[axis + 2]
    labels = lines[axis + 1]
    # the marks stand under the labels 1 and 3 of the hands axis
    assert [labels[i] for i, char in enumerate(marks) if char == "▲"] == ["1", "3"]
    assert lines[-1] == "Scores: Ana 90 · Ben 60 (target 90)"
    assert all(len(line) <= 80 for line in lines)


def test_persian_output_reads_right(run, tmp_path):
    from test_bidi import problems

    db = build(tmp_path)
    for args in (["standings"], ["player", "Ana"], ["players"], ["show", "3"]):
        result = run("games", *args, "--db", db, "--lang", "fa")
        assert result.exit_code == 0, result.stderr
        assert not problems(result.stdout), problems(result.stdout)
        assert "۱" in result.stdout  # Persian digits
        chart = [line for line in result.stdout.splitlines() if "┤" in line]
        assert all(line.startswith("\u200e\u202a") for line in chart)  # drawn left to right (LRM, LRE)


# --- the records cache -----------------------------------------------------------------------------


def test_records_are_cached_by_what_they_are_made_of(run, tmp_path, monkeypatch):
    import fives_tutor.store.club as club
    from fives_tutor.store.club_cache import cache_path

    db = build(tmp_path)
    first = run("games", "standings", "--json", "--db", db).stdout
    assert os.path.exists(cache_path())
    replayed = []
    real = club.record_of

    def counting(*args, **kwargs):
        replayed.append(args[0])
        return real(*args, **kwargs)

    monkeypatch.setattr(club, "record_of", counting)
    assert run("games", "standings", "--json", "--db", db).stdout == first and replayed == []  # all from the cache
    # a match changed behind the program's back is replayed (and here found damaged), never taken from the cache
    connection = sqlite3.connect(db)
    connection.execute("UPDATE events SET event = ? WHERE match_id = 3 AND seq = 1",
                       (json.dumps({"type": "play", "player": 0, "tile": "9|9", "end": ""}),))
    connection.commit()
    connection.close()
    result = run("games", "standings", "--json", "--db", db)
    assert replayed == [3] and "saved match 3 is damaged" in result.stderr
    # a damaged cached record is no record, even under the right digest: it is replayed
    with open(cache_path(), encoding="utf-8") as handle:
        cached = json.load(handle)
    entries = cached["files"][os.path.realpath(db)]
    entries["1"]["record"][4] = [["ana", "Ana", "side 0"]]  # the seats
    entries["2"]["record"] = entries["2"]["record"][:-1]  # a field short
    with open(cache_path(), "w", encoding="utf-8") as handle:
        json.dump(cached, handle)
    replayed.clear()
    assert json.loads(run("games", "standings", "--json", "--db", db).stdout)["matches"] == 3
    assert sorted(replayed) == [1, 2, 3]
    # and a cache file that is not JSON at all is no cache
    with open(cache_path(), "w", encoding="utf-8") as handle:
        handle.write("{not json")
    replayed.clear()
    assert run("games", "standings", "--json", "--db", db).stdout == result.stdout
    assert sorted(replayed) == [1, 2, 3, 4]


@pytest.mark.parametrize("make", ["fifo", "link"])
def test_a_pipe_or_a_link_in_the_caches_place_is_no_cache(tmp_path, make):
    """Anyone who can write to the cache folder could plant a named pipe there (a read of
    it never ends) or a link (written through to its target): the records are replayed,
    in bounded time, and the entry is left as it is."""
    import subprocess
    import sys

    from fives_tutor.store.club_cache import cache_path

    db = build(tmp_path)
    path = cache_path()
    os.makedirs(os.path.dirname(path), exist_ok=True)
    target = str(tmp_path / "elsewhere.json")
    if make == "fifo":
        os.mkfifo(path)
    else:
        with open(target, "w", encoding="utf-8") as handle:
            handle.write("{}")
        os.symlink(target, path)
    child = subprocess.run([sys.executable, "-m", "fives_tutor", "games", "standings", "--json", "--db", db],
                           capture_output=True, timeout=60, check=False, env=dict(os.environ))
    assert child.returncode == 0, child.stderr
    assert json.loads(child.stdout)["matches"] == 4  # the four finished matches of build(), each replayed
    if make == "fifo":
        assert not os.path.islink(path) and not os.path.isfile(path)  # the pipe, left as it was
    else:
        assert os.path.islink(path)
        with open(target, encoding="utf-8") as handle:
            assert handle.read() == "{}"  # nothing written through the link


@pytest.mark.parametrize("code", ["en", "tl", "id", "nl", "fa"])
def test_every_line_fits_80_columns_in_every_language(run, tmp_path, code):
    from fives_tutor.text.width import width

    db = build(tmp_path)
    for args in (["standings"], ["player", "Ana"], ["players"], ["show", "3"], ["show", "2"]):
        result = run("games", *args, "--db", db, "--lang", code, env={"COLUMNS": "80"})
        assert result.exit_code == 0, (args, result.stderr)
        lines = result.stdout.splitlines()
        if args[0] == "show":  # the story: from the chart's title to the closing scores (the sheet is the table's)
            start = next(i for i, line in enumerate(lines) if "┤" in line) - 2
            lines = lines[start:]
        wide = [line for line in lines if width(line) > 80]
        assert not wide, (code, args, wide)


def test_a_sides_points_from_play_are_its_players(tmp_path):
    # the sheet's points from play of each side (table_scripts: TWO_PLAYERS 70 + 0 and 55 + 15,
    # FOUR_PLAYERS 50 + 10 and 45 + 10, PAGAT 65 + 5 + 10 and 55 + 0 + 5, MUGGINS 20 and 0) are
    # the sums of its players' points from play
    from fives_tutor.store.club import read_club

    with Journal(build(tmp_path), readonly=True) as journal:
        records = {record.id: record for record in read_club(journal, cached=False).records}
    sheets = {1: [70, 70], 2: [60, 55], 3: [80, 60], 4: [20, 0]}
    for match_id, sides in sheets.items():
        record = records[match_id]
        assert [sum(hand.from_play[side] for hand in record.hands) for side in range(2)] == sides
        assert [sum(points for seat, points in zip(record.seats, record.play_points) if seat.side == side)
                for side in range(2)] == sides
