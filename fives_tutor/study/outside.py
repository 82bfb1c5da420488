"""An outside player (``fives duel path/to/bot.py:ClassName``) in a process of its own.

A player file is code, and it runs as code: it can do anything its user can. What the
duel guards against is a player that misbehaves at the table, by mistake or not. It is
loaded and asked in a separate process (:mod:`fives_tutor.study.outside_host`), so

- each answer has a time limit (``--move-time``, :data:`MOVE_TIME` seconds by default;
  loading the file and making the player, at least :data:`LOAD_TIME`): a player that
  loops is stopped, not waited for;
- what it prints goes nowhere: the duel's report and its ``--json`` stay whole;
- its answer crosses as plain values (JSON that the duel checks like any hostile
  data): an object whose ``__eq__`` raises, a value that is not an action, an exit
  of its process, are read as what they are, a forfeit with its reason.

A player that raises, or answers with something other than a legal action, forfeits
that match and plays the next one as a new player (its class made again). A player
that does not answer in time, or whose process ends or stops answering, is not asked
again: its process is stopped, and it forfeits that match and every one left, with the
same reason (waiting the time limit once per match would make a hang of a long duel).

The levels of fives-tutor play in the duel's own process, as fast as ever.
"""

from __future__ import annotations

import io
import json
import math
import os
import pickle
import queue
import struct
import subprocess
import sys
import threading
from typing import Any

from ..core.rules import RuleSet
from ..engine.names import MOVE_TIME
from ..errors import N_, FivesError, Msg

#: seconds it may at least take to load its file and make a player
LOAD_TIME = 5.0
#: seconds allowed beyond the limit for passing the view and the answer between processes
MARGIN = 0.25
#: the longest answer read, in bytes (an action is a few dozen)
MAX_ANSWER = 64 * 1024

#: what the player's process answers when its file cannot be played, in words
_LOAD_ERRORS = {
    "not_python": N_("{path} is not a Python file"),
    "syntax": N_("{path} line {line}: syntax error"),
    "loading": N_("{path} failed while loading: {reason}"),
    "no_class": N_("{path} has no class {name}"),
    "no_choose": N_("{name} has no choose(view) method"),
    "init": N_("{name}() failed: {reason}"),
}


#: the size of a frame's length, big-endian
_LENGTH = struct.Struct(">I")


def read_frame(stream: Any, limit: int) -> bytes | None:
    """The next frame of ``stream`` (a binary file), or None at its end or for a frame
    longer than ``limit`` bytes."""
    head = _read_exactly(stream, _LENGTH.size)
    if head is None:
        return None
    (size,) = _LENGTH.unpack(head)
    if size > limit:
        return None
    return _read_exactly(stream, size)


def _read_exactly(stream: Any, size: int) -> bytes | None:
    chunks = []
    left = size
    while left:
        chunk = stream.read(left)
        if not chunk:
            return None
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)


def write_frame(stream: Any, payload: bytes) -> None:
    """``payload`` as one frame of ``stream``, flushed."""
    stream.write(_LENGTH.pack(len(payload)) + payload)
    stream.flush()


class OutsideError(FivesError):
    """A player file that cannot be played: missing, not Python, failing to load, without
    the class or its ``choose``, too slow to load."""


class Gone(Exception):
    """The player's process will answer no more: ``reason`` (a :class:`Msg`) says why."""

    def __init__(self, reason: Msg) -> None:
        super().__init__(str(reason))
        self.reason = reason


