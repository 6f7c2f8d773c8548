"""`zapis deal` (a reproducible hand record: PBN for the dealing machine or another program, or A4 sheets to make
the boards up from) and the hand record's half of `zapis import` (a PBN file attached to an evening's pairs
session)."""

from __future__ import annotations

import argparse
import secrets

from zapis.cli.common import evening_at, open_store
from zapis.cli.export import write_files
from zapis.core.errors import Problem, ZapisError
from zapis.core.names import name_problems
from zapis.core.words import Bi
from zapis.web.session import cli_lang

MAX_KEY = 64


def cmd_deal(args: argparse.Namespace) -> int:
    from zapis.io.hand_record import parse_boards, write_pbn
    from zapis.modules.bridge.deals import deal_boards

    problems = []
    boards: list[int] = []
    try:
        boards = parse_boards(args.boards)
    except ZapisError as e:
        problems += e.problems
    key = args.seed if args.seed is not None else secrets.token_hex(4)
    if not key.strip() or len(key) > MAX_KEY or not key.isprintable():
        problems.append(Problem("--seed", Bi(f"klucz losowania: od 1 do {MAX_KEY} zwykłych znaków",
                                             f"the seed: 1 to {MAX_KEY} plain characters")))
    problems += name_problems(args.title or "", "--title")
    if problems:
        raise ZapisError(problems)
    deals = deal_boards(key, boards)
    lang = cli_lang(args.lang)
    if args.format == "pbn":
        text = write_pbn(sorted(deals.items()), args.title or "")
        text = text.replace("% zapis\r\n", f"% zapis deal --boards {args.boards} --seed {key}\r\n", 1)
        name = "deals.pbn"
    else:
        from zapis.io.export.hand_sheets import hand_sheets
        from zapis.modules.bridge.deals import analyse

        if args.analysis:
            solving(len(deals), lang)
        text = hand_sheets(deals, lang, args.title or "", key, analyse(deals) if args.analysis else None)
        name = "deals.html"
    return write_files({name: text}, args.output, args.replace)


def import_hand_record(args: argparse.Namespace) -> int:
    """`zapis import deals.pbn --evening E [--game G]`: the deals attached to the evening's pairs session."""
    from zapis.io.hand_record import read_pbn

    if args.evening is None:
        raise ZapisError([Problem("--evening", Bi("rozkłady dołącza się do turnieju par wieczoru: podaj --evening",
                                                  "a hand record is attached to an evening's pairs session: "
                                                  "give --evening"))])
    try:
        with open(args.file, encoding="utf-8-sig") as f:
            text = f.read()
    except (OSError, UnicodeDecodeError) as e:
        reason = getattr(e, "strerror", None) or str(e)
        raise ZapisError([Problem(args.file, Bi(f"nie da się przeczytać ({reason})",
                                                f"cannot be read ({reason})"))]) from None
    deals = read_pbn(text, args.file)
    store = open_store(args)
    evening_at(store, args.evening, "--evening")
    sessions = [g for g in store.games(args.evening) if g.module == "bridge-pairs"]
    if args.game is not None:
        sessions = [g for g in sessions if g.id == args.game]
    if len(sessions) != 1:
        ids = ", ".join(str(g.id) for g in sessions)
        raise ZapisError([Problem("--game" if sessions else "--evening", Bi(
            f"wieczór {args.evening} ma kilka turniejów par ({ids}): wybierz --game" if sessions else
            f"w wieczorze {args.evening} nie ma takiego turnieju par",
            f"evening {args.evening} has several pairs sessions ({ids}): choose --game" if sessions else
            f"evening {args.evening} has no such duplicate pairs session"))])
    game = sessions[0]
    solving(len(deals), cli_lang(args.lang))
    store.attach_deals(game.id, deals)
    n = len(deals)
    if cli_lang(args.lang) == "pl":
        from zapis.lang import plural_pl

        print(f"gra {game.id} (wieczór {args.evening}): {n} {plural_pl(n, 'rozkład', 'rozkłady', 'rozkładów')}")
    else:
        print(f"game {game.id} (evening {args.evening}): {n} {'deal' if n == 1 else 'deals'}")
    return 0


def solving(n: int, lang: str) -> None:
    """Said before the solver's work (a second or so a board on a busy laptop), so a wait is not a hang."""
    import sys

    from zapis.core.words import say
    from zapis.lang import plural_pl

    print(say(Bi(f"Analiza w widne karty: {n} {plural_pl(n, 'rozdanie', 'rozdania', 'rozdań')}…",
                 f"Solving double dummy: {n} {'board' if n == 1 else 'boards'}…"), lang), file=sys.stderr, flush=True)
