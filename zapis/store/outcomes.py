"""What a game comes to, computed and remembered: one game scored as it stands (kept for the screen that shows
it), an evening's or a season's games judged for their standings, and the memo (table game_results) that keeps
each game's outcome under a key of everything that determines it, the code that scores it included."""

from __future__ import annotations

import functools
import hashlib
import json
import os
import sqlite3
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterator, Sequence

import orjson

from zapis.core.errors import Problem, ZapisError
from zapis.core.gcpause import collector_paused
from zapis.core.words import Bi, both, raw
from zapis.store.names import _names_now
from zapis.store.spread import alongside, halves
from zapis.store.rows import LogEntry, Scored, _entry, _frozen_of, _json, _loads, _no_game, _row_id, replay

if TYPE_CHECKING:
    from zapis.core.module import Rules, ScoringModule
    from zapis.club.evening import GameResult


#: a ruleset as its games share it: its Rules, module, title, the part of their keys it determines, its text
_Frozen = tuple["Rules", "ScoringModule", str, str, str]
#: a game judged (Outcomes._judged_games): its place in the order (date, evening, table, id), its id and key, the
#: game judged, its outcome as the memo keeps it, whether to remember that, its rules' text
_Judged = tuple[tuple[str, int, int, int], int, str, "GameResult", str, bool, str]


#: the games of a cold season this process scores (1) and those the child scores (0): 48 in 100 here, by a hash of
#: the game's id (spread evenly over evenings and rulesets): this process also makes and remembers the child's
#: results as they come (SQLite and PostgreSQL alike: 64-bit integer arithmetic)
_MINE = "((g.id * 2654435761) % 1000 < 480)"
_HALVES = {1: f" AND {_MINE}", 0: f" AND NOT {_MINE}"}
#: a cold season's half is scored (and the child's sent) this many games at a time: each piece reaches the parent
#: while the child scores the next, to be made results there between the parent's own chunks
_CHUNK = 200


def _first(game: _Judged) -> tuple[str, int, int, int]:
    return game[0]