class OutsidePlayer:
    """The player ``name`` of the file ``path`` in its own process, playing under the
    rule pack ``rules`` (loaded there by its name, ``rules.path``), with ``move_time``
    seconds an answer. Raises :class:`OutsideError` when the file cannot be played."""

    def __init__(self, path: str, name: str, rules: RuleSet, move_time: float = MOVE_TIME) -> None:
        self.path, self.name, self.rules = path, name, rules
        self.move_time = move_time
        self.gone: Msg | None = None
        if not os.path.isfile(path):
            raise OutsideError(N_("no player file {path}"), path=path)
        package_root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [package_root, env.get("PYTHONPATH")]))
        self.process: subprocess.Popen[bytes] | None = None
        try:
            # run in the folder that holds this very package: ``-m`` puts the working folder
            # first on the child's path, and a source checkout there (whose packs and catalogs
            # are not built) must not stand in for the installed package
            self.process = subprocess.Popen([sys.executable, "-m", "fives_tutor.study.outside_host"],
                                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                            env=env, close_fds=True, cwd=package_root)
        except OSError as error:
            raise OutsideError(N_("{path} failed while loading: {reason}"), path=path,
                               reason=error.strerror or str(error)) from None
        self._requests: queue.Queue[bytes | None] = queue.Queue()
        self._answers: queue.Queue[bytes | None] = queue.Queue()
        self._thread = threading.Thread(target=self._exchange, daemon=True)
        self._thread.start()
        try:
            answer = self._call(("load", os.path.abspath(path), name,
                                 os.path.abspath(rules.path) if rules.path else rules.path),
                                max(LOAD_TIME, move_time),
                                N_("it did not load within {seconds} s"))
        except Gone as gone:
            self.close()
            raise OutsideError(N_("{path} failed while loading: {reason}"), path=path, reason=gone.reason) from None
        if answer.get("ok") is not True:
            self.close()
            code = answer.get("error")
            template = _LOAD_ERRORS.get(code) if isinstance(code, str) else None
            if template is None:
                raise OutsideError(N_("{path} failed while loading: {reason}"), path=path,
                                   reason=Msg(N_("it sent an answer that cannot be read")))
            line = answer.get("line")
            reason = answer.get("reason")
            raise OutsideError(template, path=path, name=name,
                               line=line if isinstance(line, int) and not isinstance(line, bool) else 0,
                               reason=reason if isinstance(reason, str) else "")

    # --- the exchange with the process -----------------------------------------------------

    def _exchange(self) -> None:
        """Each request written to the process and its answer read, in a thread of their
        own: the duel waits for the answer with a time limit, whatever the process does."""
        process = self.process
        if process is None:
            return
        stdin, stdout = process.stdin, process.stdout
        while True:
            request = self._requests.get()
            if request is None:
                return
            try:
                write_frame(stdin, request)
                answer = read_frame(stdout, MAX_ANSWER)
            except (OSError, ValueError):
                answer = None
            self._answers.put(answer)
            if answer is None:
                return

    def _call(self, request: tuple, limit: float, late: str = N_("it did not answer within {seconds} s "
                                                                  "(--move-time)")) -> dict:
        """The process's answer to ``request``, checked to be a JSON object. Raises
        :class:`Gone` (the process stopped) when it does not answer within ``limit``
        seconds (``late`` says so), ends, or answers with anything else."""
        if self.gone is not None:
            raise Gone(self.gone)
        buffer = _pickle(request)
        self._requests.put(buffer)
        try:
            raw = self._answers.get(timeout=limit + MARGIN)
        except queue.Empty:
            self._stop(Msg(late, seconds=int(limit) if limit == int(limit) else limit))
            raise Gone(self.gone or Msg("")) from None
        if raw is None:
            self._stop(self._ended())
            raise Gone(self.gone or Msg(""))
        try:
            answer = json.loads(raw.decode("utf-8"))
        except (ValueError, RecursionError):
            answer = None
        if not isinstance(answer, dict):
            self._stop(Msg(N_("it sent an answer that cannot be read")))
            raise Gone(self.gone or Msg(""))
        return answer

    def _ended(self) -> Msg:
        """Why the process answered nothing: its exit code or signal, or that it closed its answers."""
        if self.process is None:
            return Msg(N_("its process stopped answering"))
        try:
            code = self.process.wait(timeout=1)
        except subprocess.TimeoutExpired:
            return Msg(N_("its process stopped answering"))
        if code < 0:
            return Msg(N_("its process was ended by signal {signal}"), signal=-code)
        return Msg(N_("its process ended with exit code {code}"), code=code)

    def _stop(self, reason: Msg) -> None:
        """Stop the process for good, remembering why."""
        if self.gone is None:
            self.gone = reason
        self.close()

    def close(self) -> None:
        """End the process (and the thread that talks to it)."""
        process = self.process
        if process is None:
            return
        if process.poll() is None:
            process.kill()
        try:
            process.wait(timeout=5)
        except subprocess.TimeoutExpired:  # pragma: no cover - a process that a kill does not end
            pass
        for stream in (process.stdin, process.stdout):
            try:
                if stream is not None:
                    stream.close()
            except OSError:
                pass
        self._requests.put(None)
        self._thread.join(timeout=5)
        self.process = None

    # --- the duel's questions ------------------------------------------------------------------

    def new_match(self) -> Msg | None:
        """A new player for the next match: None, or the reason it cannot play it (its
        class failed to make one: that match is forfeited). Raises :class:`Gone`."""
        answer = self._call(("new",), self.move_time)
        if answer.get("ok") is True:
            return None
        return Msg(N_("{name}() failed: {reason}"), name=self.name, reason=_text(answer.get("raised")))

    def choose(self, view: Any) -> dict:
        """The player's answer to ``view``, as plain values: ``{"kind", "tile", "end",
        "index", "wall", "cpu"}`` for an action (``tile`` a pair of pips or None), or
        ``{"forfeit": reason}``. Raises :class:`Gone`."""
        answer = self._call(("choose", view), self.move_time)
        if "raised" in answer:
            return {"forfeit": Msg(N_("it raised {error}"), error=_text(answer["raised"]))}
        if "returned" in answer:
            return {"forfeit": Msg(N_("it returned {value}, not a play, a draw or a pass"),
                                   value=_text(answer["returned"]))}
        kind, tile, end, index = answer.get("kind"), answer.get("tile"), answer.get("end"), answer.get("index")
        wall, cpu = answer.get("wall"), answer.get("cpu")
        if (kind not in ("play", "draw", "pass") or not isinstance(end, str) or not _whole(index)
                or not (tile is None or isinstance(tile, list) and len(tile) == 2 and all(map(_whole, tile)))
                or not _seconds(wall) or not _seconds(cpu)):
            self._stop(Msg(N_("it sent an answer that cannot be read")))
            raise Gone(self.gone or Msg(""))
        return {"kind": kind, "tile": tuple(tile) if tile is not None else None, "end": end, "index": index,
                "wall": wall, "cpu": cpu}


class _Pickler(pickle.Pickler):
    """A view's rule pack goes as a reference: the process loaded the pack by its name."""

    def persistent_id(self, obj: Any) -> str | None:
        return "rules" if isinstance(obj, RuleSet) else None


def _pickle(request: tuple) -> bytes:
    """``request`` pickled, its rule pack sent as a reference."""
    buffer = io.BytesIO()
    _Pickler(buffer, protocol=pickle.HIGHEST_PROTOCOL).dump(request)
    return buffer.getvalue()


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and -1000 <= value <= 1000


def _seconds(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value) and value >= 0


def _text(value: Any) -> str:
    """Text the process sent, as text (bounded and escaped when a message shows it)."""
    return value if isinstance(value, str) else ""


__all__ = ["LOAD_TIME", "MOVE_TIME", "Gone", "OutsideError", "OutsidePlayer", "read_frame", "write_frame"]
