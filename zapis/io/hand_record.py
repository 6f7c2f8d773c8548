"""A hand record as files carry it: PBN read (from any dealing program: each game's Board and Deal tags) and
written (the boards dealt by `zapis deal`, with their dealer and vulnerability)."""

from __future__ import annotations

import re
from typing import Any, Iterable

from zapis.core.errors import Problem, ZapisError
from zapis.core.words import Bi
from zapis.modules.bridge.deals import Deal, parse_deal
from zapis.modules.bridge.law77 import board_dealer_vul

TAG = re.compile(r'^\[(\w+)\s+"((?:[^"\\]|\\.)*)"\]')
PBN_VUL = {"none": "None", "NS": "NS", "EW": "EW", "both": "All"}
MAX_BOARDS = 999


def read_pbn(text: str, source: str = "PBN") -> list[dict[str, Any]]:
    """The `[[deals]]` of a PBN file: each game's board number and deal. A game without a Board tag takes the
    number after the one before (PBN's "#" inheritance aside, the usual hand-record files number every board);
    a deal that is not 52 cards, or a board given twice, is a problem naming the file's line."""
    out: list[dict[str, Any]] = []
    problems: list[Problem] = []
    board: int | None = None
    seen: dict[int, int] = {}
    for number, line in enumerate(text.splitlines(), start=1):
        m = TAG.match(line.strip())
        if not m:
            continue
        name, value = m.group(1), m.group(2)
        where = f"{source}:{number}"
        if name == "Board":
            board = int(value) if value.strip().isdigit() else None
            if board is None or not 1 <= board <= MAX_BOARDS:
                problems.append(Problem(where, Bi(f"„{value}” to nie numer rozdania", f'"{value}" is not a board number')))
                board = None
        elif name == "Deal":
            if value.replace(" ", "").endswith("----") or value.strip().endswith("- - - -"):
                continue  # a game whose cards are not given (a results file): no hand record
            deal, found = parse_deal(value, where)
            problems += found
            if board is None:
                board = (out[-1]["board"] + 1) if out else 1
            if deal is not None:
                if board in seen:
                    problems.append(Problem(where, Bi(f"rozdanie {board} jest w pliku dwa razy (wiersz {seen[board]})",
                                                      f"board {board} is in the file twice (line {seen[board]})")))
                else:
                    seen[board] = number
                    out.append({"board": board, "deal": deal.pbn()})
            board = None
    if problems:
        raise ZapisError(problems)
    if not out:
        raise ZapisError([Problem(source, Bi("w pliku nie ma żadnego rozkładu (tag Deal)",
                                             "the file has no deal (Deal tag)"))])
    return sorted(out, key=lambda d: d["board"])


def write_pbn(deals: Iterable[tuple[int, Deal]], event: str = "") -> str:
    """The boards as a PBN 2.1 hand record (import format: the tags a dealing program writes), CRLF lines."""
    games = []
    for board, deal in deals:
        dealer, vul = board_dealer_vul(board)
        games.append("\r\n".join([f'[Event "{event}"]', f'[Board "{board}"]', f'[Dealer "{dealer}"]',
                                  f'[Vulnerable "{PBN_VUL[vul]}"]', f'[Deal "{deal.pbn(dealer)}"]']))
    return "% PBN 2.1\r\n% zapis\r\n\r\n" + "\r\n\r\n".join(games) + "\r\n"


def parse_boards(text: str, place: str = "--boards") -> list[int]:
    """"1-24", "1-8,17-24", "5": the boards named; a range the wrong way round or beyond 999 is refused."""
    out: list[int] = []
    for part in str(text).split(","):
        m = re.fullmatch(r"\s*(\d+)\s*(?:-\s*(\d+)\s*)?", part)
        lo, hi = (int(m.group(1)), int(m.group(2) or m.group(1))) if m else (0, -1)
        if not m or not 1 <= lo <= hi <= MAX_BOARDS:
            raise ZapisError([Problem(place, Bi(f"„{text}” to nie rozdania (np. 1-24 albo 1-8,17-24)",
                                                f'"{text}" is not a set of boards (e.g. 1-24 or 1-8,17-24)'))])
        out += [b for b in range(lo, hi + 1) if b not in out]
    return out
