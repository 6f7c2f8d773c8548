"""Rulesets: TOML files that name a module and set its parameters; `extends` builds variants.

    module = "tysiac"            # or: extends = "tysiac" (the module then comes from there)
    title = "Tysiąc u Bogdana"
    description = "..."
    [rules]
    barrier = 900

Validation is strict: an unknown key, a wrong type, an out-of-range value, an unknown module or
a cycle in `extends` each give one line naming the file, the key and the value.
"""

from __future__ import annotations

import re
import stat
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping, Sequence

from zapis.core.errors import Problem, ZapisError, fmt
from zapis.core.fields import check_value
from zapis.core.module import Rules, ScoringModule, get_module, modules
from zapis.paths import builtin_rulesets_dir, user_rulesets_dir
from zapis.core.words import LANGS, Bi, both

TOP_KEYS = {"module", "extends", "title", "description", "rules"}


@dataclass(frozen=True)
class RulesetFile:
    id: str
    path: Path
    data: dict[str, Any]


def search_dirs() -> list[Path]:
    return [user_rulesets_dir(), builtin_rulesets_dir()]


def builtin_ids() -> list[str]:
    ids: set[str] = set()
    for d in search_dirs():
        if d.is_dir():
            ids |= {p.stem for p in d.glob("*.toml")}
    return sorted(ids)


def read_toml(path: Path) -> dict[str, Any]:
    """A TOML file as a dict, or a ZapisError naming the file and what is wrong."""
    try:
        st = path.stat()  # follows links: a loop of links is an OSError here, not a hang
        if stat.S_ISDIR(st.st_mode):
            raise ZapisError(Bi("to folder, nie plik", "is a directory, not a file"), str(path))
        if not stat.S_ISREG(st.st_mode):  # /dev/zero, a FIFO, a socket: nothing to read to the end
            raise ZapisError(Bi("to nie zwykły plik", "is not a regular file"), str(path))
        if st.st_size > MAX_FILE:
            raise ZapisError(Bi(f"jest za duży ({st.st_size:,} bajtów; najwyżej {MAX_FILE:,})".replace(",", " "),
                                f"is too large ({st.st_size:,} bytes; at most {MAX_FILE:,})".replace(",", " ")),
                             str(path))
        with open(path, "rb") as f:
            raw = f.read(MAX_FILE + 1)
        if len(raw) > MAX_FILE:
            raise ZapisError(Bi(f"jest za duży (ponad {MAX_FILE:,} bajtów)".replace(",", " "),
                                f"is too large (more than {MAX_FILE:,} bytes)".replace(",", " ")), str(path))
    except FileNotFoundError:
        raise ZapisError(Bi("nie ma takiego pliku", "no such file"), str(path)) from None
    except OSError as e:
        raise ZapisError(Bi(f"nie można go odczytać ({e.strerror})", f"cannot be read ({e.strerror})"),
                         str(path)) from None
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise ZapisError(Bi(f"to nie tekst UTF-8 (bajt {e.start})", f"is not UTF-8 text (byte {e.start})"),
                         str(path)) from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise ZapisError(_not_toml(e), str(path)) from None
    except RecursionError:
        raise ZapisError(_too_deep(), str(path)) from None
    if _depth(data) > MAX_DEPTH:
        raise ZapisError(_too_deep(), str(path))
    return data


def _not_toml(e: tomllib.TOMLDecodeError) -> Bi:
    """The TOML reader's complaint: in English as the reader says it; in Polish only where it is (its words are
    English), or all of it when it names no place."""
    en = f"not valid TOML: {e}"
    m = re.search(r"\(at line (\d+), column (\d+)\)$", str(e))
    if m:
        return Bi(f"błędny TOML (wiersz {m[1]}, kolumna {m[2]})", en)
    if str(e).endswith("(at end of document)"):
        return Bi("błędny TOML (na końcu pliku)", en)
    return Bi(f"błędny TOML: {e}", en)


def _too_deep() -> Bi:
    return Bi(f"jest zagnieżdżone zbyt głęboko (najwyżej {MAX_DEPTH} poziomy)",
              f"is nested too deeply (at most {MAX_DEPTH} levels)")


