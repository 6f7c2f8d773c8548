"""Declarative descriptions of values: ruleset parameters and the fields of one hand.

The same description validates a record read from a file, builds the entry form in the UI and
documents a ruleset (`zapis rulesets show`). A module describes; this file checks.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Mapping

from zapis.core.errors import Problem, fmt
from zapis.core.words import Bi

# kind          value                              extra attributes used
# int           an integer                         min, max, step (a multiple of it)
# number        an integer or a float              min, max
# bool          true / false
# str           any text                           choices (optional)
# choice        one of `choices` (strings)         choices
# player        a player name of the game
# players       a list of distinct player names    min, max (how many)
# player_map    {player: value}                    item (a Field describing each value)
# int_list      a list of integers                 min, max (each item)
# list          a list (checked by the module)
# table         an inline table (checked by the module, or by `item` for each value)
KINDS = ("int", "number", "bool", "str", "choice", "player", "players", "player_map",
         "int_list", "list", "table")


@dataclass(frozen=True)
class Field:
    name: str
    kind: str
    meaning: str = ""
    default: Any = None
    required: bool = False
    min: int | float | None = None
    max: int | float | None = None
    step: int | None = None
    choices: tuple = ()
    # choices a record may name but the entry form does not offer (the rules refuse them with a reason of their
    # own: skat's ramsz where these rules play none)
    not_offered: tuple = ()
    item: Field | None = None
    # UI hints: a label per language and the condition under which the field applies,
    # written as {other_field: (values...)}; the form hides a field whose condition fails.
    label: Mapping[str, str] = field(default_factory=dict)
    when: Mapping[str, tuple] = field(default_factory=dict)
    # A table with named parts (a sale: seller, buyer, tricks) describes them as `sub`; a table of
    # counts whose keys come from the ruleset (items taken) names them in `keys`.
    sub: tuple[Field, ...] = ()
    keys: tuple[str, ...] = ()
    form: bool = True  # shown in the entry form (an alternative way of writing a value may be hidden)
    # a player map whose values always add up to this (tysiąc card points 120, tricks in a deal): the form
    # fills in the last player's value. A function of the hand's other values when it depends on them (kierki:
    # 13 tricks, 4 queens, ... by the deal); None where nothing is fixed.
    total: int | Callable[[Mapping[str, Any]], int | None] | None = field(default=None, compare=False)
    # the range the hand's other values leave this number (skat: matadors 1-4 in a grand, 1-11 in a suit game),
    # (lo, hi) or None for min..max: the form refuses a key beyond it where it is typed (the module's check_hand
    # says the same at the save, and for a record)
    limits: Callable[[Mapping[str, Any]], tuple[int, int] | None] | None = field(default=None, compare=False)
    # --- hints for the entry pads (how a scorekeeper sets the value by taps; the record is unchanged) ---
    quick: tuple = ()  # usual values, one tap each (tysiąc contracts 100, 110, ...; skat bids 18, 20, ...)
    rare: bool = False  # usually left alone: drawn after the usual fields, skipped when the cursor moves on
    usual: Any = None  # preselected in a new hand (kop: an ordinary game; bridge: undoubled)
    player_choices: bool = False  # choice i belongs to player i (bridge seats: the pad shows "N Ala")
    # a value put together from one pick in each row (bridge contract: level, then strain), or one of `alone`
    parts: tuple[tuple[str, ...], ...] = ()
    alone: tuple[str, ...] = ()
    # the value the pad counts from, from the hand's other values (bridge: the tricks the contract needs),
    # so that it offers "-1 = +1" instead of absolute numbers
    base: Callable[[Mapping[str, Any]], int | None] | None = field(default=None, compare=False)
    # what a player typed, as the record writes it (bridge: 3BA -> 3NT, 4♠ -> 4S, pas -> pass)
    normalize: Callable[[str], str] | None = field(default=None, compare=False)
    # the other way: the record's value as players write it in a language (bridge: 3NT -> 3BA in Polish, 4S -> 4♠),
    # for what a person reads (the history); a value it does not know comes back as it is
    written: Callable[[Any, str], str] | None = field(default=None, compare=False)
    # another field's value written at the end of this one, as players write it (bridge: "4SX", "3NTXX",
    # "4 pik x" set the double): (that field's name, ((typed ending, its value), ...)), the longest ending first
    suffix: tuple = ()

    def split_suffix(self, text: str) -> tuple[str, Any]:
        """`text` without an ending `suffix` names, and that ending's value (None when it has none)."""
        if self.suffix:
            low = text.rstrip().lower()
            for ending, value in self.suffix[1]:
                if low.endswith(ending) and len(low) > len(ending):
                    return text.rstrip()[:-len(ending)].rstrip(), value
        return text, None

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"unknown field kind {self.kind!r}")

    def applies(self, values: Mapping[str, Any]) -> bool:
        return all(values.get(k) in v for k, v in self.when.items())

    def total_for(self, values: Mapping[str, Any]) -> int | None:
        """The fixed total of a player map for a hand with these values, or None."""
        return self.total(values) if callable(self.total) else self.total


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


MISSING = Bi("brak", "missing")

#: no score, count or number on any sheet comes near this; beyond it a value is a typo or an attack
SANE = 10 ** 12


