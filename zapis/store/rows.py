"""What the store's rows hold, read back: the records it hands out (a game, an entry of the hand log, a game
scored), its JSON written and read, a damaged row said in one line naming its game (and hand), and the hand log
replayed into the hands as they stand."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import orjson

from zapis.core.errors import Problem, ZapisError
from zapis.core.words import Bi, both

if TYPE_CHECKING:
    import sqlite3

    from zapis.io import records
    from zapis.core.module import Rules, ScoringModule


@dataclass
class GameInfo:
    id: int
    evening_id: int
    table: int
    ruleset: str
    title: str
    module: str
    players: list[str]
    version: int
    stake: float


@dataclass
class LogEntry:
    id: int
    action: str
    position: int
    hand: dict[str, Any] | None
    at: str


@dataclass(frozen=True)
class Scored:
    """A game as it stands at one version, scored: what the game screen shows. Shared, never to be changed."""

    version: int
    names: tuple[str, ...]  # its players' names now (a rename changes what the sheet says)
    record: records.GameRecord
    rules: Rules
    module: ScoringModule
    sheet: Any  # the Sheet
    edited: frozenset[int]  # the hands corrected at some time (their rows carry a mark)


def _loads(text: str) -> Any:
    """JSON the store wrote, read back: by orjson (twice as fast as the standard library on a season's hands), or
    by Python's own reader for what orjson refuses (NaN, Infinity, an integer beyond 64 bits)."""
    try:
        return orjson.loads(text)
    except orjson.JSONDecodeError:
        return json.loads(text)


#: what a game keeps as JSON, named as a damaged row of it is said (one line naming the game, and the hand)
_STORED = {"hand": Bi("zapisane rozdanie jest uszkodzone", "the stored hand is damaged"),
           "rules": Bi("zapisane zasady gry są uszkodzone", "the stored rules of the game are damaged"),
           "players": Bi("zapisane miejsca graczy są uszkodzone", "the stored seats of the players are damaged"),
           "start": Bi("zapisany stan początkowy jest uszkodzony", "the stored start of the game is damaged")}
_NOT_JSON = Bi(" (to nie JSON); zapis restore przywraca kopię zapasową",
               " (not JSON); zapis restore brings back a backup")
_NOT_OURS = Bi(" (nie tak, jak zapisał go zapis); zapis restore przywraca kopię zapasową",
               " (not as zapis wrote it); zapis restore brings back a backup")


def _damaged(place: str, what: str, why: Bi = _NOT_JSON) -> ZapisError:
    return ZapisError([Problem(place, _STORED[what] + why)])


def _stored(text: Any, place: str, what: str) -> Any:
    """A game's JSON read back (as _loads reads it); a row damaged since it was written (not JSON, not text, or
    nested past any reader) is one plain line naming the game (and the hand), never a traceback."""
    try:
        return _loads(text)
    except (ValueError, TypeError, RecursionError):
        raise _damaged(place, what) from None


def _json(v: Any, sort: bool = True) -> str:
    return json.dumps(v, ensure_ascii=False, sort_keys=sort, default=str)


def _frozen_json(text: Any, game_id: int) -> dict[str, Any]:
    """A game's frozen rules as stored (JSON: id, module, title, values), or one line: the game's rules are damaged."""
    frozen = _stored(text, f"game {game_id}", "rules")
    if not (isinstance(frozen, dict) and isinstance(frozen.get("id"), str) and isinstance(frozen.get("module"), str)
            and "title" in frozen and isinstance(frozen.get("values"), dict)):
        raise _damaged(f"game {game_id}", "rules", _NOT_OURS)
    return frozen


def _frozen_of(text: Any, game_id: int) -> tuple[Rules, ScoringModule]:
    """The rules a game was begun with and its module, from its stored row; a damaged row (or a module no longer
    known) is one line naming the game."""
    frozen = _frozen_json(text, game_id)
    try:
        return _frozen(frozen)
    except ZapisError as e:
        raise ZapisError([Problem(f"game {game_id}", p.message) for p in e.problems]) from None


def _entry(r: sqlite3.Row) -> LogEntry:
    """One row of the hand log; a damaged hand is one line naming the game and the hand (the log's position, 1 the
    first hand)."""
    text, place = r["hand_json"], f"game {r['game_id']}, hand {_hand_number(r['position'])}"
    hand = None if text is None else _stored(text, place, "hand")
    if r["action"] in ("enter", "edit") and not isinstance(hand, dict):  # a hand is a table of its fields
        raise _damaged(place, "hand", _NOT_OURS)
    return LogEntry(r["id"], r["action"], r["position"], hand, r["at"])


def _hand_number(position: Any) -> str:
    return str(position + 1) if isinstance(position, int) and not isinstance(position, bool) else "?"


def _frozen(frozen: dict[str, Any]) -> tuple[Rules, ScoringModule]:
    """The rules a game was begun with (as frozen then) and its module."""
    from zapis.core.module import Rules, get_module
    module = get_module(frozen["module"])
    return Rules(id=frozen["id"], module=frozen["module"], title=both(frozen["title"]),
                 values={**module.defaults(), **frozen["values"]}), module


def replay(log: list[LogEntry]) -> list[dict[str, Any]]:
    hands: list[dict[str, Any]] = []
    for e in log:
        if e.action == "enter":
            hands.append(e.hand)
        elif e.action == "edit":
            hands[e.position] = e.hand
        elif e.action == "undo" and hands:
            hands.pop()
    return hands


def _row_id(v: Any) -> bool:
    """An id SQLite can hold (a number like 10**20 is simply no evening, not an overflow)."""
    return isinstance(v, int) and not isinstance(v, bool) and 0 < v < 2 ** 63


def _no_game(game_id: Any) -> Bi:
    return Bi(f"nie ma gry {game_id}", f"no game {game_id}")


def _no_player(name: str) -> Bi:
    return Bi(f"nie ma gracza {name!r}", f"no player named {name!r}")


def _not_created(e: OSError) -> Bi:
    """A folder that could not be made."""
    return Bi(f"nie można go utworzyć ({e.strerror})", f"cannot be created ({e.strerror})")
