"""``fives score``, ``fives moves``, ``fives best`` and ``fives count``: a described position."""

from __future__ import annotations

import sys
import threading
import time

import click

from ..bounds import TOO_LARGE, shown, whole_number
from ..core.plays import (
    LEAD_HANDS,
    board_position,
    check_known_tiles,
    forced_lead,
    legal_plays,
    parse_play,
    read_board,
    tiles_on_table,
)
from ..core.tiles import ascii_digits, format_hand, parse_hand, split_tokens
from ..engine.names import DEFAULT_LEVEL
from ..errors import N_, FivesError, Nn_, NotationError, os_reason
from ..text.i18n import _, current, ngettext
from ..text.output import echo
from .batch import run_batch
from .common import (
    DEFAULT_SEED,
    FivesCommand,
    LevelType,
    SecondsRange,
    WholeRange,
    WordsArgument,
    argument,
    common_options,
    echo_json,
    load_pack,
    option,
    progress_bar,
)

# --- the work behind each command: arguments in, (result for JSON, text) out -----------


def _board(text, rules):
    """The board and how it was read (see :func:`fives_tutor.core.plays.read_board`)."""
    return read_board(text, rules)


def do_score(position_text: str, play_text: str | None, rules_name: str):
    """Score a position, and a play on it when ``play_text`` is given."""
    from ..render.report import score_report  # start-up: loaded when the command runs

    rules = load_pack(rules_name)
    board, reading = _board(position_text, rules)
    play = parse_play(play_text, board, rules) if play_text is not None else None
    position = board_position(board, rules)
    return score_report(position, play, rules, reading), lambda: _render("render_score", position, play, rules, reading)


def do_moves(position_text: str, hand_text: str, rules_name: str, lead: str = "first"):
    """Every legal play of a hand on a position, best first (on the empty table, the
    leads the pack allows for the ``lead`` hand of the match)."""
    from ..render.report import moves_report  # start-up: loaded when the command runs

    rules = load_pack(rules_name)
    board, reading = _board(position_text, rules)
    hand = parse_hand(hand_text, rules.max_pips)
    if not hand:
        raise NotationError(N_("the hand is empty: write your tiles, such as '{example}'"), text=hand_text,
                            example="2|5 6|4")
    plays = legal_plays(board, hand, rules, lead)
    position = board_position(board, rules)
    forced = position.is_empty and forced_lead(hand, rules, lead) is not None
    return moves_report(position, plays, rules, reading, lead), lambda: _render("render_moves", position, plays, rules,
                                                                                reading, forced)


#: the longest history file read, in bytes
MAX_HISTORY_BYTES = 200_000


def read_history(path: str) -> str:
    """The text of a history file (``-``: standard input), bounded in size. Raises
    :class:`NotationError` for a file that cannot be read, is too long, or is empty."""
    try:
        if path == "-":
            if sys.stdin.isatty():  # typed at the terminal: say what is awaited, and how it ends
                echo(_("Type the hand's history, one event a line ('1 leads 6|6', '2 plays 6|3@6|6', "
                       "'1 draws 2'), then Ctrl-D on a line of its own."), err=True)
            data = sys.stdin.buffer.read(MAX_HISTORY_BYTES + 1)
        else:
            with open(path, "rb") as handle:
                data = handle.read(MAX_HISTORY_BYTES + 1)
    except OSError as error:
        raise NotationError(N_("cannot read the history {path}: {reason}"), path=path,
                            reason=os_reason(error)) from None
    if len(data) > MAX_HISTORY_BYTES:
        raise NotationError(N_("the history {path} is longer than {size} bytes"), path=path, size=MAX_HISTORY_BYTES)
    try:
        text = data.decode("utf-8-sig")  # (a byte order mark, as some editors write first, is not text)
    except UnicodeDecodeError:
        raise NotationError(N_("the history {path} is not UTF-8 text"), path=path) from None
    if not text.strip():  # (read as a hand not begun, it was refused for the tiles held)
        raise NotationError(N_("the history {path} is empty: write one event a line, such as '1 leads 6|6'"),
                            path=path)
    return text


