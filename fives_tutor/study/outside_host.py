"""The process an outside player runs in (``fives duel path/to/bot.py:ClassName``).

``python -m fives_tutor.study.outside_host`` is started by
:class:`fives_tutor.study.outside.OutsidePlayer`. It keeps the two ends of its pipes
for the duel's requests and its answers, and gives the player's own code nothing but
``/dev/null`` for standard input, output and error: whatever the player prints (or
writes to those descriptors directly) never reaches the duel's report or its
``--json``. A thread watches the requests: when the duel closes them (it ended, or it
was stopped), the process ends at once, even with the player's code still running.

Requests (length-prefixed pickles from the duel, which started this process): load
the file and check the class, make a new player for the next match, or choose an
action for a view (:class:`~fives_tutor.engine.player.View`, its rule pack sent once
at loading). Answers (length-prefixed JSON, which the duel checks as hostile data):
``{"ok": true}``, ``{"error": CODE, ...}`` for a file that cannot be played, or the
action in plain values (kind, tile halves, end, index) with the player's own wall and
CPU time, or what went wrong (``raised``: the exception; ``returned``: a value that is
not an action). The player's return value is read here, never in the duel: an object
whose ``__eq__`` or ``__repr__`` raises, or loops, costs only this process.
"""

from __future__ import annotations

import importlib.util
import io
import json
import os
import pickle
import queue
import sys
import threading
import time
from typing import Any

from ..bounds import bounded_repr
from ..core.plays import Play
from ..engine.player import Action
from ..packs.loader import load_rules
from .outside import read_frame, write_frame


def brief(error: BaseException) -> str:
    """An exception as one short line: its type and the start of its message (a message
    that cannot be made is left out)."""
    try:
        text = " ".join(str(error).split())[:160]
    except BaseException:  # (its __str__ raised: the type says enough)
        text = ""
    name = type(error).__name__
    return f"{name}: {text}" if text else name


def _shown(value: Any) -> str:
    """A value the player returned, as a few dozen characters (its type when even that fails)."""
    try:
        return bounded_repr(value, 60)
    except BaseException:
        return f"<{type(value).__name__}>"


class _Host:
    """The player's file, its class, the rule pack, and the player of the match under way."""

    def __init__(self) -> None:
        self.cls: Any = None
        self.name = ""
        self.player: Any = None
        self.rules: Any = None

    def handle(self, request: tuple) -> dict:
        kind = request[0]
        if kind == "load":
            return self.load(*request[1:])
        if kind == "new":
            return self.new()
        return self.choose(request[1])

    def load(self, path: str, name: str, rules_name: str) -> dict:
        self.rules = load_rules(rules_name)
        self.name = name
        module_name = f"fives_bot_{abs(hash(os.path.abspath(path)))}"
        try:
            spec = importlib.util.spec_from_file_location(module_name, path)
            if spec is None or spec.loader is None:
                return {"error": "not_python"}
            module = importlib.util.module_from_spec(spec)
            sys.modules[module_name] = module
            spec.loader.exec_module(module)
        except SyntaxError as error:
            return {"error": "syntax", "line": error.lineno if isinstance(error.lineno, int) else 0}
        except BaseException as error:  # the file's own code ran and failed
            return {"error": "loading", "reason": brief(error)}
        cls = getattr(module, name, None)
        if cls is None:
            return {"error": "no_class"}
        if getattr(cls, "__abstractmethods__", None):  # a Player subclass that does not define choose
            return {"error": "no_choose"}
        self.cls = cls
        made = self.new()
        if "raised" in made:
            return {"error": "init", "reason": made["raised"]}
        if not callable(getattr(self.player, "choose", None)):
            return {"error": "no_choose"}
        return {"ok": True}

    def new(self) -> dict:
        try:
            self.player = self.cls()
        except BaseException as error:
            return {"raised": brief(error)}
        return {"ok": True}

    def choose(self, view: Any) -> dict:
        start, start_cpu = time.perf_counter(), time.thread_time()
        try:
            action = self.player.choose(view)
        except BaseException as error:
            return {"raised": brief(error)}
        try:
            answer = _plain(action)
        except BaseException:  # an object that cannot even be looked at (__eq__, __getattr__ raising)
            answer = {"returned": _shown(action)}
        answer.update(wall=time.perf_counter() - start, cpu=time.thread_time() - start_cpu)
        return answer


def _plain(action: Any) -> dict:
    """The player's return value as plain values: ``{"kind", "tile", "end", "index"}``,
    or ``{"returned": what it was}`` for anything that is not an action. Types are
    compared exactly (``type(x) is str``) and tuples read with ``tuple``'s own methods,
    so that no method of the player's object runs to compare it."""
    if type(action) is str:
        if action in ("draw", "pass"):
            return {"kind": action, "tile": None, "end": "", "index": -1}
        return {"returned": _shown(action)}
    if isinstance(action, Play):
        action = Action.play(action)
    if not isinstance(action, tuple):
        return {"returned": _shown(action)}
    items = tuple.__getitem__(action, slice(None))
    kind = items[0] if items else None
    if type(kind) is not str or kind not in ("play", "draw", "pass"):
        return {"returned": _shown(action)}
    if kind != "play":
        return {"kind": kind, "tile": None, "end": "", "index": -1}
    tile = items[1] if len(items) > 1 else None
    end = items[2] if len(items) > 2 else ""
    index = items[3] if len(items) > 3 else -1
    halves = tuple.__getitem__(tile, slice(None)) if isinstance(tile, tuple) else ()
    if len(halves) != 2 or not all(type(half) is int and 0 <= half <= 99 for half in halves):
        return {"returned": _shown(action)}
    return {"kind": "play", "tile": list(halves), "end": end if type(end) is str and len(end) <= 32 else "",
            "index": index if type(index) is int and -1 <= index <= 64 else -2}


class _Rules(pickle.Unpickler):
    """The view's rule pack, sent once at loading, stands in the pickle as a reference."""

    def __init__(self, data: bytes, rules: Any) -> None:
        super().__init__(io.BytesIO(data))
        self.rules = rules

    def persistent_load(self, pid: Any) -> Any:
        return self.rules


def main() -> None:
    """Serve the duel's requests until it closes them."""
    requests_in = os.fdopen(os.dup(0), "rb", buffering=0)
    answers_out = os.fdopen(os.dup(1), "wb")
    nothing = os.open(os.devnull, os.O_RDWR)
    for descriptor in (0, 1, 2):  # the player's prints and reads: nowhere
        os.dup2(nothing, descriptor)
    host = _Host()
    waiting: queue.Queue[bytes] = queue.Queue()

    def watch() -> None:
        while True:
            frame = read_frame(requests_in, 64 * 1024 * 1024)
            if frame is None:  # the duel ended or stopped: so does this process, the player's code with it
                os._exit(0)
            waiting.put(frame)

    threading.Thread(target=watch, daemon=True).start()
    while True:
        request = _Rules(waiting.get(), host.rules).load()
        answer = host.handle(request)
        write_frame(answers_out, json.dumps(answer).encode("utf-8"))


if __name__ == "__main__":  # pragma: no cover - run as a process by the duel
    main()
