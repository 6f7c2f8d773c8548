"""`zapis score` (a game record scored, its sheet printed) and `zapis rulesets` (list, show, check)."""

from __future__ import annotations

import argparse
import json

from zapis.cli.common import _show, parse_overrides
from zapis.core.errors import Problem, ZapisError
from zapis.core.words import Bi
from zapis.lang.text import plain, plain_text
from zapis.web.session import cli_lang


def cmd_score(args: argparse.Namespace) -> int:
    from zapis.io import records

    overrides = parse_overrides(args.rules or [])
    sheet = records.score_file(args.file, overrides)
    if args.json:
        print(json.dumps(sheet.to_json(), ensure_ascii=False, indent=2))
    else:
        from rich.console import Console

        from zapis.io.render import sheet_renderable

        Console().print(sheet_renderable(sheet, lang=cli_lang(args.lang)))
    return 0


def cmd_rulesets(args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.table import Table

    from zapis.io import rulesets
    from zapis.core.module import get_module
    from zapis.core.words import say

    console = Console()
    lang = cli_lang(args.lang)
    if args.action in (None, "list"):
        t = Table("id", *(("moduł", "nazwa") if lang == "pl" else ("module", "title")))
        for rid, mod, title in rulesets.list_rulesets():
            t.add_row(plain_text(rid), plain_text(mod), plain_text(say(title, lang)))
        console.print(t)
        return 0
    if not args.target:
        raise ZapisError([Problem(f"rulesets {args.action}", Bi("podaj id zestawu zasad albo plik", "needs a ruleset id or file"))])
    rules = rulesets.load(args.target)
    if args.action == "check":
        print(plain(f"{args.target}: ok ({rules.module}: {say(rules.title, lang)})"))
        return 0
    module = get_module(rules.module)
    pl = lang == "pl"
    console.print(plain_text(rules.id, style="bold") + plain_text(
        f" — {say(rules.title, lang)}  ({'moduł' if pl else 'module'} {rules.module}"
        + (f", {'rozszerza' if pl else 'extends'} {' → '.join(rules.chain)}" if rules.chain else "") + ")"))
    if rules.description:
        console.print(plain_text(say(rules.description, lang)))
    console.print()
    for p in module.params:
        value, origin = rules[p.name], rules.origin.get(p.name, "default")
        default = "domyślnie" if pl else "default"
        where = default if origin == "default" else (f"{'ustawione w' if pl else 'set by'} {origin}; "
                                                     f"{default} {_show(p.default)}")
        console.print(plain_text(p.name, style="bold") + plain_text(f" = {_show(value)}  ")
                      + plain_text(f"({where})", style="dim"), highlight=False)
        console.print(plain_text(f"    {say(p.meaning, lang)}", style="dim"), highlight=False)
    return 0
