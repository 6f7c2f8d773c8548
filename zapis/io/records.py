"""Game records: one TOML file per game, as ../shared/spec/records.md defines them.

A record holds what was played (rules, seats, hands), never what was computed.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping

import tomli_w

from zapis.io import rulesets
from zapis.core.errors import Problem, ZapisError, fmt
from zapis.core.words import Bi
from zapis.core.fields import Field, check_value
from zapis.core.module import Rules, ScoringModule, get_module
from zapis.core.names import MAX_NAME as MAX_NAME, name_problems  # MAX_NAME: records.MAX_NAME, as before
from zapis.core.sheet import Sheet

FORMAT = "zapis/1"
_MISSING = Bi("brak", "missing")
_UNKNOWN_KEY = Bi("nieznany klucz", "unknown key")


@dataclass
class GameRecord:
    ruleset: str
    players: Any  # a list of names; a bridge pairs session has a table of pairs instead
    hands: list[dict[str, Any]] = field(default_factory=list)
    rules: dict[str, Any] = field(default_factory=dict)
    start: dict[str, Any] = field(default_factory=dict)
    title: str | None = None
    date: dt.date | None = None

    def to_toml_dict(self, module: ScoringModule | None = None) -> dict[str, Any]:
        pkey = module.players_key if module else "players"
        hkey = module.hands_key if module else "hands"
        out: dict[str, Any] = {"format": FORMAT, "ruleset": self.ruleset}
        if self.title is not None:
            out["title"] = self.title
        if self.date is not None:
            out["date"] = self.date
        out[pkey] = self.players
        rules = dict(self.rules)
        for key in record_keys(module):  # a parameter the record writes at its top level (a tura's partners)
            if key in rules:
                out[key] = rules.pop(key)
        if rules:
            out["rules"] = rules
        if self.start:
            out["start"] = dict(self.start)
        out[hkey] = [dict(h) for h in self.hands]
        return out


def record_keys(module: ScoringModule | None) -> tuple[str, ...]:
    """Top-level record keys that are parameters of the game's rules (a module's `record_keys`, e.g. a bridge
    tura's `partners`): parse() reads them into the record's rules, as if given in [rules], so that they are
    frozen with the rules in the store; to_toml_dict() writes them back at the top level."""
    return tuple(getattr(module, "record_keys", ())) if module is not None else ()


def _players_problems(value: Any) -> list[Problem]:
    if not isinstance(value, list) or not value:
        return [Problem("players", Bi(f"{fmt(value)}: tu trzeba podać graczy",
                                      f"{fmt(value)} is not a list of player names"))]
    out = []
    for i, name in enumerate(value):
        if not isinstance(name, str) or not name.strip():
            out.append(Problem(f"players[{i}]", Bi(f"{fmt(name)} to nie nazwisko gracza",
                                                   f"{fmt(name)} is not a player name")))
        elif name != name.strip():  # "Ala" and " Ala" would be one player in the store, two in the file
            out.append(Problem(f"players[{i}]", Bi(f"{fmt(name)} zaczyna się albo kończy spacją",
                                                   f"{fmt(name)} begins or ends with a space")))
        else:  # at most MAX_NAME characters, no control characters: as every name that enters
            out += name_problems(name, f"players[{i}]")
    names = [n for n in value if isinstance(n, str)]
    for n in sorted({n for n in names if names.count(n) > 1}):
        out.append(Problem("players", Bi(f"{fmt(n)} siedzi dwa razy", f"{fmt(n)} sits twice")))
    return out


def parse(data: Mapping[str, Any], source: str | None = None, base: Path | None = None,
          overrides: Mapping[str, Any] | None = None) -> tuple[GameRecord, Rules, ScoringModule]:
    """Check a record's top level, resolve its ruleset; the hands are checked by `score`."""
    problems: list[Problem] = []
    if "format" not in data:
        problems.append(Problem("format", Bi(f'brak (wpisz format = "{FORMAT}")',
                                            f'missing (write format = "{FORMAT}")')))
    elif data["format"] != FORMAT:
        problems.append(Problem("format", Bi(f"{fmt(data['format'])} to nie {fmt(FORMAT)}",
                                            f"{fmt(data['format'])} is not {fmt(FORMAT)}")))
    ref = data.get("ruleset")
    if ref is None:
        problems.append(Problem("ruleset", _MISSING))
    elif not isinstance(ref, str):
        problems.append(Problem("ruleset", Bi(f"{fmt(ref)} to nie tekst", f"{fmt(ref)} is not text")))
        ref = None
    if problems or ref is None:
        raise ZapisError(problems, source)
    rules_over = data.get("rules", {})
    if not isinstance(rules_over, dict):
        raise ZapisError([Problem("rules", Bi(f"{fmt(rules_over)} nie jest tabelą",
                                              f"{fmt(rules_over)} is not a table"))], source)
    layers = [("rules", rules_over)] + ([("--rules", dict(overrides))] if overrides else [])
    rules = _load_rules(ref, base, layers, source, ())
    module = get_module(rules.module)
    keys = record_keys(module)
    top = {k: data[k] for k in keys if k in data}
    if top:  # the module's top-level keys join the record's rules: loaded again with them (command line last)
        twice = [Problem(k, Bi("podano dwa razy: na najwyższym poziomie i w [rules]",
                                "is given twice: at the top level and in [rules]")) for k in top if k in rules_over]
        if twice:
            raise ZapisError(twice, source)
        rules_over = {**rules_over, **top}
        rules = _load_rules(ref, base, [("rules", {k: v for k, v in rules_over.items() if k not in top}), ("", top)]
                            + layers[1:], source, tuple(top))

    pkey, hkey = module.players_key, module.hands_key
    allowed = {"format", "ruleset", "title", "date", "rules", "start", pkey, hkey, *keys}
    problems = [Problem(k, _UNKNOWN_KEY) for k in data if k not in allowed]
    if "title" in data and not isinstance(data["title"], str):
        problems.append(Problem("title", Bi(f"{fmt(data['title'])} to nie tekst", f"{fmt(data['title'])} is not text")))
    elif "title" in data:
        problems += name_problems(data["title"], "title")
    if "date" in data and not isinstance(data["date"], dt.date):
        problems.append(Problem("date", Bi(f"{fmt(data['date'])} to nie data TOML (2026-11-20)",
                                          f"{fmt(data['date'])} is not a TOML date (2026-11-20)")))
    if pkey not in data:
        problems.append(Problem(pkey, _MISSING))
    elif pkey == "players":
        problems += _players_problems(data[pkey])
    hands = data.get(hkey, [])
    if not isinstance(hands, list):
        problems.append(Problem(hkey, Bi(f"to nie lista tabel (wpisz [[{hkey}]])",
                                         f"is not a list of tables (write [[{hkey}]])")))
        hands = []
    start = data.get("start", {})
    if not isinstance(start, dict):
        problems.append(Problem("start", Bi(f"{fmt(start)} nie jest tabelą", f"{fmt(start)} is not a table")))
        start = {}
    elif pkey != "players":  # a pairs session: whatever it carries in must at least be a sane number
        num = Field("start", "number")
        for name, v in start.items():
            problems += check_value(num, v, f"start.{name}")
    elif pkey == "players" and isinstance(data.get(pkey), list):
        num = Field("start", "number")
        for name, v in start.items():
            if name not in data[pkey]:
                problems.append(Problem(f"start.{name}", Bi("nie gra w tej grze", "is not a player of this game")))
            else:
                problems += check_value(num, v, f"start.{name}")
    if problems:
        raise ZapisError(problems, source)
    rec = GameRecord(ruleset=ref, players=data[pkey], hands=list(hands), rules=dict(rules_over),
                     start=dict(start), title=data.get("title"), date=data.get("date"))
    return rec, rules, module