class Outcomes:
    """The Store's games scored and judged, and the memo of their outcomes."""

    conn: sqlite3.Connection
    read_only: bool
    _scored: dict[int, Scored]  # the games last read or written, by id (a memo: see scored())
    _reader_pid = 0  # the forked process whose own connection self.conn is (see _own_connection())

    def season(self, date_from: str | None = None, date_to: str | None = None) -> list[GameResult]:
        """Every game of the evenings from `date_from` to `date_to`, judged (places, place points, money) as the
        season's standings need it, without its sheet: a thousand evenings are never held at once.

        A game's outcome is taken from the memo (table game_results) while its key (everything that determines
        it) is unchanged; otherwise its hands are scored (one query streams them, a game's hands as one JSON
        array) and the outcome remembered. The memo is never a source of truth: `zapis db check` compares it
        with a fresh recomputation."""
        with collector_paused():  # thousands of outcomes made, all kept: the collector would only scan them
            return [r for _, _, r in self._outcomes("e.date BETWEEN ? AND ?",
                                                    [date_from or "0000-01-01", date_to or "9999-12-31"])]

    def judged(self, evening_id: int) -> list[GameResult]:
        """Every game of an evening judged for its standings (places, place points, money, each side's result),
        without sheets: as season() does, from the memo where it holds. A screen of standings reads this."""
        self.evening(evening_id)  # an evening that does not exist is said so
        return [r for _, _, r in self._outcomes("e.id = ?", [evening_id], dated=False)]

    def _outcomes(self, where: str, args: list[Any], memo: bool = True, dated: bool = True
                  ) -> list[tuple[int, str, GameResult]]:
        """(game id, its key, the game judged) for every game of the evenings `where` picks (a condition on the
        evenings e), in the order of the evenings, tables and games; from the memo where its key holds (unless
        memo=False), else scored and then remembered (unless memo=False). A game's label carries its date when
        `dated` (a season's games come from many evenings).

        Where there are two cores (spread.halves) the games are judged in two halves at once, the other half by a
        forked child, which reads on a connection of its own and sends each outcome as the memo keeps it, read
        back here as a remembered one is. A cold season (many games not remembered: after an upgrade, or a
        database imported) is split from the start, each half reading, keying and scoring its own games (_MINE
        here, by a hash of their ids, the others in the child), the child sending its games a chunk at a time, made
        results here between this process's own chunks; otherwise the games to score are split once their keys are
        known. Each half reads its hands with its games' versions: a game changed since its key was read is scored
        as it is now and not remembered under the old key."""
        here = os.getpid()
        frozen: dict[str, _Frozen] = {}  # the games of one ruleset share its Rules, module and parts of their keys
        theirs: list[_Judged] = []  # a cold season's other half, judged by the child, made results here

        def take(piece: list[tuple]) -> None:
            theirs.extend((order, gid, want, self._from_outcome(frozen, rules_json, gid, label, text, stake, date),
                           text, remember, rules_json)
                          for order, gid, want, label, rules_json, stake, date, text, remember in piece)

        def child(send: Callable[[Any], None]) -> None:
            self._own_connection(here)
            # each game as plain data, a chunk at a time: the same ruleset's text is one object (pickled once)
            self._judged_games(where, args, memo, dated, frozen, here, 0, lambda done: send(
                [(order, gid, want, r.key, rules_json, r.stake, r.evening, text, remember)
                 for order, gid, want, r, text, remember, rules_json in done]))

        def mine(poll: Callable[[], None]) -> list[_Judged]:
            games = self._judged_games(where, args, memo, dated, frozen, here, 1, lambda done: poll())
            # this half remembered at once, while the child may still be scoring its own
            self._remember([(gid, want, text) for _, gid, want, _, text, remember, _ in games if remember])
            return [(*game[:5], False, game[6]) for game in games]

        # a season's games counted (an evening's few never fork: no count to make)
        ran = alongside(mine, child, take, self._unremembered(where, args)) if memo and dated else None
        if ran is None:
            games = self._judged_games(where, args, memo, dated, frozen, here)
        else:
            games, whole = ran
            if not whole:  # whatever stopped the child, its half is done here (and said here as one process would)
                theirs = self._judged_games(where, args, memo, dated, frozen, here, 0)
            games = sorted([*games, *theirs], key=_first)
        if memo:
            self._remember([(gid, want, text) for _, gid, want, _, text, remember, _ in games if remember])
        return [(gid, want, r) for _, gid, want, r, *_ in games]

    def _own_connection(self, here: int) -> None:
        """In a process forked from `here`: a connection of its own, made once (a forked one is never used)."""
        if os.getpid() != here and self._reader_pid != os.getpid():
            self.conn = self._reader()
            self._reader_pid = os.getpid()

    def _unremembered(self, where: str, args: list[Any]) -> int:
        """How many games of the evenings `where` picks have no outcome remembered (a cold season's all)."""
        return self.conn.execute(
            "SELECT count(*) FROM games g JOIN tables t ON t.id = g.table_id JOIN evenings e ON e.id = t.evening_id "
            f"LEFT JOIN game_results r ON r.game_id = g.id WHERE r.game_id IS NULL AND ({where})", args).fetchone()[0]

    def _frozen(self, frozen: dict[str, _Frozen], rules_json: str, gid: int) -> _Frozen:
        """A ruleset's Rules, module, title and the part of its games' keys they share, made once (its hand record
        solved or read before its first game is scored)."""
        known = frozen.get(rules_json)
        if known is None:
            rules, module = _frozen_of(rules_json, gid)
            self._solved(rules)
            known = frozen[rules_json] = (rules, module, f"{raw(both(rules.title))}", _shared(rules_json, module),
                                          rules_json)
        return known

    def _from_outcome(self, frozen: dict[str, _Frozen], rules_json: str, gid: int, label: str, text: str,
                      stake: float, date: str) -> GameResult:
        rules, module = self._frozen(frozen, rules_json, gid)[:2]
        return _judging()[1].judged_from(label, _loads(text), rules, module, stake, date)

    def _judged_games(self, where: str, args: list[Any], memo: bool, dated: bool, frozen: dict[str, _Frozen],
                      here: int, parity: int | None = None, each: Callable[[list[_Judged]], None] | None = None
                      ) -> list[_Judged]:
        """_outcomes' games, each as (its place in the order, id, key, the game judged, its outcome as the memo
        keeps it, whether to remember it, its rules' text). With `parity`: the games _MINE is `parity` for (a cold
        season's half), scored in this process a chunk at a time, each(the games finished) after each chunk
        (and first with those remembered); otherwise all, scored on both cores where there are two."""
        query = self.conn.cursor()
        query.row_factory = None  # plain tuples: 5,000 rows unpacked at once
        rows = query.execute(
            # each game with its seats (seat, the name as recorded, the player's name now) as one JSON array: one
            # query, no row a seat (a season has 20,000); the array's text is part of the game's key as it comes
            # (seats in order), read only for a game to score (its seats put in order again there: a sort of four)
            "SELECT g.id, e.date, e.id, t.number, g.rules_json, g.layout_json, g.start_json, g.title, g.stake, "
            "g.version, r.key, r.outcome_json, (SELECT json_group_array(json_array(s.seat, s.name, s.now)) FROM "
            "(SELECT gp.seat, gp.name, p.name AS now FROM game_players gp JOIN players p ON p.id = gp.player_id "
            "WHERE gp.game_id = g.id ORDER BY gp.seat) s) "
            "FROM games g JOIN tables t ON t.id = g.table_id JOIN evenings e ON e.id = t.evening_id "
            f"LEFT JOIN game_results r ON r.game_id = g.id WHERE ({where})"
            f"{_HALVES.get(parity, '')} ORDER BY e.date, e.id, t.number, g.id", args).fetchall()
        out: list[_Judged] = []
        todo: list[tuple[int, int, tuple]] = []  # (its place in out, its version, what scores it)
        judged_from = _judging()[1].judged_from
        for (gid, date, evening, table, rules_json, layout_json, start_json, title, stake, version, key, done,
             seated) in rows:
            rules, module, ruleset_title, shared, rules_json = frozen.get(rules_json) or self._frozen(
                frozen, rules_json, gid)
            label = f"{date + ' ' if dated else ''}stół {table}: {raw(title) if title else ruleset_title} (#{gid})"
            want = _key(version, shared, layout_json, start_json, stake, seated)
            order = (date, evening, table, gid)
            if memo and key == want:
                try:
                    out.append((order, gid, want, judged_from(label, _loads(done), rules, module, stake, date), done,
                                False, rules_json))
                    continue
                except _DAMAGED_MEMO:
                    pass  # a damaged memo: only a memo, so the game is scored again (and remembered anew)
            todo.append((len(out), version, (gid, label, rules, module, layout_json, start_json, stake, date, seated)))
            out.append((order, gid, want, None, "", False, rules_json))  # type: ignore[arg-type]

        def part(some: Sequence[tuple[int, int, tuple]]) -> list[tuple[GameResult, bool, str]]:
            self._own_connection(here)
            # each game with its outcome as the memo keeps it (what the child sends), made by the half that scored it
            return [(r, held, _outcome_json(r.outcome())) for r, held in self._scored_now(some)]

        def back(item: tuple[int, int, tuple], sent: tuple[bool, str]) -> tuple[GameResult, bool, str]:
            how = item[2]
            return judged_from(how[1], _loads(sent[1]), *how[2:4], how[6], how[7]), *sent

        def finish(some: Sequence[tuple[int, int, tuple]], scored: list[tuple[GameResult, bool, str]]) -> None:
            for (at, _, _), (r, held, text) in zip(some, scored):
                order, gid, want, _, _, _, rules_json = out[at]
                out[at] = (order, gid, want, r, text, held, rules_json)

        if parity is None:  # on both cores where there are two
            finish(todo, halves(todo, part, send=lambda done: [(held, text) for _, held, text in done], back=back))
            return out
        if each is not None and len(todo) < len(out):
            each([game for game in out if game[3] is not None])  # those remembered: judged already
        for k in range(0, len(todo), _CHUNK):
            chunk = todo[k:k + _CHUNK]
            finish(chunk, part(chunk))
            if each is not None:
                each([out[at] for at, _, _ in chunk])
        return out

    def _scored_now(self, todo: Sequence[tuple[int, int, tuple]]) -> list[tuple[GameResult, bool]]:
        """_outcomes' games to score, each judged from its hands as they are now, and whether its version is still
        the one its key was made of (else it is not to be remembered under that key): read in one snapshot."""
        with self.snapshot():
            ids = [how[0] for _, _, how in todo]
            now = dict(self.conn.execute("SELECT id, version FROM games WHERE id IN (SELECT value FROM json_each(?))",
                                         (json.dumps(ids),)).fetchall())
            hands = dict(self._hand_texts(ids))
        return [(self._judged(*how, self._hands_read(how[0], hands.get(how[0], []))), now.get(how[0]) == version)
                for _, version, how in todo]

    def _hands_of(self, game_ids: list[int]) -> Iterator[tuple[int, list[dict[str, Any]]]]:
        """Each game's hands as they stand (its log replayed), a game at a time (see _hand_texts)."""
        for gid, found in self._hand_texts(game_ids):
            yield gid, self._hands_read(gid, found)

    def _hands_read(self, game_id: int, found: str | list[dict[str, Any]]) -> list[dict[str, Any]]:
        """A game's hands from what _hand_texts brought: its hands' JSON array read, or (a damaged row among them)
        its log read row by row, which says which hand."""
        if type(found) is list:
            return found
        hands = _hand_list(found)
        return replay(self.log(game_id)) if hands is None else hands

    def _hand_texts(self, game_ids: list[int]) -> Iterator[tuple[int, str | list[dict[str, Any]]]]:
        """Each game's hands as they stand, a game at a time, from one query that brings a game's log as one JSON
        array (decoding each hand alone costs three times as much): that array's text, not yet read (a season's
        200,000 hands are never held read at once), or the hands replayed from the game's log.

        The rows are grouped as the index (game_id, id) brings them, in the log's order: no ORDER BY in a
        subquery, which made SQLite sort the whole season again in a temporary B-tree (half the query's time).
        Their order is not taken on trust: the entry positions check it (below), and a game whose rows did not
        come in order is replayed from its log."""
        if not game_ids:
            return
        for gid, others, positions, hands in self.conn.execute(
                "SELECT game_id, sum(action <> 'enter'), group_concat(position), "
                "'[' || group_concat(coalesce(hand_json, 'null')) || ']' FROM hand_log "
                "WHERE game_id IN (SELECT value FROM json_each(?)) GROUP BY game_id",
                (json.dumps(game_ids),)):
            if not others and positions == _counting(positions.count(",") + 1):
                # hands entered one after another and nothing else: the entry positions 0, 1, 2, ... prove
                # the rows came in the log's order (each enter is at the end of the hands before it)
                yield gid, hands
            else:  # corrections and undos (or the rows out of order): the game's log read and replayed
                yield gid, replay(self.log(gid))

    @staticmethod
    def _judged(gid: int, label: str, rules: Rules, module: ScoringModule, layout_json: str, start_json: str,
                stake: float, date: str, seats: str, hands: list[dict[str, Any]]) -> GameResult:
        """One game scored and judged (with its declarers' hands, for the statistics); its sheet let go at once.
        `seats`: its seats as the query brings them ([seat, the name recorded, the name now] each, as JSON)."""
        DECLARED, GameResult, declared_of, declarers, judge = _judging()
        names = [(recorded, current) for _, recorded, current in sorted(_loads(seats))]
        rules, layout, start, hands = _names_now(module, rules, names, layout_json, start_json, hands, gid)
        sheet = _scored_or_said(gid, module.totals, rules, layout, hands, start)
        r = judge(GameResult(label, sheet, rules, module, stake, evening=date))
        declared = sheet.extra.get(DECLARED)  # found by the module's fold, else asked for
        r.sheet = None
        r.declared = (declared_of(declared, layout) if declared is not None
                      else declarers(module, rules, layout, hands))
        return r

    def _remember(self, memo: list[tuple[int, str, str]]) -> None:
        """Outcomes kept for the next time; a database that cannot be written now (read-only, busy) is left as it
        is: the memo only saves time."""
        if not memo or self.read_only:
            return
        try:
            # not flushed to the disk at once (a power cut may lose a memo, never the database's consistency):
            # a screen of standings waits for no fsync
            self.conn.execute("PRAGMA synchronous = OFF")
            with self.tx(tell=False) as c:  # a memo: no other screen need look again for it
                c.executemany("INSERT OR REPLACE INTO game_results (game_id, key, outcome_json) VALUES (?, ?, ?)",
                              memo)
        except (ZapisError, sqlite3.DatabaseError):
            pass
        finally:
            self.conn.execute("PRAGMA synchronous = FULL")

    def memo_problems(self) -> list[str]:
        """Every remembered outcome whose key still holds, compared with a fresh recomputation: empty when all
        agree. A stale or differing one is dropped (the next standings recompute it)."""
        kept = {gid: (key, _memo(done)) for gid, key, done in
                self.conn.execute("SELECT game_id, key, outcome_json FROM game_results")}
        if not kept:
            return []
        out, drop = [], []
        fresh = {gid: (key, r) for gid, key, r in self._outcomes("TRUE", [], memo=False)}
        for gid, (key, done) in sorted(kept.items()):
            if gid not in fresh or fresh[gid][0] != key:
                drop.append(gid)  # stale: the game changed since (it is recomputed when next asked)
            elif done != _loads(_outcome_json(fresh[gid][1].outcome())):
                out.append(f"game {gid}: the remembered result differs from a fresh recomputation (dropped)")
                drop.append(gid)
        if drop and not self.read_only:
            with self.tx() as c:
                c.executemany("DELETE FROM game_results WHERE game_id = ?", [(g,) for g in drop])
        return out

    def scored(self, game_id: int) -> Scored:
        """The game as it stands, scored (its hands were checked when entered). A memo of the last version this
        store read or wrote of it: while the game's version and its players' names are those, nothing is read
        again or scored again (saving a hand scores the game once, to check it, and the screen shows that)."""
        with self.snapshot():
            row = self.conn.execute("SELECT version FROM games WHERE id = ?", (game_id,)).fetchone() \
                if _row_id(game_id) else None
            if row is None:
                raise ZapisError([Problem("game", _no_game(game_id))])
            names = tuple(self._current_names(game_id))
            known = self._scored.get(game_id)
            if known and known.version == row[0] and known.names == names:
                return known
            log = self.log(game_id)
            rec, rules, module = self.record(game_id, replay(log))
        sheet = module.score(rules, rec.players, rec.hands, rec.start)
        return self._keep(game_id, Scored(row[0], names, rec, rules, module, sheet,
                                          frozenset(e.position for e in log if e.action == "edit")))

    def knows(self, game_id: int, version: int) -> bool:
        """Whether scored(game_id) at this version would come from the memo (names aside): nothing to wait for."""
        known = self._scored.get(game_id)
        return known is not None and known.version == version

    def _keep(self, game_id: int, scored: Scored) -> Scored:
        self._scored.pop(game_id, None)
        self._scored[game_id] = scored
        while len(self._scored) > 16:  # a few games at once (the screen's, the evening's): the oldest let go
            self._scored.pop(next(iter(self._scored)))
        return scored

    def sheet(self, game_id: int):
        rec, rules, module = self.record(game_id)
        return module.validate_and_score(rules, rec.players, rec.hands, rec.start)

    def results(self, evening_id: int | None = None, date_from: str | None = None,
                date_to: str | None = None) -> list[GameResult]:
        """Every game of an evening (or of the evenings in a date range), recomputed from its hand log.

        The hands were validated when they were entered (and `zapis db check` validates them all
        again), so this path scores them without validating: one query reads every log entry.
        """
        from zapis.club.evening import GameResult, declarers
        if evening_id is not None:
            evs = [self.evening(evening_id)]
        else:
            evs = self.evenings(date_from, date_to)
        if not evs:
            return []
        by_id = {ev["id"]: ev for ev in evs}
        games = [g for g in self.games() if g.evening_id in by_id] if evening_id is None else self.games(evening_id)
        logs: dict[int, list[LogEntry]] = {g.id: [] for g in games}
        marks = ",".join("?" * len(by_id))
        for r in self.conn.execute(
                f"SELECT l.* FROM hand_log l JOIN games g ON g.id = l.game_id JOIN tables t ON t.id = g.table_id "
                f"WHERE t.evening_id IN ({marks}) ORDER BY l.id", list(by_id)):
            logs[r["game_id"]].append(_entry(r))
        out = []
        for g in games:
            rec, rules, module = self.record(g.id, replay(logs[g.id]))
            sheet = _scored_or_said(g.id, module.score, rules, rec.players, rec.hands, rec.start)
            ev = by_id[g.evening_id]
            label = f"{ev['date']} " if evening_id is None else ""
            out.append(GameResult(f"{label}stół {g.table}: {raw(g.title)} (#{g.id})", sheet, rules, module,
                                  g.stake, evening=ev["date"],
                                  declared=declarers(module, rules, rec.players, rec.hands)))
        return out