MAX_FILE = 8 * 1024 * 1024  # a season's record is far smaller; /dev/zero is far larger
MAX_DEPTH = 32


def toml_value(text: str, place: str) -> Any:
    """A value typed on its own (`--rules KEY=VALUE`, a parameter edited in the app) read as TOML: 900, true, "x",
    [1, 2]; what is not TOML is the text itself. Nested more deeply than a file may be: refused at `place` (the
    reader would otherwise recurse once a level, and a few thousand brackets end it)."""
    try:
        value = tomllib.loads(f"v = {text}")["v"]
    except tomllib.TOMLDecodeError:
        return text
    except RecursionError:
        value = None
    else:
        if _depth(value) <= MAX_DEPTH:
            return value
    raise ZapisError([Problem(place, _too_deep())])


def _depth(value: Any) -> int:
    """How deeply tables and arrays nest (without recursion, so any depth can be measured)."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        v, d = stack.pop()
        if isinstance(v, dict):
            v = list(v.values())
        if isinstance(v, list):
            deepest = max(deepest, d)
            if d <= MAX_DEPTH:
                stack.extend((x, d + 1) for x in v if isinstance(x, (dict, list)))
    return deepest


def is_path_ref(ref: str) -> bool:
    return ref.endswith(".toml") or "/" in ref or "\\" in ref


def locate(ref: str, base: Path | None = None) -> Path:
    """The file of a ruleset given by id or by path (relative to `base`)."""
    if is_path_ref(ref):
        p = Path(ref).expanduser()
        if not p.is_absolute() and base is not None:
            p = base / p
        return p
    for d in search_dirs():
        p = d / f"{ref}.toml"
        if p.is_file():
            return p
    known = ", ".join(builtin_ids())
    raise ZapisError(Bi(f"nieznany zestaw zasad {fmt(ref)} (znane: {known})",
                        f"unknown ruleset {fmt(ref)} (known: {known})"))


def _chain(ref: str, base: Path | None) -> list[RulesetFile]:
    """The ruleset and every ruleset it extends, nearest first."""
    out: list[RulesetFile] = []
    seen: list[Path] = []
    while True:
        try:
            path = locate(ref, base)
        except ZapisError as e:
            if not out:
                raise
            raise ZapisError([Problem("extends", p.message) for p in e.problems], str(out[-1].path)) from None
        try:
            real = path.resolve()
        except (OSError, RuntimeError):  # a loop of symbolic links
            raise ZapisError(Bi("nie można go odczytać (pętla dowiązań symbolicznych)",
                                "cannot be read (a loop of symbolic links)"), str(path)) from None
        if real in seen:
            names = " -> ".join([f.id for f in out] + [path.stem])
            raise ZapisError([Problem("extends", Bi(f"cykl: {names}", f"cycle: {names}"))], str(out[-1].path))
        seen.append(real)
        data = read_toml(path)
        problems = [Problem(k, Bi("nieznany klucz", "unknown key")) for k in data if k not in TOP_KEYS]
        for key in ("module", "extends", "title"):
            if key in data and not isinstance(data[key], str):
                problems.append(Problem(key, _not_text(data[key])))
        if "description" in data:
            problems += _description_problems(data["description"])
        if "rules" in data and not isinstance(data["rules"], dict):
            problems.append(Problem("rules", Bi("nie jest tabelą", "is not a table")))
        if "module" not in data and "extends" not in data:
            problems.append(Problem("module", Bi("brak (podaj moduł albo zestaw zasad do rozszerzenia)",
                                                 "missing (name a module, or a ruleset to extend)")))
        if problems:
            raise ZapisError(problems, str(path))
        out.append(RulesetFile(path.stem, path, data))
        if "extends" not in data:
            return out
        ref, base = data["extends"], path.parent


def check_overrides(module: ScoringModule, values: Mapping[str, Any], place: str) -> list[Problem]:
    """Problems with parameter values for `module`, placed under `place` (e.g. "rules")."""
    known = {p.name: p for p in module.params}
    out: list[Problem] = []
    for key, v in values.items():
        at = f"{place}.{key}" if place else key
        if key not in known:
            out.append(Problem(at, Bi(f"nieznany parametr modułu {module.id}",
                                      f"unknown parameter of module {module.id}")))
        else:
            out += check_value(known[key], v, at)
    return out


def load(ref: str, base: Path | None = None,
         layers: Sequence[tuple[str, Mapping[str, Any]]] = ()) -> Rules:
    """Resolve a ruleset (id or path) and its `extends` chain into validated Rules.

    `layers` are parameter overrides applied on top, each with the place its problems are
    reported at: ("rules", the record's [rules] table), ("--rules", the command line).
    Problems in a ruleset file name that file; problems in a layer name no file (the caller
    knows which file the layer came from).
    """
    chain = _chain(ref, base)
    root = chain[-1]
    module_id = next(f.data["module"] for f in reversed(chain) if "module" in f.data)
    for f in chain:
        if "module" in f.data and f.data["module"] != module_id:
            raise ZapisError([Problem("module", Bi(f"{fmt(f.data['module'])} różni się od "
                                                   f"{fmt(module_id)} z rozszerzanego zestawu zasad",
                                                   f"{fmt(f.data['module'])} differs from "
                                                   f"{fmt(module_id)} of the ruleset it extends"))], str(f.path))
    try:
        module = get_module(module_id)
    except ZapisError as e:
        raise ZapisError([Problem("module", p.message) for p in e.problems], str(root.path)) from None
    values = module.defaults()
    origin = {k: "default" for k in values}
    for f in reversed(chain):
        rules = f.data.get("rules", {})
        problems = check_overrides(module, rules, "rules")
        if problems:
            raise ZapisError(problems, str(f.path))
        values.update(rules)
        origin.update({k: f.id for k in rules})
    problems = module.check_rules(values)
    if problems:
        raise ZapisError(problems, str(chain[0].path))
    for place, over in layers:
        problems = check_overrides(module, over, place)
        values.update(over)
        origin.update({k: place for k in over})
        problems = problems or [p.under(place) for p in module.check_rules(values)]
        if problems:
            raise ZapisError(problems)
    first = chain[0]
    title = next((f.data["title"] for f in chain if "title" in f.data), first.id)
    desc = next((f.data["description"] for f in chain if "description" in f.data), "")
    return Rules(id=first.id, module=module_id, title=both(title), values=values, description=_description(desc),
                 chain=tuple(f.id for f in chain[1:]), origin=origin)


def _description_problems(value: Any) -> list[Problem]:
    """A description is text, or a table of the same text in each language: { pl = "...", en = "..." }."""
    if isinstance(value, str):
        return []
    if isinstance(value, dict):
        out = [Problem(f"description.{k}", Bi("nieznany język (pl, en)", "unknown language (pl, en)"))
               for k in value if k not in LANGS]
        out += [Problem(f"description.{k}", _not_text(v)) for k, v in value.items()
                if k in LANGS and not isinstance(v, str)]
        return out or ([] if value else [Problem("description", Bi("jest pusty", "is empty"))])
    return [Problem("description", _not_text(value))]


def _not_text(value: Any) -> Bi:
    return Bi(f"{fmt(value)} to nie tekst", f"{fmt(value)} is not text")


def _description(value: str | dict) -> str:
    if isinstance(value, dict):
        pl = value.get("pl") or value.get("en", "")
        return Bi(pl, value.get("en") or pl)
    return value


def list_rulesets() -> list[tuple[str, str, str]]:
    """(id, module, title) of every ruleset found; broken ones are listed with their problem."""
    out = []
    for rid in builtin_ids():
        try:
            r = load(rid)
            out.append((rid, r.module, r.title))  # a Bi where the file gives both languages
        except ZapisError as e:
            first = e.problems[0]
            out.append((rid, "?", Bi(f"błędny: {first.say('pl')}", f"broken: {first.say('en')}")))
    return out


__all__ = ["load", "list_rulesets", "read_toml", "locate", "modules", "check_overrides"]