def do_best(position_text: str | None, hand_text: str, played_text: str | None, opponents: str | None, level: str,
            rules_name: str, samples: int | None = None, seconds: float | None = None, seed: str = DEFAULT_SEED,
            voids: tuple = (), scores: str | None = None, boneyard: int | None = None, lead: str = "first",
            history_text: str | None = None, show_progress: bool = False, workers: int | None = None):
    """The recommended play and the ranking behind it (``history_text``: the hand's history
    in the line format, instead of the position and the counts; ``show_progress``: a
    progress bar on stderr while Monte Carlo thinks long, when stderr is a terminal;
    ``workers``: the processes that share the search, None for the cores this process
    may use, up to :data:`~fives_tutor.study.parallel.MOST_WORKERS`)."""
    from ..engine import Situation, rank, resolve_level  # start-up: loaded when the command runs
    from ..render.report import best_report

    rules = load_pack(rules_name)
    seed = ascii_digits(seed)  # a seed shown in Persian digits, typed back, is the same seed
    hand = parse_hand(hand_text, rules.max_pips)
    if not hand:
        raise NotationError(N_("the hand is empty: write your tiles, such as '{example}'"), text=hand_text,
                            example="2|5 6|4")
    parsed_scores = _numbers(scores, "--scores") if scores else None
    reading = None
    if history_text is not None:
        from ..engine.history import parse_history

        counts = _opponent_tiles(opponents) if opponents else None
        history = parse_history(history_text, rules, len(counts) + 1 if counts else None)
        situation = Situation.from_history(history, hand, rules, parsed_scores, lead,
                                           _voids(voids, [0] * (history.players - 1), rules))
        _agrees_with_history(situation, counts, parse_hand(played_text, rules.max_pips) if played_text else (),
                             boneyard)
        if position_text and position_text.strip() != "-":
            given = board_position(_board(position_text, rules)[0], rules)
            if str(board_position(situation.board, rules)) != str(given):
                raise NotationError(N_("the position {position} is not the one the history leads to: {expected}"),
                                    position=position_text, expected=str(board_position(situation.board, rules)))
        board = situation.board
    else:
        board, reading = _board(position_text, rules)
        played = parse_hand(played_text, rules.max_pips) if played_text else ()
        check_known_tiles(board, rules, hand, played)
        counts = _opponent_tiles(opponents) if opponents else None
        situation = Situation.build(board, hand, rules, played, opponents=counts, voids=_voids(voids, counts, rules),
                                    scores=parsed_scores, boneyard=boneyard, lead=lead)
    level = resolve_level(situation, level)
    options = {"samples": samples, "seconds": seconds, "seed": seed} if level == "monte-carlo" else {}
    close: dict[str, str] = {}
    if level == "monte-carlo":
        from ..study.parallel import Forked, usable_cores

        # the other cores share the playouts while a person waits: the same answer, sooner
        spread = Forked(workers or usable_cores())

        def work() -> tuple[list, dict[str, str]]:
            if seconds is not None:  # a time budget: rank alone (the analysis counts deals)
                return rank(situation, level, **options), {}
            # the analysis hint, the coach and the review read (the same ranking and values as
            # rank gives for this budget and seed), for each play's difference to the best on
            # the same deals: a play the sampling cannot tell from the best is said to be so
            return _ranked_with_noise(situation, samples, seed, spread)

        if show_progress:
            ranked, close = thinking(work, seconds, samples,
                                     lambda count: rank(situation, level, samples=count, seed=f"{seed}:calibrate"),
                                     1 if seconds is not None else spread.parts)
        else:
            ranked, close = work()
    else:
        ranked = rank(situation, level, **options)
    if ranked and ranked[0].proven is False and level == "exact":
        level = "monte-carlo"
    position = board_position(board, rules)
    # how the others play matters where the search plays them so
    shown = situation.shown + (situation.styles_shown() if level == "monte-carlo" else ())
    # what is said of each play: facts worked out from the position and checked (engine/reasons.py)
    from ..engine.reasons import play_facts

    facts = {r.play.notation: play_facts(situation, r.play) for r in ranked}
    return (best_report(position, ranked, level, rules, reading, lead, shown, facts),
            lambda: _render("render_best", position, ranked, level, rules, scores is not None, reading,
                            shown, situation.players, facts=facts, close=close))


