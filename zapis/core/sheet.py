"""The Sheet: everything a score sheet shows, as pure data computed from the hands.

A module folds the recorded hands into a Sheet. Screens, `zapis score`, exports and the
evening's standings read it; nothing in it is ever stored as the truth.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

Number = int | float


_NO_MARKS: frozenset[str] = frozenset()
_NEG = frozenset({"neg"})


@dataclass(slots=True)
class Cell:
    """One cell of the paper sheet. `marks` name how it is drawn: "neg" (red), "line" (a game
    line under it), "loop"/"bajt" (a red dash), "played" (a red plus), "made", "failed"..."""

    text: str = ""
    value: Number | None = None
    marks: frozenset[str] = _NO_MARKS

    @classmethod
    def num(cls, value: Number | None, *marks: str) -> Cell:
        if value is None:
            return cls("", None, frozenset(marks) if marks else _NO_MARKS)
        if not marks:
            return cls(str(value) if type(value) is int else fmt_number(value), value, _NEG if value < 0 else _NO_MARKS)
        return cls(fmt_number(value), value, frozenset(marks + (("neg",) if value < 0 else ())))


@dataclass(slots=True)
class Row:
    label: str
    cells: list[Cell]
    hand: int | None = None  # the index of the hand this row shows, for selecting and editing
    marks: frozenset[str] = frozenset()  # "line" (draw a line under the row), "total", "edited"
    note: str = ""  # how the value was computed, in words


@dataclass
class Section:
    title: str
    columns: list[str]
    rows: list[Row] = field(default_factory=list)
    label_header: str = ""
    #: headings over runs of columns, as a paper sheet heads its halves: (heading, how many columns), in order
    groups: list[tuple[str, int]] = field(default_factory=list)
    #: it sums up every section before it (a rubber's earlier rubbers, carried): a page short of room may show it
    #: in their place and still add up to the totals
    carried: bool = False


@dataclass
class Check:
    """A sum the paper sheet uses as a check (e.g. a row sums to 130)."""

    name: str
    ok: bool
    detail: str = ""


@dataclass
class HandResult:
    scores: dict[str, Number]
    totals: dict[str, Number]


@dataclass
class Sheet:
    module: str
    ruleset: str
    title: str
    players: list[str]
    hands: list[HandResult] = field(default_factory=list)
    totals: dict[str, Number] = field(default_factory=dict)
    finished: bool = False
    winner: str | list[str] | None = None
    next: dict[str, Any] | None = None
    sections: list[Section] = field(default_factory=list)
    checks: list[Check] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    extra: dict[str, Any] = field(default_factory=dict)  # module keys added to the JSON

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "ruleset": self.ruleset,
            "module": self.module,
            "players": list(self.players),
            "hands": [{"scores": _clean(h.scores), "totals": _clean(h.totals)} for h in self.hands],
            "totals": _clean(self.totals),
            "finished": self.finished,
            "winner": self.winner,
            "next": self.next,
        }
        for k, v in self.extra.items():
            out[k] = _clean(v)
        return out


def _clean(v: Any) -> Any:
    """Floats that are whole become ints; nested containers are cleaned too."""
    if isinstance(v, float):
        return int(v) if v.is_integer() else round(v, 4)
    if isinstance(v, dict):
        return {k: _clean(x) for k, x in v.items()}
    if isinstance(v, (list, tuple)):
        return [_clean(x) for x in v]
    return v


def fmt_number(v: Number) -> str:
    """Numbers as a sheet writes them: no thousands separators, at most two decimals."""
    if isinstance(v, float):
        if v.is_integer():
            return str(int(v))
        return f"{v:.2f}".rstrip("0").rstrip(".")
    return str(v)


def running(per_hand: list[dict[str, Number]], players: list[str],
            start: dict[str, Number] | None = None) -> list[HandResult]:
    """Per-hand scores with running totals, starting from `start` (totals carried in)."""
    tot = {p: (start or {}).get(p, 0) for p in players}
    out = []
    for scores in per_hand:
        full = {p: scores.get(p, 0) for p in players}
        for p, v in full.items():
            tot[p] += v
        out.append(HandResult(full, tot.copy()))
    return out


def leaders(players: list[str], totals: dict[str, Number]) -> str | list[str]:
    """Who has the highest total: a name, or a list when several share it."""
    best = max(totals[p] for p in players)
    tops = [p for p in players if totals[p] == best]
    return tops[0] if len(tops) == 1 else tops