def _range_problem(place: str, v: int | float, f: Field) -> list[Problem]:
    if v != v or v in (float("inf"), float("-inf")):
        return [Problem(place, Bi(f"{fmt(v)} nie jest liczbą skończoną", f"{fmt(v)} is not a finite number"))]
    if abs(v) > SANE:
        return [Problem(place, Bi(f"{fmt(v)} to za dużo", f"{fmt(v)} is too large"))]
    lo, hi = f.min, f.max
    if lo is not None and hi is not None and not lo <= v <= hi:
        return [Problem(place, Bi(f"{fmt(v)} nie mieści się w {lo}–{hi}", f"{fmt(v)} is not between {lo} and {hi}"))]
    if lo is not None and v < lo:
        return [Problem(place, Bi(f"{fmt(v)} to mniej niż {lo}", f"{fmt(v)} is less than {lo}"))]
    if hi is not None and v > hi:
        return [Problem(place, Bi(f"{fmt(v)} to więcej niż {hi}", f"{fmt(v)} is more than {hi}"))]
    if f.step and _is_int(v) and v % f.step:
        return [Problem(place, Bi(f"{fmt(v)} nie jest wielokrotnością {f.step}", f"{fmt(v)} is not a multiple of {f.step}"))]
    return []


def check_value(f: Field, v: Any, place: str, players: Iterable[str] = ()) -> list[Problem]:
    """Problems with value `v` for field `f` at `place`; empty when it is fine."""
    k = f.kind
    if k == "int":
        if not _is_int(v):
            return [Problem(place, Bi(f"{fmt(v)} nie jest liczbą całkowitą", f"{fmt(v)} is not a whole number"))]
        if f.choices and v not in f.choices:
            return [Problem(place, Bi(f"{fmt(v)}: możliwe są {', '.join(map(fmt, f.choices))}", f"{fmt(v)} is not one of {', '.join(map(fmt, f.choices))}"))]
        return _range_problem(place, v, f)
    if k == "number":
        if not (_is_int(v) or isinstance(v, float)):
            return [Problem(place, Bi(f"{fmt(v)} nie jest liczbą", f"{fmt(v)} is not a number"))]
        return _range_problem(place, v, f)
    if k == "bool":
        return [] if isinstance(v, bool) else [Problem(place, Bi(f"{fmt(v)}: tylko tak lub nie", f"{fmt(v)} is not true or false"))]
    if k in ("str", "choice"):
        if not isinstance(v, str):
            return [Problem(place, Bi(f"{fmt(v)} nie jest tekstem", f"{fmt(v)} is not text"))]
        if f.choices and v not in f.choices:
            return [Problem(place, Bi(f"{fmt(v)}: możliwe są {', '.join(map(fmt, f.choices))}", f"{fmt(v)} is not one of {', '.join(map(fmt, f.choices))}"))]
        return []
    players = list(players)
    if k == "player":
        if not isinstance(v, str):
            return [Problem(place, Bi(f"{fmt(v)} nie jest imieniem gracza", f"{fmt(v)} is not a player name"))]
        if v not in players:
            return [Problem(place, Bi(f"{fmt(v)} nie gra w tej grze", f"{fmt(v)} is not a player of this game"))]
        return []
    if k == "players":
        if not isinstance(v, list):
            return [Problem(place, Bi(f"{fmt(v)} nie jest listą graczy", f"{fmt(v)} is not a list of player names"))]
        out = [p for i, name in enumerate(v)
               for p in check_value(Field(f.name, "player"), name, f"{place}[{i}]", players)]
        if len(set(x for x in v if isinstance(x, str))) != len(v):
            out.append(Problem(place, Bi("gracz wymieniony dwa razy", "a player is named twice")))
        if f.min is not None and f.max is not None and not f.min <= len(v) <= f.max:
            want = f.min if f.min == f.max else f"{f.min} to {f.max}"
            out.append(Problem(place, Bi(f"{len(v)} graczy zamiast {want}", f"names {len(v)} players, not {want}")))
        return out
    if k == "player_map":
        if not isinstance(v, dict):
            return [Problem(place, Bi(f"{fmt(v)} nie jest tabelą graczy", f"{fmt(v)} is not a table of players"))]
        out = []
        for name, val in v.items():
            if name not in players:
                out.append(Problem(place, Bi(f"{fmt(name)} nie gra w tej grze", f"{fmt(name)} is not a player of this game")))
            elif f.item is not None:
                out += check_value(f.item, val, f"{place}.{name}", players)
        return out
    if k == "int_list":
        if not isinstance(v, list):
            return [Problem(place, Bi(f"{fmt(v)} nie jest listą liczb całkowitych", f"{fmt(v)} is not a list of whole numbers"))]
        return [p for i, x in enumerate(v)
                for p in check_value(Field(f.name, "int", min=f.min, max=f.max), x, f"{place}[{i}]")]
    if k == "list":
        return [] if isinstance(v, list) else [Problem(place, Bi(f"{fmt(v)} nie jest listą", f"{fmt(v)} is not a list"))]
    if k == "table":
        if not isinstance(v, dict):
            return [Problem(place, Bi(f"{fmt(v)} nie jest tabelą", f"{fmt(v)} is not a table"))]
        if f.sub:
            return check_table(f.sub, v, place, players)
        if f.item is None:
            return []
        return [p for key, val in v.items() for p in check_value(f.item, val, f"{place}.{key}", players)]
    raise AssertionError(k)


def check_table(fields: Iterable[Field], data: Mapping[str, Any], place: str = "",
                players: Iterable[str] = (), extra: Iterable[str] = ()) -> list[Problem]:
    """Check a table against field descriptions: unknown keys, missing required ones, each value."""
    by_name = {f.name: f for f in fields}
    allowed = set(by_name) | set(extra)
    players = list(players)

    def at(name: str) -> str:
        return f"{place}.{name}" if place else name

    out: list[Problem] = []
    for key in data:
        if key not in allowed:
            out.append(Problem(at(key), Bi("nieznane pole", "unknown field")))
    for name, f in by_name.items():
        if name in data:
            out += check_value(f, data[name], at(name), players)
        elif f.required and f.applies(data):
            out.append(Problem(at(name), MISSING))
    return out