def _ranked_with_noise(situation, samples: int | None, seed: str, spread=None) -> tuple[list, dict[str, str]]:
    """The Monte Carlo ranking of ``situation`` by :func:`fives_tutor.engine.judge.analyse`
    and, by notation, the words for each play that is equal to the best within the noise
    of the sampling, as the coach marks it played (its figures as a judgement keeps them,
    :class:`~fives_tutor.tutor.coach.Alternative`, and the coach's rule,
    :func:`~fives_tutor.tutor.coach.only_within_noise`); ``spread``: other processes that
    share the playouts (the same analysis)."""
    from ..engine.judge import analyse  # start-up: loaded when the command runs
    from ..table.coach_text import within_noise
    from ..tutor.coach import Alternative, only_within_noise

    analysis = analyse(situation, samples, seed, spread=spread)
    ranked = [valued.ranked for valued in analysis.plays]
    rows = [Alternative.of(valued) for valued in analysis.plays]
    close = {row.play: within_noise(rows[0].play, row.behind, row.interval) for row in rows[1:]
             if only_within_noise(row.mark, row.behind)}
    return ranked, close


def _agrees_with_history(situation, counts: list[int] | None, played, boneyard: int | None) -> None:
    """What ``--opponents``, ``--played`` and ``--boneyard`` say, checked against what the
    history already gives (each opponent's tiles, the tiles played, the boneyard): they
    add nothing to it, but one that contradicts it is a slip worth a line, not an
    option silently left unread. Raises :class:`NotationError` (:class:`FivesError` for
    the boneyard, a message with a count)."""
    if counts is not None and tuple(counts) != tuple(situation.opponents):
        raise NotationError(N_("--opponents {given} is not what the history gives (--opponents {expected})"),
                            given=",".join(map(str, counts)), expected=",".join(map(str, situation.opponents)))
    on_table = set(tiles_on_table(situation.board))
    for tile in played:
        if tile not in on_table:
            raise NotationError(N_("--played: {tile} is not played in the history"), tile=str(tile))
    left = len(situation.unseen) - sum(situation.opponents)
    if boneyard is not None and boneyard != left:
        raise FivesError(Nn_("--boneyard {given} is not what the history gives: {count} tile is in the boneyard",
                             "--boneyard {given} is not what the history gives: {count} tiles are in the "
                             "boneyard"), given=boneyard, count=left)


#: Monte Carlo deals from which ``fives best`` shows a progress bar on a terminal
LONG_SAMPLES = 1000
#: deals from which ``fives best`` times a few of them first, when its output is not a
#: terminal, to say on standard error how long it will think (a twentieth of them)
TIMED_SAMPLES = 100
#: seconds of thinking past which that is said
LONG_SECONDS = 3.0