def _outcome_json(outcome: dict[str, Any]) -> str:
    """A game's outcome as the memo keeps it (plain numbers and names, never NaN): by orjson, as a season writes
    thousands, else (an integer beyond 64 bits) as the store writes any JSON."""
    try:
        return orjson.dumps(outcome, option=orjson.OPT_SORT_KEYS).decode()
    except orjson.JSONEncodeError:
        return _json(outcome)


@functools.cache
def _judging() -> tuple[str, Any, Any, Any, Any]:
    """What judges a scored game, imported when first needed (the store opens without the standings) and then at
    hand (import statements run for each of a season's 5,000 games add up)."""
    from zapis.core.module import DECLARED
    from zapis.club.evening import GameResult, declared_of, declarers, judge
    return DECLARED, GameResult, declared_of, declarers, judge


def _scored_or_said(game_id: int, scoring: Callable[..., Any], *args: Any) -> Any:
    """A game scored (score or totals); what stops it is said as the game's problem, in one line."""
    try:
        return scoring(*args)
    except ZapisError as e:
        raise ZapisError([Problem(f"game {game_id}", Bi(p.say("pl"), p.say("en"))) for p in e.problems]) from None
    except Exception as e:  # a log that no longer scores: say which game, `zapis db check` tells more
        raise ZapisError([Problem(f"game {game_id}", Bi(f"nie da się jej policzyć ({type(e).__name__}): uruchom "
                                                        "zapis db check",
                                                        f"cannot be scored ({type(e).__name__}): run zapis db "
                                                        "check"))]) from None


