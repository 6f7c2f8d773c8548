"""Duplicate bridge movements: who sits where, against whom, with which boards, round by round.

Pure: no screens, no store, no files. A `Movement` is a frozen table of `Seating`s; `mitchell`, `howell`, `make`
and `from_rules` build one (or raise a ZapisError naming the option that cannot be met).

Conventions
- Pairs are numbered 1..P, tables 1..ceil(P/2), rounds 1..R, board sets 1..S; set s holds the boards
  (s-1)*B+1 .. s*B for B boards per round.
- With an odd number of pairs, pair P+1 (= 2 x tables) is absent: its opponent sits out and that table is absent
  from the round.
- Mitchell: N-S pair i stays at table i; E-W pair N+i starts at table i and moves up one table a round (to table
  1 after table N); board set i starts at table i and moves down one table a round. Even N: "skip" (E-W skip a
  table after N/2 rounds; N-1 rounds) or "relay" (a bye stand between tables N/2 and N/2+1; tables 1 and N share
  a set; N rounds).
- Howell: the circle method. Pair 2N stays at table 1; with M = 2N-1, in round r pair r meets pair 2N and the
  pairs r+k and r-k (mod M, as 1..M) meet at table k+1, playing set r + a_k (a_0 = 0). The adders a_k are found by
  a small search so that every pair plays every set once and, from 4 tables on, no two tables share a set in a
  round (a Room square of side M); with 2 and 3 tables there is none, and the tables share.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Any, Mapping

from zapis.core.errors import Problem, ZapisError
from zapis.core.words import Bi

KINDS = ("mitchell", "howell")
EVENS = ("skip", "relay")
#: the tables a movement is made for (a Howell's Room square is searched for; a Mitchell is a formula)
TABLES = {"mitchell": (2, 30), "howell": (2, 20)}
MOST_BOARDS_PER_ROUND = 8


@dataclass(frozen=True)
class Seating:
    """One table in one round."""

    table: int  # 1-based
    ns: int  # pair numbers, 1-based
    ew: int
    boards: tuple[int, ...]  # the board numbers played there this round

    def to_json(self) -> dict[str, Any]:
        return {"table": self.table, "ns": self.ns, "ew": self.ew, "boards": list(self.boards)}


@dataclass(frozen=True)
class Movement:
    kind: str  # "mitchell" | "howell"
    tables: int
    pairs: int  # odd: one pair sits out each round
    boards_per_round: int
    rounds: tuple[tuple[Seating, ...], ...]  # rounds[r-1]: the tables playing in round r, by table number

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "tables": self.tables, "pairs": self.pairs,
                "rounds": [{"round": r, "tables": [s.to_json() for s in seats]}
                           for r, seats in enumerate(self.rounds, start=1)]}

    @cached_property
    def _plays(self) -> dict[int, int]:
        out: dict[int, int] = {}
        for seats in self.rounds:
            for s in seats:
                for b in s.boards:
                    out[b] = out.get(b, 0) + 1
        return out

    @cached_property
    def _meetings(self) -> dict[tuple[int, int, int], tuple[int, Seating]]:
        out: dict[tuple[int, int, int], tuple[int, Seating]] = {}
        for r, seats in enumerate(self.rounds, start=1):
            for s in seats:
                for b in s.boards:
                    out[(b, s.ns, s.ew)] = out[(b, s.ew, s.ns)] = (r, s)
        return out

    def boards(self) -> list[int]:
        """Every board number the movement plays, sorted."""
        return sorted(self._plays)

    def at(self, round: int, table: int) -> Seating | None:
        """Who plays what at `table` in `round` (None: no such round or table, or the table sits out)."""
        if not 1 <= round <= len(self.rounds):
            return None
        for s in self.rounds[round - 1]:
            if s.table == table:
                return s
        return None

    def plays(self, board: int) -> int:
        """How many times `board` is played in the movement (0 if never)."""
        return self._plays.get(board, 0)

    def find(self, board: int, a: int, b: int) -> tuple[int, Seating] | None:
        """(round, seating) where pairs `a` and `b` play `board` against each other, in either direction."""
        return self._meetings.get((board, a, b))

    def sitting_out(self, round: int) -> list[int]:
        """The pairs at no table in `round` (empty for a round the movement does not have)."""
        if not 1 <= round <= len(self.rounds):
            return []
        seated = {p for s in self.rounds[round - 1] for p in (s.ns, s.ew)}
        return [p for p in range(1, self.pairs + 1) if p not in seated]


# --- checks -------------------------------------------------------------------------------------------------

def _name(kind: str) -> str:
    return "Mitchell" if kind == "mitchell" else "Howell"


def _basic_problems(kind: str, pairs: Any, rounds: Any, boards_per_round: Any) -> list[Problem]:
    out: list[Problem] = []
    lo, hi = TABLES[kind]
    if not isinstance(pairs, int) or isinstance(pairs, bool) or not 2 * lo - 1 <= pairs <= 2 * hi:
        out.append(Problem("pairs", Bi(
            f"{pairs}: {_name(kind)} jest dla {2 * lo - 1} do {2 * hi} par ({lo} do {hi} stołów)",
            f"{pairs}: a {_name(kind)} is for {2 * lo - 1} to {2 * hi} pairs ({lo} to {hi} tables)")))
    if not isinstance(rounds, int) or isinstance(rounds, bool) or rounds < 0:
        out.append(Problem("rounds", Bi(f"{rounds}: liczba rund to 0 (cały ruch) albo więcej",
                                        f"{rounds}: the rounds are 0 (the whole movement) or more")))
    if (not isinstance(boards_per_round, int) or isinstance(boards_per_round, bool)
            or not 1 <= boards_per_round <= MOST_BOARDS_PER_ROUND):
        out.append(Problem("boards_per_round", Bi(
            f"{boards_per_round}: rozdań w rundzie od 1 do {MOST_BOARDS_PER_ROUND}",
            f"{boards_per_round}: the boards per round are 1 to {MOST_BOARDS_PER_ROUND}")))
    return out


def _too_many_rounds(rounds: int, full: int, kind: str) -> Problem:
    return Problem("rounds", Bi(f"{rounds}: więcej rund, niż ma ten {_name(kind)} ({full})",
                                f"{rounds}: more rounds than this {_name(kind)} has ({full})"))


def _sets(s: int, b: int) -> tuple[int, ...]:
    return tuple(range((s - 1) * b + 1, s * b + 1))


def _equal_plays(rounds: list[list[tuple[int, int, int, int]]]) -> bool:
    count: dict[int, int] = {}
    for seats in rounds:
        for _t, _ns, _ew, s in seats:
            count[s] = count.get(s, 0) + 1
    return len(set(count.values())) <= 1


def _build(kind: str, n: int, pairs: int, b: int,
           rounds: list[list[tuple[int, int, int, int]]]) -> Movement:
    """A Movement from rounds of (table, ns, ew, set), dropping the tables where the absent pair would sit."""
    absent = 2 * n if pairs % 2 else 0
    return Movement(kind, n, pairs, b, tuple(
        tuple(Seating(t, ns, ew, _sets(s, b)) for t, ns, ew, s in sorted(seats) if absent not in (ns, ew))
        for seats in rounds))


# --- Mitchell -----------------------------------------------------------------------------------------------

def _mitchell_round(n: int, r: int, even: str) -> list[tuple[int, int, int, int]]:
    """Round r of the whole Mitchell for n tables: (table, ns, ew, set) for every table."""
    out = []
    for i in range(1, n + 1):
        j = i - (r - 1)  # the E-W pair here started at table j
        if n % 2 == 0 and even == "skip" and r > n // 2:
            j -= 1
        if n % 2 == 0 and even == "relay":
            # board positions in the order the sets come from: tables 1 and N share position 0, the bye stand
            # (between tables N/2 and N/2+1) is position N/2
            pos = 0 if i in (1, n) else (i - 1 if i <= n // 2 else i)
        else:
            pos = i - 1
        out.append((i, i, n + (j - 1) % n + 1, (pos + r - 1) % n + 1))
    return out


def _mitchell_full_rounds(n: int, even: str) -> int:
    return n - 1 if n % 2 == 0 and even == "skip" else n


@lru_cache(maxsize=256)
def _mitchell(pairs: int, rounds: int, b: int, arrow_switch: bool, even: str) -> Movement:
    problems = _basic_problems("mitchell", pairs, rounds, b)
    if even not in EVENS:
        problems.append(Problem("mitchell_even", Bi(f'{even}: "skip" albo "relay"', f'{even}: "skip" or "relay"')))
    if problems:
        raise ZapisError(problems)
    n = (pairs + 1) // 2
    full = _mitchell_full_rounds(n, even)
    if rounds > full:
        raise ZapisError([_too_many_rounds(rounds, full, "mitchell")])
    played = [_mitchell_round(n, r, even) for r in range(1, (rounds or full) + 1)]
    if pairs % 2:
        seated = [[x for x in seats if x[2] != 2 * n] for seats in played]
        if not _equal_plays(seated):
            if rounds and rounds < full:
                raise ZapisError([Problem("rounds", Bi(
                    f"{rounds}: przy parze pauzującej rozdania nie byłyby grane równo często (zagraj cały ruch)",
                    f"{rounds}: with a pair sitting out the boards would not be played equally often "
                    f"(play the whole movement)"))])
            raise ZapisError([Problem("mitchell_even", Bi(
                f'skip: przy {n} stołach i parze pauzującej rozdania nie byłyby grane równo często (wybierz "relay")',
                f'skip: with {n} tables and a pair sitting out the boards would not be played equally often '
                f'(choose "relay")'))])
    elif not _equal_plays(played):
        raise ZapisError([Problem("rounds", Bi(
            f"{rounds}: w ruchu z przekazywaniem rozdań (relay) bez wszystkich rund rozdania nie byłyby grane "
            f"równo często",
            f"{rounds}: in a relay Mitchell cut short the boards would not be played equally often"))])
    if arrow_switch:
        played[-1] = [(t, ew, ns, s) for t, ns, ew, s in played[-1]]
    return _build("mitchell", n, pairs, b, played)


def mitchell(pairs: int, rounds: int = 0, boards_per_round: int = 2, arrow_switch: bool = False,
             even: str = "skip") -> Movement:
    """A Mitchell for `pairs` pairs (see the module's conventions); `rounds` > 0 plays only the first ones."""
    return _mitchell(pairs, rounds, boards_per_round, bool(arrow_switch), even)


# --- Howell -------------------------------------------------------------------------------------------------

def _starters(m: int):
    """Starters of Z_m (pairs {x, y} covering 1..m-1 whose differences ±(x-y) cover 1..m-1 once), the patterned
    one {k, -k} first, then the others in a fixed order."""
    patterned = tuple((k, m - k) for k in range(1, (m + 1) // 2))
    yield patterned
    seen = {patterned}

    def extend(free: list[int], diffs: set[int], acc: list[tuple[int, int]]):
        if not free:
            yield tuple(acc)
            return
        x = free[0]
        for y in free[1:]:
            d1, d2 = (x - y) % m, (y - x) % m
            if d1 in diffs or d2 in diffs:
                continue
            rest = [z for z in free if z not in (x, y)]
            yield from extend(rest, diffs | {d1, d2}, acc + [(x, y)])

    for s in extend(list(range(1, m)), set(), []):
        if s not in seen:
            yield s


def _adder(m: int, starter: tuple[tuple[int, int], ...], share: bool, limit: int = 200_000) -> list[int] | None:
    """Adders a_k for the starter's pairs: {a_k - x_k, a_k - y_k} with 0 cover Z_m; a_k distinct and nonzero
    unless `share`. None if there are none (or the search gives up)."""
    used_vals = {0}
    used_adds: set[int] = set() if share else {0}
    out: list[int] = [0] * len(starter)
    nodes = 0
    # the pairs with the largest differences first: their two values are the hardest to place
    order = sorted(range(len(starter)), key=lambda i: -min((starter[i][0] - starter[i][1]) % m,
                                                           (starter[i][1] - starter[i][0]) % m))

    def go(i: int) -> bool:
        nonlocal nodes
        if i == len(order):
            return True
        nodes += 1
        if nodes > limit:
            return False
        x, y = starter[order[i]]
        for a in range(m):
            if a in used_adds:
                continue
            u, v = (a - x) % m, (a - y) % m
            if u in used_vals or v in used_vals:
                continue
            used_vals.update((u, v))
            if not share:
                used_adds.add(a)
            out[order[i]] = a
            if go(i + 1):
                return True
            used_vals.difference_update((u, v))
            used_adds.discard(a)
        return False

    return out if go(0) else None


@lru_cache(maxsize=64)
def _howell_design(n: int) -> tuple[tuple[tuple[int, int], ...], tuple[int, ...], bool]:
    """(starter, adders, patterned) for n tables: the first starter with an adder, else the patterned one with
    shared sets (2 and 3 tables)."""
    m = 2 * n - 1
    for share in (False, True):
        for count, starter in enumerate(_starters(m)):
            if count >= 50:  # no need in practice: the patterned starter has an adder from 4 tables on
                break
            adder = _adder(m, starter, share)
            if adder is not None:
                return starter, tuple(adder), count == 0
            if share:
                break
    raise AssertionError(f"no Howell design for {n} tables")  # pragma: no cover


def _pair(p: int, m: int) -> int:
    return (p - 1) % m + 1


def _howell_round(n: int, r: int) -> list[tuple[int, int, int, int]]:
    """Round r of the whole Howell for n tables: (table, ns, ew, set) for every table."""
    m = 2 * n - 1
    starter, adder, patterned = _howell_design(n)
    # the stationary pair 2N alternates N-S (odd rounds) and E-W; a moving pair at "distance" t = r - p (mod m)
    # from its round against 2N sits N-S when t is odd: the two pairs at a table have distances t and m - t, one
    # odd and one even, and each pair alternates from round to round but once
    seats = [(1, 2 * n, r, r) if r % 2 else (1, r, 2 * n, r)]
    for k, ((x, y), a) in enumerate(zip(starter, adder), start=2):
        p, q = _pair(r + x, m), _pair(r + y, m)
        if patterned and (r - p) % m % 2 == 0:
            p, q = q, p
        seats.append((k, p, q, _pair(r + a, m)))
    return seats


def _balance(rounds: list[list[tuple[int, int, int, int]]], absent: int = 0) -> list[list[tuple[int, int, int, int]]]:
    """N-S and E-W by a greedy rule (for a design other than the patterned one): a pair that sat N-S last goes
    E-W, else the pair that has sat N-S less often. A table of the `absent` pair (an odd number of pairs) is not
    played: it counts for neither pair."""
    last: dict[int, str] = {}
    ns_count: dict[int, int] = {}
    out = []
    for seats in rounds:
        new = []
        for t, p, q, s in seats:
            if absent in (p, q):
                new.append((t, p, q, s))
                continue
            if t != 1:
                cost = (int(last.get(p) == "ns") + int(last.get(q) == "ew"), ns_count.get(p, 0) - ns_count.get(q, 0))
                swapped = (int(last.get(q) == "ns") + int(last.get(p) == "ew"), ns_count.get(q, 0) - ns_count.get(p, 0))
                if swapped < cost:
                    p, q = q, p
            last[p], last[q] = "ns", "ew"
            ns_count[p] = ns_count.get(p, 0) + 1
            new.append((t, p, q, s))
        out.append(new)
    return _even_out(out, absent)


def _even_out(rounds: list[list[tuple[int, int, int, int]]], absent: int) -> list[list[tuple[int, int, int, int]]]:
    """Turn tables round (not table 1's) while that brings some pair's N-S and E-W counts closer: the greedy
    rule leaves a pair 5 N-S and 3 E-W when a pair sits out (9 pairs on 5 tables)."""
    rounds = [list(seats) for seats in rounds]
    gap: dict[int, int] = {}
    for seats in rounds:
        for t, p, q, _s in seats:
            if absent not in (p, q):
                gap[p], gap[q] = gap.get(p, 0) + 1, gap.get(q, 0) - 1
    changed = True
    while changed:
        changed = False
        for seats in rounds:
            for i, (t, p, q, s) in enumerate(seats):
                if t == 1 or absent in (p, q):
                    continue
                before = gap[p] ** 2 + gap[q] ** 2
                if (gap[p] - 2) ** 2 + (gap[q] + 2) ** 2 < before:
                    gap[p], gap[q] = gap[p] - 2, gap[q] + 2
                    seats[i] = (t, q, p, s)
                    changed = True
    return rounds


def _cut_adders(n: int, pairs: int, big_r: int, limit: int = 300) -> tuple[int, ...]:
    """For a Howell cut to R rounds: set offsets c_k (c_0 = 0) so that table k plays set r + c_k (mod R) in round
    r. Each table then plays each of the R sets once, so every set is played equally often (the absent table 1,
    with an odd number of pairs, misses each set once); the search makes every pair play every set at most once,
    with as few tables as it can sharing a set in a round. The offsets all 0 (every table plays the round's set)
    always do."""
    m = 2 * n - 1
    starter, _adder, _patterned = _howell_design(n)
    odd = pairs % 2 == 1
    least = -(-n // big_r)
    for cap in range(least, min(least + 2, n) + 1):  # a few tries, then the shared sets
        used: dict[int, set[int]] = {p: set() for p in range(1, 2 * n + 1)}
        for r in range(1, big_r + 1):  # table 1: pair r (unless it sits out) and pair 2N play set r
            if not odd:
                used[r].add(r % big_r)
                used[2 * n].add(r % big_r)
        offsets = [0]
        taken = [0] * big_r
        taken[0] = 1
        nodes = 0

        def go(k: int) -> bool:
            nonlocal nodes
            if k == n:
                return True
            nodes += 1
            if nodes > limit:
                return False
            x, y = starter[k - 1]
            for c in range(big_r):
                if taken[c] >= cap:
                    continue
                marks = []
                for r in range(1, big_r + 1):
                    s = (r + c) % big_r
                    p, q = _pair(r + x, m), _pair(r + y, m)
                    if s in used[p] or s in used[q]:
                        break
                    used[p].add(s)
                    used[q].add(s)
                    marks.append((p, q, s))
                else:
                    taken[c] += 1
                    offsets.append(c)
                    if go(k + 1):
                        return True
                    offsets.pop()
                    taken[c] -= 1
                for p, q, s in marks:
                    used[p].discard(s)
                    used[q].discard(s)
            return False

        if go(1):
            return tuple(offsets)
    return (0,) * n


#: 3 tables have no Room square: no cyclic plan keeps the tables on different sets (each pair must still play
#: every set once), and the circle method's own puts all three on one set every round. The plan clubs play
#: (found by a search over every assignment: one round shared by all three tables is the fewest there can be, as
#: in the published 3-table Howell): the circle's rounds in this order, each table's set by round.
SMALL_HOWELL = {3: ((2, 3, 4, 5, 1), ((1, 2, 3), (3, 2, 4), (4, 1, 3), (2, 1, 4), (5, 5, 5)))}


@lru_cache(maxsize=256)
def _howell(pairs: int, rounds: int, b: int) -> Movement:
    problems = _basic_problems("howell", pairs, rounds, b)
    if problems:
        raise ZapisError(problems)
    n = (pairs + 1) // 2
    full = 2 * n - 1
    if rounds > full:
        raise ZapisError([_too_many_rounds(rounds, full, "howell")])
    if n in SMALL_HOWELL:  # the published board plan: one set shared by the tables in the last round only
        order, sets = SMALL_HOWELL[n]
        played = [[(t, p, q, sets[i][t - 1]) for t, p, q, _s in _howell_round(n, r)] for i, r in enumerate(order)]
        played = _balance(played, 2 * n if pairs % 2 else 0)
    else:
        played = [_howell_round(n, r) for r in range(1, full + 1)]
    if n not in SMALL_HOWELL and not _howell_design(n)[2]:
        played = _balance(played, 2 * n if pairs % 2 else 0)
    played = played[:rounds or full]
    if rounds and rounds < full and not _equal_plays(
            [[x for x in seats if 2 * n not in (x[1], x[2]) or pairs % 2 == 0] for seats in played[:rounds]]):
        offsets = _cut_adders(n, pairs, rounds)
        played = [[(t, p, q, (r - 1 + offsets[t - 1]) % rounds + 1) for t, p, q, _s in seats]
                  for r, seats in enumerate(played[:rounds], start=1)]
    return _build("howell", n, pairs, b, played)


def howell(pairs: int, rounds: int = 0, boards_per_round: int = 2) -> Movement:
    """A Howell for `pairs` pairs (see the module's conventions); `rounds` > 0 plays only the first ones."""
    return _howell(pairs, rounds, boards_per_round)


# --- by name ------------------------------------------------------------------------------------------------

def make(kind: str, pairs: int, rounds: int = 0, boards_per_round: int = 2, arrow_switch: bool = False,
         even: str = "skip") -> Movement:
    if kind == "mitchell":
        return mitchell(pairs, rounds, boards_per_round, arrow_switch, even)
    if kind == "howell":
        return howell(pairs, rounds, boards_per_round)
    raise ZapisError([Problem("movement", Bi(f'{kind}: ruch to "mitchell" albo "howell"',
                                             f'{kind}: the movement is "mitchell" or "howell"'))])


@lru_cache(maxsize=256)
def _from_values(kind: str, pairs: int, rounds: int, b: int, arrow_switch: bool, even: str) -> Movement | None:
    if kind == "none":
        return None
    return make(kind, pairs, rounds, b, arrow_switch, even)


def from_rules(rules: Mapping[str, Any], pairs: int) -> Movement | None:
    """The movement a ruleset names for `pairs` pairs; None for "none" (results as recorded)."""
    return _from_values(rules.get("movement", "none"), pairs, rules.get("rounds", 0),
                        rules.get("boards_per_round", 2), bool(rules.get("arrow_switch", False)),
                        rules.get("mitchell_even", "skip"))


# --- the movement's notes -----------------------------------------------------------------------------------
def notes(m: Movement) -> list[Bi]:
    """What the director needs to know besides the rounds: how many copies of a board set are in play at once
    (or whether the tables can relay it), where a relay stands or E-W skip, who sits out, each pair's N-S/E-W
    balance."""
    out: list[Bi] = []
    shared = []  # (round, boards, tables) where one set is in play at several tables at once
    for r, seats in enumerate(m.rounds, start=1):
        by_set: dict[tuple[int, ...], list[int]] = {}
        for st in seats:
            by_set.setdefault(st.boards, []).append(st.table)
        shared += [(r, b, ts) for b, ts in by_set.items() if len(ts) > 1]
    if not shared:
        out.append(Bi("Każdy komplet rozdań jest w grze przy jednym stole naraz: wystarczy jeden egzemplarz.",
                      "Each board set is in play at one table at a time: one copy of each board is enough."))
    else:
        copies = max(len(ts) for _r, _b, ts in shared)
        where = "; ".join(f"{r}: {_span(b)} ({', '.join(map(str, ts))})" for r, b, ts in shared)
        relay = m.boards_per_round >= copies
        out.append(Bi(f"Rozdania wspólne kilku stołów w rundzie (runda: rozdania (stoły)): {where}. "
                      + (f"Stoły przekazują je sobie w trakcie rundy (każdy zaczyna od innego rozdania) albo "
                         f"potrzeba {copies} egzemplarzy." if relay else
                         f"Potrzeba {copies} egzemplarzy tych rozdań (w rundzie jest ich za mało, by je przekazywać)."),
                      f"Boards shared by several tables in a round (round: boards (tables)): {where}. "
                      + (f"The tables pass them on during the round (each starting with a different board), or "
                         f"{copies} copies are needed." if relay else
                         f"{copies} copies of these boards are needed (too few boards a round to pass them on).")))
    if m.kind == "mitchell" and m.tables % 2 == 0:
        relay_stand = any(len({st.boards for st in seats}) < len(seats) for seats in m.rounds)
        if relay_stand:
            half = m.tables // 2
            out.append(Bi(f"Relay: stolik pauzy z rozdaniami między stołami {half} i {half + 1}; stoły 1 i "
                          f"{m.tables} dzielą rozdania.",
                          f"Relay: a bye stand with boards between tables {half} and {half + 1}; tables 1 and "
                          f"{m.tables} share their boards."))
        elif len(m.rounds) > m.tables // 2:
            out.append(Bi(f"Skip: po rundzie {m.tables // 2} pary E-W przechodzą o dwa stoły.",
                          f"Skip: after round {m.tables // 2} the E-W pairs move up two tables."))
    if m.pairs % 2:
        out.append(Bi(f"Par jest {m.pairs}: w każdej rundzie jedna pauzuje (para, która grałaby z parą {m.pairs + 1}).",
                      f"{m.pairs} pairs: one sits out each round (the pair that would meet pair {m.pairs + 1})."))
    ns: dict[int, int] = {}
    ew: dict[int, int] = {}
    for seats in m.rounds:
        for st in seats:
            ns[st.ns] = ns.get(st.ns, 0) + 1
            ew[st.ew] = ew.get(st.ew, 0) + 1
    if m.kind == "howell":
        gap = max(abs(ns.get(p, 0) - ew.get(p, 0)) for p in range(1, m.pairs + 1))
        out.append(Bi("Każda para siedzi N-S i E-W po równo." if not gap else
                      f"Każda para siedzi N-S i E-W niemal po równo (różnica najwyżej {gap}).",
                      "Each pair sits N-S and E-W equally often." if not gap else
                      f"Each pair sits N-S and E-W about equally often (a difference of at most {gap})."))
    return out


def _span(boards: tuple[int, ...]) -> str:
    return f"{boards[0]}-{boards[-1]}" if len(boards) > 1 else str(boards[0])
