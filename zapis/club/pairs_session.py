"""A duplicate pairs session run at the tables: made by the director, played by the movement, entered at each
table's tablet.

The session is a game of the evening (module bridge-pairs) whose frozen rules name its movement; each result is a
hand of that game, entered at the table (with its table and round) and corrected by the director as an edit, so
the hand log keeps every change. Everything here is read from the store and the scored sheet; nothing computed is
stored.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from functools import cached_property
from typing import Any, Callable, Iterable

from zapis.io import records, rulesets
from zapis.core.errors import Problem, ZapisError
from zapis.core.names import name_problems
from zapis.core.words import Bi
from zapis.lang import t
from zapis.modules.bridge.pairs import movement_of
from zapis.modules.bridge.movements import Movement, Seating
from zapis.store import Store
from zapis.store.rows import replay

PAIRS_MODULE = "bridge-pairs"
#: the scoring methods a director picks from: ruleset id by method
METHOD_RULESETS = {"matchpoints": "bridge-pairs", "cross-imps": "bridge-pairs-imp", "butler": "bridge-butler"}
#: what the table's tablet enters (board and pairs come from the movement)
TABLE_FIELDS = ("contract", "declarer", "double", "tricks", "lead")


@dataclass(frozen=True)
class Session:
    game_id: int
    version: int
    pairs: dict[str, list[str]]
    results: list[dict[str, Any]]  # as recorded, in the order of the hand log's positions
    rules: Any
    module: Any
    movement: Movement
    score: Callable[[], Any]  # the sheet, worked out when first asked for (`sheet`)

    @cached_property
    def sheet(self) -> Any:
        """The session scored (travellers, ranking): a table entering its board needs only the results' places,
        so thirty tablets do not all score the session again after every result."""
        return self.score()

    def names(self, pair: int) -> list[str]:
        return list(self.pairs.get(str(pair), []))

    @cached_property
    def _positions(self) -> dict[tuple[int, frozenset], int]:
        """(board, the two pairs) -> the position of their result (a session of 15 tables has ~900)."""
        return {(res["board"], frozenset((res["ns"], res["ew"]))): i for i, res in enumerate(self.results)}

    def result_at(self, board: int, seating: Seating) -> int | None:
        """The position of the result of `board` between the seating's two pairs (either direction), or None."""
        return self._positions.get((board, frozenset((seating.ns, seating.ew))))

    def boards_in(self, rnd: int, table: int) -> list[int]:
        seating = self.movement.at(rnd, table)
        if seating is None:
            return []
        return [b for b in seating.boards if self.result_at(b, seating) is not None]

    @property
    def phantom(self) -> int:
        """The phantom pair's number (0: none)."""
        return int(self.rules["phantom"] or 0)

    def facing_phantom(self, seating: Seating | None) -> bool:
        return seating is not None and bool(self.phantom) and self.phantom in (seating.ns, seating.ew)

    def round_at(self, table: int) -> int | None:
        """The round this table plays now: the first with a board still to enter, or a round against the phantom
        while another table still plays it (the pair facing the phantom waits: "pauza"); None when it has played
        all."""
        for rnd in range(1, len(self.movement.rounds) + 1):
            seating = self.movement.at(rnd, table)
            if seating is None:
                continue
            if self.facing_phantom(seating):
                if any(len(self.boards_in(rnd, s.table)) < len(s.boards) for s in self.movement.rounds[rnd - 1]):
                    return rnd
            elif len(self.boards_in(rnd, table)) < len(seating.boards):
                return rnd
        return None

    def progress(self) -> list[list[tuple[int, int, int]]]:
        """For each round, each playing table's (table, boards in, boards to play): counted once for this
        version of the session (the director's view and its title both ask after every save)."""
        return self._progress

    @cached_property
    def _progress(self) -> list[list[tuple[int, int, int]]]:
        return [[(s.table, len(self.boards_in(r, s.table)), len(s.boards)) for s in seats]
                for r, seats in enumerate(self.movement.rounds, start=1)]

    def results_in(self) -> tuple[int, int]:
        """How many results are in of how many the movement has."""
        total = sum(len(s.boards) for seats in self.movement.rounds for s in seats)
        done = sum(n for rnd in self.progress() for _, n, _ in rnd)
        return done, total

    def traveller(self, board: int) -> list[dict[str, Any]]:
        """The board's results so far as the sheet scored them (score, matchpoints or IMPs)."""
        return [e for e in self.sheet.extra["results"] if e["board"] == board]

    def next_seat(self, rnd: int, pair: int) -> tuple[int, str] | None:
        """Where a pair sits in the round after `rnd`: (table, "NS" or "EW"); None after the last or a sit-out."""
        if rnd >= len(self.movement.rounds):
            return None
        for s in self.movement.rounds[rnd]:
            if pair in (s.ns, s.ew):
                return s.table, "NS" if pair == s.ns else "EW"
        return None


def is_session(module_id: str, rules: Any) -> bool:
    return module_id == PAIRS_MODULE and rules.get("movement", "none") != "none"


def load(store: Store, game_id: int) -> Session:
    """The session as it stands; scored only when its sheet is asked for (or already scored at this version)."""
    with store.snapshot():  # the version and the hands of one state of the database
        version = store.game(game_id).version
        if store.knows(game_id, version):
            now = store.scored(game_id)
            version, rec, rules, module, score = now.version, now.record, now.rules, now.module, lambda: now.sheet
        else:
            rec, rules, module = store.record(game_id, replay(store.log(game_id)))
            score = functools.partial(_scored, store, game_id, version,
                                      functools.partial(module.score, rules, rec.players, rec.hands, rec.start))
    movement = movement_of(rules, rec.players)
    if movement is None:
        raise ZapisError([Problem("game", Bi(f"gra {game_id} nie jest turniejem par z ruchem",
                                             f"game {game_id} is not a pairs session with a movement"))])
    return Session(game_id, version, rec.players, list(rec.hands), rules, module, movement, score)


