"""The score over time: each player's running total after every hand, as pure data for a chart.

Read from a Sheet (`sheet.hands[i].totals`), never from the store. Point 0 is where the game started: the
totals carried in (a record's `start`), worked out as the first hand's totals less its scores, else 0.
Point i is the total after hand i. Where the sheet's totals differ from the last hand's (rubber bridge's
Law 80: an unfinished rubber's bonuses are counted in the totals, not in any hand), one more point, `final`,
ends each line at the total the sheet shows. A line is drawn for whatever keys the hands' totals have (the
players, in the sheet's order, then any other key a module keeps), and partners who share every total (a
bridge partnership, as the module's `partnerships` names them) are one line named after both, not two lines
on top of each other.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass

from zapis.core.sheet import Number, Sheet


@dataclass(frozen=True)
class Series:
    """One line: `keys` are the totals' keys (players) it stands for, `values[i]` the total after hand i
    (`values[0]` the start); None where that hand has no total for it."""

    keys: tuple[str, ...]
    values: tuple[Number | None, ...]

    @property
    def label(self) -> str:
        return " · ".join(self.keys)

    @property
    def last(self) -> Number | None:
        return next((v for v in reversed(self.values) if v is not None), None)


@dataclass(frozen=True)
class Progress:
    hands: int  # points 0..hands (and hands + 1, the sheet's totals, when `final`)
    series: tuple[Series, ...]
    carried: bool = False  # some total did not start at 0
    final: bool = False  # the last point is the sheet's totals, which the last hand's totals are not

    @property
    def points(self) -> int:
        return self.hands + 1 + self.final

    def bounds(self) -> tuple[Number, Number]:
        """The lowest and highest value of every line (0, 0 when there is none)."""
        values = [v for s in self.series for v in s.values if v is not None]
        return (min(values), max(values)) if values else (0, 0)


def _keys(sheet: Sheet) -> list[str]:
    """The keys the hands' totals have: the players first, in the sheet's order, then the others as met."""
    seen: dict[str, None] = {}
    for h in sheet.hands:
        for k in h.totals:
            seen.setdefault(k, None)
    if not sheet.hands:
        for k in sheet.totals:
            seen.setdefault(k, None)
    return [p for p in sheet.players if p in seen] + [k for k in seen if k not in sheet.players]


def _start(sheet: Sheet, key: str) -> Number | None:
    """The total a key had before the first hand it appears in: that hand's total less its score."""
    if not sheet.hands:
        return sheet.totals.get(key, 0)
    first = sheet.hands[0]
    if key not in first.totals:
        return None
    v = first.totals[key] - first.scores.get(key, 0)
    return int(v) if isinstance(v, float) and v.is_integer() else v


def progress(sheet: Sheet, sides: Sequence[Sequence[str]] | None = None) -> Progress:
    """The running totals of a sheet, one Series per line. `sides` are the game's fixed partnerships (the
    module's `partnerships`, None when everyone plays alone): partners whose totals are the same at every
    point share one line. Players who merely happen to have the same totals keep a line each."""
    keys = _keys(sheet)
    last = sheet.hands[-1].totals if sheet.hands else {}
    final = any(k in sheet.totals and sheet.totals[k] != last.get(k) for k in keys) if sheet.hands else False
    side_of = {name: i for i, side in enumerate(sides or []) for name in side}
    lines: list[tuple[list[str], tuple[Number | None, ...], int | None]] = []
    for key in keys:
        values = (_start(sheet, key), *(h.totals.get(key) for h in sheet.hands))
        if final:
            values += (sheet.totals.get(key),)
        side = side_of.get(key)
        same = next((line for line in lines if side is not None and line[2] == side and line[1] == values), None)
        if same is not None:
            same[0].append(key)
        else:
            lines.append(([key], values, side))
    series = tuple(Series(tuple(names), values) for names, values, _ in lines)
    carried = any(s.values[0] not in (None, 0) for s in series)
    return Progress(len(sheet.hands), series, carried, final)


#: the lines' colours, the same on the screen and in the export: told apart on a dark and a light background
PALETTE = ("#3d8fd6", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#17becf", "#e377c2", "#bcbd22", "#8c564b",
           "#7f7f7f")


def colour(i: int) -> str:
    return PALETTE[i % len(PALETTE)]


def _one_cell(c: str) -> bool:
    """A letter or digit that stays one character in capitals and takes one cell of a terminal (not ß, not
    a wide ideograph, not a combining mark)."""
    up = c.upper()
    return (len(up) == 1 and up.isalnum() and unicodedata.east_asian_width(up) not in ("W", "F")
            and not unicodedata.combining(up))


def markers(p: Progress) -> list[str]:
    """One letter per line, so a line is told without its colour (a black-and-white print, a colour-blind
    reader): a player's initial where no other line has it, else another letter of the name, else the
    first free letter or digit."""
    used: set[str] = set()
    out = []
    spare = "ABCDEFGHJKLMNPQRSTUVWXYZ123456789"
    for s in p.series:
        initials = [k[:1] for k in s.keys]
        letters = [c.upper() for c in "".join(initials) + "".join(s.keys) + spare if _one_cell(c)]
        pick = next((c for c in letters if c not in used), "?")
        used.add(pick)
        out.append(pick)
    return out


__all__ = ["PALETTE", "Progress", "Series", "colour", "markers", "progress"]
