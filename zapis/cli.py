"""The command line: the composition root of zapis."""

from __future__ import annotations

import argparse
import json
import os
import sys
import tomllib
from typing import Any, Sequence

from zapis import __version__
from zapis.core.errors import Problem, ZapisError


def parse_overrides(items: Sequence[str]) -> dict[str, Any]:
    """`--rules KEY=VALUE`: VALUE is read as a TOML value (900, true, "x", [1, 2]); bare words are text."""
    out: dict[str, Any] = {}
    problems = []
    for item in items:
        key, sep, value = item.partition("=")
        key = key.strip()
        if not sep or not key:
            problems.append(Problem(f"--rules {item}", "expected KEY=VALUE"))
            continue
        try:
            out[key] = tomllib.loads(f"v = {value}")["v"]
        except tomllib.TOMLDecodeError:
            out[key] = value
    if problems:
        raise ZapisError(problems)
    return out


def cmd_score(args: argparse.Namespace) -> int:
    from zapis import records

    overrides = parse_overrides(args.rules or [])
    sheet = records.score_file(args.file, overrides)
    if args.json:
        print(json.dumps(sheet.to_json(), ensure_ascii=False, indent=2))
    else:
        from rich.console import Console

        from zapis.render import sheet_renderable

        Console().print(sheet_renderable(sheet))
    return 0


def cmd_rulesets(args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.table import Table

    from zapis import rulesets
    from zapis.core.module import get_module

    console = Console()
    if args.action in (None, "list"):
        t = Table("id", "module", "title")
        for rid, mod, title in rulesets.list_rulesets():
            t.add_row(rid, mod, title)
        console.print(t)
        return 0
    if not args.target:
        raise ZapisError([Problem(f"rulesets {args.action}", "needs a ruleset id or file")])
    rules = rulesets.load(args.target)
    if args.action == "check":
        print(f"{args.target}: ok ({rules.module}: {rules.title})")
        return 0
    module = get_module(rules.module)
    console.print(f"[bold]{rules.id}[/bold] — {rules.title}  (module {rules.module}"
                  + (f", extends {' → '.join(rules.chain)}" if rules.chain else "") + ")")
    if rules.description:
        console.print(rules.description)
    console.print()
    for p in module.params:
        value, origin = rules[p.name], rules.origin.get(p.name, "default")
        where = "default" if origin == "default" else f"set by {origin}; default {_show(p.default)}"
        console.print(f"[bold]{p.name}[/bold] = {_show(value)}  [dim]({where})[/dim]", highlight=False)
        console.print(f"    {p.meaning}", style="dim", highlight=False)
    return 0


def _show(v: Any) -> str:
    s = json.dumps(v, ensure_ascii=False)
    return s if len(s) <= 60 else s[:57] + "..."


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="zapis", description="zapis: a score-keeper for card clubs.")
    p.add_argument("--version", action="version", version=f"zapis {__version__}")
    sub = p.add_subparsers(dest="command")
    s = sub.add_parser("score", help="score a game record (TOML) and print its sheet")
    s.add_argument("file", help="the game record")
    s.add_argument("--json", action="store_true", help="print the result as JSON")
    s.add_argument("--rules", nargs="+", metavar="KEY=VALUE", action="extend",
                   help="override a ruleset parameter for this run")
    s.set_defaults(func=cmd_score)
    r = sub.add_parser("rulesets", help="list rulesets; show ID; check FILE")
    r.add_argument("action", nargs="?", choices=("list", "show", "check"))
    r.add_argument("target", nargs="?", help="a ruleset id or a .toml file")
    r.set_defaults(func=cmd_rulesets)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 0
    try:
        return args.func(args)
    except ZapisError as e:
        for line in e.lines():
            print(line, file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
    except Exception as e:  # a bug in zapis, not bad input: say so in one line
        if os.environ.get("ZAPIS_DEBUG"):
            raise
        print(f"zapis: internal error: {type(e).__name__}: {e} (set ZAPIS_DEBUG=1 for details)",
              file=sys.stderr)
        return 1