def _scored(store: Store, game_id: int, version: int, afresh: Callable[[], Any]) -> Any:
    """The session's sheet at `version`, scored through the store's memo of scored games, so that another screen
    of this app asking for the same version (the evening's list, the director's view) does not score it again;
    scored afresh from the results loaded when the game has moved on since."""
    now = store.scored(game_id)
    return now.sheet if now.version == version else afresh()


def session_of(store: Store, evening_id: int | None) -> int | None:
    """The evening's pairs session being played (its latest with a movement), or None."""
    if evening_id is None:
        return None
    for g in reversed(store.games(evening_id)):
        if g.module == PAIRS_MODULE:
            _, rules, _ = store.record(g.id)
            if is_session(PAIRS_MODULE, rules):
                return g.id
    return None


def evening_tables(store: Store, evening_id: int | None) -> int:
    """How many tables play the evening: its pairs session's movement's, else those its games are at."""
    if evening_id is None:
        return 0
    tables = {g.table for g in store.games(evening_id)}
    game_id = session_of(store, evening_id)
    if game_id is not None:
        record, rules, _ = store.record(game_id)
        movement = movement_of(rules, record.players)
        if movement is not None:
            return max(movement.tables, len(tables))
    return len(tables)


def new_session(store: Store, evening_id: int | None, pairs: Iterable[Iterable[str]], movement: str = "howell",
                method: str = "matchpoints", boards_per_round: int = 2, rounds: int = 0, arrow_switch: bool = False,
                even: str = "skip", title: str | None = None, table: int = 1, phantom: bool = False,
                factoring: str | None = None) -> int:
    """Make the session (all or nothing): pairs numbered from 1 in the order given; without an evening, a new one
    today in the same transaction. `phantom`: an odd number of pairs completed by a phantom pair (numbered last,
    never ranked); its results (board and pairs only: the rules give the real pair its adjusted score) are
    recorded with the session, as the movement seats it. `factoring`: "neuberg" or "none" (JFR Pary's)."""
    if method not in METHOD_RULESETS:
        raise ZapisError([Problem("method", Bi(f"{method}: nie matchpoints, cross-imps ani butler",
                                               f"{method} is not matchpoints, cross-imps or butler"))])
    layout = {str(i): [n.strip() for n in names] for i, names in enumerate(pairs, start=1)}
    over = {"movement": movement, "boards_per_round": boards_per_round, "rounds": rounds,
            "arrow_switch": arrow_switch, "mitchell_even": even}
    if factoring is not None:
        over["factoring"] = factoring
    if phantom:
        if len(layout) % 2 == 0:
            raise ZapisError([Problem("phantom", Bi(f"para-widmo uzupełnia nieparzystą liczbę par (jest {len(layout)})",
                                                    f"a phantom pair completes an odd number of pairs "
                                                    f"({len(layout)} given)"))])
        over["phantom"] = len(layout) + 1
        layout[str(len(layout) + 1)] = [t("phantom_name")] * 2
    rules = rulesets.load(METHOD_RULESETS[method], layers=[("rules", over)])
    module = _module(rules)
    problems = module.check_players(rules, layout) + name_problems(title or "", "title")
    if problems:
        raise ZapisError(problems)
    rec = records.GameRecord(ruleset=rules.id, players=layout, title=title)
    implied = []
    if phantom:  # the phantom's results, as the movement seats it
        moving = movement_of(rules, layout)
        implied = [{"board": b, "ns": st.ns, "ew": st.ew, "table": st.table, "round": r}
                   for r, seats in enumerate(moving.rounds, start=1) for st in seats
                   if over["phantom"] in (st.ns, st.ew) for b in st.boards]
    return store.new_game(evening_id, table, rec, rules, module, hands=implied,
                          evening=(None, "", "") if evening_id is None else None)


def _module(rules):
    from zapis.core.module import get_module
    return get_module(rules.module)


def result_hand(seating: Seating, board: int, rnd: int, values: dict[str, Any]) -> dict[str, Any]:
    """The result as recorded: where it was played (board, pairs, table, round), then what the tablet entered."""
    hand = {"board": board, "ns": seating.ns, "ew": seating.ew, "table": seating.table, "round": rnd}
    hand |= {k: v for k, v in values.items() if k in TABLE_FIELDS + ("adjusted", "not_played") and v not in (None, "")}
    return hand


def parse_pairs(text: str) -> tuple[list[list[str]], list[str]]:
    """One pair a line, two names by a comma (or a dash); blank lines skipped. The pairs, and one line per problem."""
    pairs, problems = [], []
    for line in (x.strip() for x in text.splitlines()):
        if not line:
            continue
        sep = "," if "," in line else ";" if ";" in line else " - " if " - " in line else "–"
        names = [n.strip() for n in line.split(sep)]
        if len(names) != 2 or not all(names):
            problems.append(t("ns_pair_line", n=len(pairs) + len(problems) + 1, text=line[:40]))
            continue
        pairs.append(names)
    return pairs, problems


def movement_words(s: Session) -> str:
    m = s.movement
    kind = "Howell" if m.kind == "howell" else "Mitchell"
    done, total = s.results_in()
    return t("pd_movement", kind=kind, tables=m.tables, rounds=len(m.rounds), boards=m.boards_per_round,
             done=done, total=total)