_DICTS = {dict}


#: what reading a damaged remembered outcome raises
_DAMAGED_MEMO = (ValueError, TypeError, KeyError, IndexError, AttributeError, RecursionError)


def _hand_list(text: str) -> list[dict[str, Any]] | None:
    """A game's hands from their JSON array; None when it is damaged (not JSON, or a hand that is no table)."""
    try:
        found = _loads(text)
    except (ValueError, TypeError, RecursionError):
        return None
    return found if type(found) is list and set(map(type, found)) <= _DICTS else None


@functools.lru_cache(maxsize=64)
def _counting(n: int) -> str:
    return ",".join(map(str, range(n)))


def _memo(done: Any) -> Any:
    """A remembered outcome read back; a damaged one is None (it then differs from the recomputation, and is
    dropped)."""
    try:
        return _loads(done)
    except (ValueError, TypeError, RecursionError):
        return None


@functools.cache
def _scoring_code(module_file: str | None) -> str:
    """A digest of the code that computes an outcome: the scoring core, the built-in modules, the evening's places
    and money, and a module's own file when it comes from elsewhere. Another zapis recomputes every memo."""
    root = Path(__file__).resolve().parent.parent
    files = sorted([*root.glob("core/*.py"), *root.glob("modules/**/*.py"), root / "club" / "evening.py"])
    if module_file and not Path(module_file).resolve().is_relative_to(root):
        files.append(Path(module_file))
    digest = hashlib.sha256()
    for f in files:
        digest.update(f.name.encode())
        digest.update(f.read_bytes())
    return digest.hexdigest()