def thinking(work, seconds: float | None, samples: int | None, calibrate, parts: int = 1):
    """``work()``, with a progress bar on stderr when it is a terminal and the engine
    thinks long: ``--time`` (the bar fills with the time given) or ``--samples`` of at
    least :data:`LONG_SAMPLES` (the time is estimated from a small run, ``calibrate(n)``,
    on other deals, so the answer is the same with or without the bar, in one process:
    ``work`` shares its playouts among ``parts`` processes). When stderr is
    not a terminal (a pipe, a log), ``--samples`` of at least :data:`TIMED_SAMPLES` is
    timed the same way on a twentieth of its deals, and one line on stderr says how
    long it will take when that is more than :data:`LONG_SECONDS`."""
    if not sys.stderr.isatty():
        if samples and samples >= TIMED_SAMPLES and not seconds:
            trial = max(2, samples // 20)
            start = time.perf_counter()
            calibrate(trial)
            expected = (time.perf_counter() - start) * samples / trial / parts
            if expected > LONG_SECONDS:
                t = current()
                whole = max(1, round(expected))
                echo(ngettext("Thinking over {samples} deals takes about {seconds} second.",
                              "Thinking over {samples} deals takes about {seconds} seconds.", whole).format(
                    samples=t.number(samples), seconds=t.number(whole)), err=True)
        return work()
    if not (seconds or (samples and samples >= LONG_SAMPLES)):
        return work()
    if seconds:
        expected = seconds
    elif samples is not None and samples >= LONG_SAMPLES:
        trial = 20
        start = time.perf_counter()
        calibrate(trial)
        expected = (time.perf_counter() - start) * samples / trial / parts
    else:  # a quick answer needs no bar
        return work()
    steps = 100
    done = threading.Event()
    with progress_bar(_("Thinking"), steps) as bar:  # full once the answer is found
        def tick():
            shown = 0
            started = time.perf_counter()
            while not done.wait(0.1):
                due = min(steps - 1, int(steps * (time.perf_counter() - started) / max(expected, 0.01)))
                if due > shown:
                    bar.update(due - shown)
                    shown = due

        ticker = threading.Thread(target=tick, daemon=True)
        ticker.start()
        try:
            return work()
        finally:
            done.set()
            ticker.join()


def _numbers(text: str, option_name: str) -> list[int]:
    values = []
    for token, column in split_tokens(text):
        value = whole_number(ascii_digits(token))  # any length of digits: TOO_LARGE, refused by the caller's bound
        if value is None:
            raise NotationError(N_("{option}: '{token}' is not a whole number"), text=text, column=column,
                                option=option_name, token=token)
        values.append(value)
    return values


def _voids(specs: tuple, counts, rules) -> tuple:
    """``--void 1:6,2`` (opponent 1, the next player, holds no 6 and no 2) as sets per opponent."""
    opponents = len(counts) if counts else 1
    voids: list[set[int]] = [set() for _ in range(opponents)]
    for spec in specs:
        who, colon, numbers = ascii_digits(spec).partition(":")
        seat = whole_number(who.strip())
        if not colon or seat is None or not 1 <= seat <= opponents:
            raise NotationError(N_("--void takes an opponent's number, a colon and the numbers that opponent cannot "
                                   "hold, such as {example} (opponent 1 is the next player)"), text=spec, example="1:6,2")
        for number, (token, _column) in zip(_numbers(numbers, "--void"), split_tokens(numbers)):
            if number > rules.max_pips:
                raise NotationError(N_("--void: {pips} is not a number of this set"), text=spec,
                                    pips=number if number < TOO_LARGE else shown(token))
            voids[seat - 1].add(number)
    return tuple(frozenset(v) for v in voids)


def _opponent_tiles(text: str) -> list[int]:
    counts = []
    for token, column in split_tokens(text):
        count = whole_number(ascii_digits(token))
        if count is None or not 0 <= count <= 40:
            raise NotationError(N_("'{token}' is not a number of tiles: give each opponent's tile count, such as "
                                   "{example} or {example2}"), text=text, column=column, token=token, example="5",
                                example2="5,4,6")
        counts.append(count)
    if not counts:
        raise NotationError(N_("give each opponent's tile count, such as {example} or {example2}"), text=text,
                            example="5", example2="5,4,6")
    return counts


def do_count(hands: tuple[str, ...], winner: str | None, rules_name: str):
    """Hand-end collection from each opponent's remaining tiles or pip count."""
    from ..core.scoring import check_remaining, collect, read_remaining  # start-up: loaded when the command runs
    from ..render.report import count_report

    rules = load_pack(rules_name)
    if len(hands) > rules.players.max - 1:
        raise NotationError(N_("{count} opponents: this rule pack is for at most {players} players"),
                            text=" ".join(hands), count=len(hands), players=rules.players.max)
    opponents = [read_remaining(text, rules) for text in hands]
    winner_hand = read_remaining(winner, rules) if winner else None
    check_remaining(opponents, winner_hand, rules)
    collection = collect([o.pips for o in opponents], rules, winner_hand.pips if winner_hand else 0)
    shown = [format_hand(o.tiles) if o.tiles else None for o in opponents]
    return count_report(collection, rules), lambda: _render("render_count", collection, shown, rules)




def _render(name, *args, **options):
    from ..render import sentences as render  # start-up: loaded when the command runs

    return getattr(render, name)(*args, **options)


def _output(result, as_json: bool) -> None:
    data, text = result
    if as_json:
        echo_json(data)
    else:
        echo(text())


def _batch_option(function):
    return option("--batch", "batch", metavar="FILE", type=click.Path(dir_okay=False, allow_dash=True),
                  help=N_("Read one request a line from FILE (- for standard input) and print one JSON line each."))(function)


def _need_position(ctx: click.Context, position_text, batch):
    param = next(p for p in ctx.command.params if p.name == "position_text")
    if batch and position_text is not None:
        raise click.UsageError(_("give either {position} or --batch, not both").format(
            position=param.make_metavar(ctx).strip("[]")))
    if position_text is None and not batch:
        raise click.MissingParameter(ctx=ctx, param=param)  # Click's message, with the metavar as the usage line has it


def _serve(ctx: click.Context, work, as_json: bool):
    """One request from the command line, or one a line with --batch: the same checks
    and the same ``work`` for both."""
    params = ctx.params
    _need_position(ctx, params["position_text"], params["batch"])

    def checked(line_params):
        _need_position(ctx, line_params["position_text"], None)
        return work(line_params)

    if params["batch"]:
        return run_batch(ctx, params["batch"], checked)
    _output(checked(params), as_json)


# --- the commands ------------------------------------------------------------------------


@click.command(short_help=N_("The open-end total and the points of a play"), cls=FivesCommand, help=N_(
    "The open-end total and points of POSITION, and of a play on it.\n\n"
    "POSITION is the ends form ('5 3', '6 4|4', '3 5|5* 2 5*', '-') or the layout form "
    "('1|3 3|5 5|5*(5|6 6|2)(5|4) 5|0'). PLAY is a tile, or a tile, @ and the end it goes on, such as 3|0 or "
    "5|2@5*."))
@argument("position_text", metavar="POSITION", cls=WordsArgument)
@option("--play", "play_text", metavar="PLAY", help=N_("A play to make on the position: a tile, or a tile, @ and the end it goes on."))
@_batch_option
@common_options
@click.pass_context
def score(ctx, position_text, play_text, batch, rules_name, lang, as_json):
    def work(params):
        return do_score(params["position_text"], params["play_text"], params["rules_name"])

    return _serve(ctx, work, as_json)


def _lead_option(function):
    return option("--lead", "lead", type=click.Choice(LEAD_HANDS), default="first", show_default=True,
                  help=N_("On the empty table, which hand of the match it is: the first hand's lead follows the "
                          "pack's first-hand rule (under dominos-cc the highest double), a later hand's the "
                          "pack's later-hand rule (such as: the previous winner leads any tile)."))(function)


@click.command(short_help=N_("Every legal play of a hand, most points first"), cls=FivesCommand, help=N_(
    "Every legal play of a hand on POSITION, with its total and points, most points first."))
@argument("position_text", metavar="POSITION", cls=WordsArgument)
@option("--hand", "hand_text", metavar="TILES", help=N_("Your tiles, such as '2|5 6|4 3|3'."))
@_lead_option
@_batch_option
@common_options
@click.pass_context
def moves(ctx, position_text, hand_text, lead, batch, rules_name, lang, as_json):
    def work(params):
        if params["hand_text"] is None:
            raise click.UsageError(_("Missing option '--hand'."))
        return do_moves(params["position_text"] or "", params["hand_text"], params["rules_name"],
                        params.get("lead") or "first")

    return _serve(ctx, work, as_json)


@click.command(short_help=N_("The best play for your hand, and why"), cls=FivesCommand, help=N_(
    "The recommended play for your hand on POSITION, and why.\n\n"
    "By default (level auto) it deals the tiles you cannot see many times, consistently with what you know, and "
    "plays each play out to the end of the hand (Monte Carlo, the expert playing the hands out); when every tile "
    "is known (two players, nothing in the boneyard) it solves the hand exactly instead. With --history it reads "
    "the whole hand (plays, draws, passes) and works out the position, each opponent's tile count and what their "
    "draws and passes show; then POSITION may be left out."))
@argument("position_text", metavar="POSITION", cls=WordsArgument)
@option("--hand", "hand_text", metavar="TILES", help=N_("Your tiles, such as '2|5 6|4 3|3'."))
@option("--history", "history_path", metavar="FILE", type=click.Path(dir_okay=False, allow_dash=True),
        help=N_("The hand's history in the line format of docs/notation.md (- for standard input): who led, "
                "every play, draws with their counts, passes. You are the player to move after it."))
@option("--played", "played_text", metavar="TILES",
        help=N_("Tiles already played that the position does not show."))
@option("--opponents", "opponents", metavar="N[,N...]",
        help=N_("Tiles held by each opponent, from the next player on (default: as many as you hold)."))
@option("--level", "level", type=LevelType(("auto",)), default=DEFAULT_LEVEL, show_default=True,
        help=N_("Engine level: greedy takes the most points now; defensive also counts the reply; expert weighs "
                "published strategy; monte-carlo plays the hand out over many deals of the hidden tiles; exact "
                "solves the hand when every tile is known; auto (the default) is exact where it applies, else "
                "monte-carlo."))
@option("--samples", type=WholeRange(1, 100000), metavar="N",
        help=N_("Monte Carlo: deals of the hidden tiles for each play (default: the engine's budget, 200)."))
@option("--time", "seconds", type=SecondsRange(0.01, 600), metavar="SECONDS", help=N_("Monte Carlo: seconds to think instead of a number of deals (how many fit, and so the "
                "figures, depend on the machine: the same seed gives the same answer only with --samples)."))
@option("--seed", metavar="SEED", default=DEFAULT_SEED, show_default=True,
        help=N_("Monte Carlo: seed of the deals (the same seed, the same answer)."))
@option("--void", "voids", multiple=True, metavar="OPPONENT:NUMBERS",
        help=N_("Numbers an opponent cannot hold (they drew or passed on them): 1:6,2 for the next player."))
@option("--scores", metavar="MINE,THEIRS",
        help=N_("The scores, your side first, so that the match target counts."))
@option("--boneyard", type=WholeRange(0, 200), metavar="N", help=N_("Tiles in the boneyard (checked against the rest)."))
@option("--workers", type=WholeRange(1, 64), metavar="N",
        help=N_("Monte Carlo: processes to share the deals among (the same answer as one; default: the cores this "
                "command may use, at most 4)."))
@_lead_option
@_batch_option
@common_options
@click.pass_context
def best(ctx, position_text, hand_text, history_path, played_text, opponents, level, samples, seconds, seed, voids,
         scores, boneyard, workers, lead, batch, rules_name, lang, as_json):
    def work(params):
        if params["hand_text"] is None:
            raise click.UsageError(_("Missing option '--hand'."))
        # an empty --history is a file that cannot be read, not no history
        history_text = read_history(params["history_path"]) if params.get("history_path") is not None else None
        return do_best(params["position_text"] or "", params["hand_text"], params["played_text"],
                       params["opponents"], params["level"], params["rules_name"], params["samples"],
                       params["seconds"], params["seed"], params["voids"], params["scores"], params["boneyard"],
                       params.get("lead") or "first", history_text, show_progress=not params.get("batch"),
                       workers=params.get("workers"))

    if history_path is not None and position_text is None and not batch:
        ctx.params["position_text"] = "-"
    return _serve(ctx, work, as_json)


@click.command(short_help=N_("What the winner collects at the end of a hand"), cls=FivesCommand, help=N_(
    "End of a hand: what the winner collects.\n\n"
    "Each HAND is one opponent's remaining tiles ('5|3 4|4') or their pips as a number (16)."))
@argument("hands", metavar="HAND...", nargs=-1, required=True)
@option("--winner", "winner", metavar="TILES|PIPS",
        help=N_("The winner's own remaining tiles or pips, for packs that subtract them."))
@common_options
def count(hands, winner, rules_name, lang, as_json):
    _output(do_count(hands, winner, rules_name), as_json)
