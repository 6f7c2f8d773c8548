"""What a user types for an evening or a game, checked before it is stored: a table's number, a stake, a date
(ISO, or as Polish users write it)."""

from __future__ import annotations

from datetime import date as Date
from typing import Any

from zapis.core.errors import Problem, ZapisError
from zapis.core.words import Bi


MAX_TABLE = 999
MAX_STAKE = 1_000_000


def check_table_number(table: Any, place: str = "table") -> list[Problem]:
    if not isinstance(table, int) or isinstance(table, bool) or not 1 <= table <= MAX_TABLE:
        return [Problem(place, Bi(f"{str(table)[:20]} to nie numer stołu (od 1 do {MAX_TABLE})",
                                  f"{str(table)[:20]} is not a table number (1 to {MAX_TABLE})"))]
    return []


def check_stake(stake: Any, place: str = "stake") -> list[Problem]:
    import math
    if not isinstance(stake, (int, float)) or isinstance(stake, bool) or not math.isfinite(stake) \
            or not 0 <= stake <= MAX_STAKE:
        return [Problem(place, Bi(f"{str(stake)[:20]} to nie stawka (liczba od 0 do {MAX_STAKE:,})".replace(",", " "),
                                  f"{str(stake)[:20]} is not a stake (a number from 0 to {MAX_STAKE:,})".replace(",", " ")))]
    return []


def parse_date(date: str | None) -> str:
    """An evening's date as ISO (2026-11-20); 20.11.2026, as Polish users write it, is accepted too."""
    import re
    date = (date or Date.today().isoformat()).strip()
    m = re.fullmatch(r"(\d{1,2})\.(\d{1,2})\.(\d{4})", date)
    if m:
        date = f"{m[3]}-{int(m[2]):02d}-{int(m[1]):02d}"
    if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", date):
        raise ZapisError([Problem("date", _not_a_date(date[:20]))])
    try:
        return Date.fromisoformat(date).isoformat()
    except ValueError:
        raise ZapisError([Problem("date", _not_a_date(date))]) from None


def _not_a_date(typed: str) -> Bi:
    return Bi(f"{typed!r} to nie data (2026-11-20 albo 20.11.2026)",
              f"{typed!r} is not a date (2026-11-20 or 20.11.2026)")