def outcome_key(version: int, rules_json: str, layout_json: str, start_json: str, stake: float, seats: str,
                module: ScoringModule) -> str:
    """What determines a game's outcome, as one digest: the game's version (its hand log), its frozen rules, seats,
    start and stake, its players' names now (`seats`: [seat, the name recorded, the name now] for each seat, in
    order, as JSON text) and the code that scores it (the module's own `version` too)."""
    return _key(version, _shared(rules_json, module), layout_json, start_json, stake, seats)


def _shared(rules_json: str, module: ScoringModule) -> str:
    """The part of a key that the games of one ruleset share: its rules' digest and its module's code."""
    return f"{_digest(rules_json)}\x00{_module_code(module)}"


def _key(version: int, shared: str, layout_json: str, start_json: str, stake: float, seats: str) -> str:
    """outcome_key() from the part the games of its ruleset share (a season's thousands of games have a few)."""
    return hashlib.sha256(f"{version}\x00{shared}\x00{layout_json}\x00{start_json}\x00{float(stake)!r}\x00{seats}"
                          .encode()).hexdigest()


@functools.lru_cache(maxsize=256)
def _digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def _module_code(module: ScoringModule) -> str:
    return "\x00".join((module.id, str(getattr(module, "version", "")),
                         _scoring_code(getattr(sys.modules.get(type(module).__module__), "__file__", None))))