def _load_rules(ref: str, base: Path | None, layers: list[tuple[str, Mapping[str, Any]]], source: str | None,
                top: tuple[str, ...]) -> Rules:
    try:
        return rulesets.load(ref, base, layers)
    except ZapisError as e:
        # A problem inside a ruleset file names that file; one in the record names the record (its [rules], the
        # command line's --rules, or a top-level key that is a parameter).
        if e.source:
            raise
        raise ZapisError([p if p.place.startswith(("rules", "--rules", *top)) else Problem("ruleset", p.message)
                          for p in e.problems], source) from None


def read(path: str | Path, overrides: Mapping[str, Any] | None = None
         ) -> tuple[GameRecord, Rules, ScoringModule]:
    path = Path(path)
    data = rulesets.read_toml(path)
    try:
        return parse(data, str(path), path.parent, overrides)
    except ZapisError as e:
        raise e if e.source else e.with_source(str(path)) from None


def score(rec: GameRecord, rules: Rules, module: ScoringModule, source: str | None = None) -> Sheet:
    """Validate every hand and fold them into the sheet."""
    try:
        return module.validate_and_score(rules, rec.players, rec.hands, rec.start)
    except ZapisError as e:
        raise e if e.source or not source else e.with_source(source) from None


def score_file(path: str | Path, overrides: Mapping[str, Any] | None = None) -> Sheet:
    rec, rules, module = read(path, overrides)
    return score(rec, rules, module, str(path))


def dumps(rec: GameRecord, module: ScoringModule | None = None) -> str:
    return tomli_w.dumps(rec.to_toml_dict(module))


def write(rec: GameRecord, path: str | Path, module: ScoringModule | None = None) -> None:
    Path(path).write_text(dumps(rec, module), encoding="utf-8")
