"""What the commands share: the store they open, dates, evenings and seasons as typed, --rules, plain lines."""

from __future__ import annotations

import argparse
import json
from typing import Any, Sequence

from zapis.core.errors import Problem, ZapisError
from zapis.core.words import Bi
from zapis.lang.text import plain, plain_text


def parse_overrides(items: Sequence[str]) -> dict[str, Any]:
    """`--rules KEY=VALUE`: VALUE is read as a TOML value (900, true, "x", [1, 2]); bare words are text."""
    from zapis.io import rulesets

    out: dict[str, Any] = {}
    problems = []
    for item in items:
        key, sep, value = item.partition("=")
        key = key.strip()
        if not sep or not key:
            problems.append(Problem(f"--rules {item}", Bi("oczekiwano KLUCZ=WARTOŚĆ", "expected KEY=VALUE")))
            continue
        try:
            out[key] = rulesets.toml_value(value, f"--rules.{key}")
        except ZapisError as e:  # nested too deeply
            problems += e.problems
    if problems:
        raise ZapisError(problems)
    return out


def open_store(args: argparse.Namespace):
    from zapis.store import Store

    return Store(args.db)


def cli_date(text: str, option: str) -> str:
    """A date typed on the command line (2026-11-20 or 20.11.2026) as ISO; anything else is one line naming the
    option."""
    from zapis.store.db import parse_date

    try:
        return parse_date(text)
    except ZapisError:
        typed = repr(plain(text)[:20])
        raise ZapisError([Problem(option, Bi(f"{typed} to nie data (2026-11-20 albo 20.11.2026)",
                                             f"{typed} is not a date (2026-11-20 or 20.11.2026)"))]) from None


def evening_or_last(store: Any, evening: int | None, place: str) -> int:
    """The evening asked for, else the last one (none yet: said at `place`)."""
    if evening is not None:
        return evening
    evs = store.evenings()
    if not evs:
        raise ZapisError([Problem(place, Bi("nie ma jeszcze żadnego wieczoru", "no evening yet"))])
    return evs[-1]["id"]


def evening_at(store: Any, evening: int, place: str) -> dict:
    """The evening asked for on the command line; none such is said at the option that asked for it."""
    try:
        return store.evening(evening)
    except ZapisError as e:
        raise ZapisError([Problem(place, p.message) for p in e.problems]) from None


def season_span(season: list[str]) -> tuple[str, str]:
    """--season FROM TO as two dates, FROM not after TO."""
    start, end = (cli_date(d, f"--season {which}") for d, which in zip(season, ("FROM", "TO")))  # the options' own words
    if start > end:
        raise ZapisError([Problem("--season", Bi(f"OD {start} jest po DO {end}", f"FROM {start} is after TO {end}"))])
    return start, end


def print_plain(text: str = "", style: str = "") -> None:
    """One line of data (names included) printed as it is: never read as markup."""
    from rich.console import Console

    Console().print(plain_text(text, style=style), highlight=False)


def _right(header: str):
    from rich.table import Column

    return Column(header, justify="right")


def _show(v: Any) -> str:
    s = json.dumps(v, ensure_ascii=False)
    return s if len(s) <= 60 else s[:57] + "..."
