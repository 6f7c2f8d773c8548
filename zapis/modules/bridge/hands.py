"""A recorded bridge hand read for scoring: its contract (cached), declarer, side and honours, its label on the
sheet, the problems of a passed-out deal, and each declarer's count of contracts made."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from zapis.core.errors import Problem, fmt
from zapis.core.words import Bi
from zapis.modules.bridge.law77 import (
    DOUBLES, PASSED_OUT, SEATS, Contract, parse_contract, pass_has_no, result_text,
)
from zapis.modules.bridge.seating import FOUR_SEATS


def passed_out_problems(hand: Mapping[str, Any]) -> list[Problem]:
    """A passed-out deal names no declarer, tricks or honours, and nobody doubles it."""
    out = [Problem(k, pass_has_no(k, fmt(hand[k]), "deal")) for k in ("declarer", "tricks", "honours",
                                                                       "honours_side") if k in hand]
    if hand.get("double", ""):
        v = fmt(hand["double"])
        out.append(Problem("double", Bi(f"{v}: spasowanego rozdania nikt nie kontruje",
                                        f"{v}: a passed-out deal is not doubled")))
    return out


def _count_declarer(declared: dict[str, tuple[int, int]], order: tuple[str, ...], who: str, made: bool) -> None:
    """One more contract (made or not) for its declarer, written as a seat (the player sitting there) or a name."""
    name = order[SEATS.index(who)] if who in SEATS else who
    n, m = declared.get(name, (0, 0))
    declared[name] = (n + 1, m + made)


@dataclass
class _Deal:
    """One recorded hand, parsed: `declarer` as the sheet names him (the seat at a table of four, the player's name
    otherwise), `side` and `honours_side` as N-S / E-W."""

    contract: Contract | None  # None: passed out
    declarer: str = ""
    tricks: int = 0
    honours: int = 0
    honours_side: str = ""
    side: str = ""

    @property
    def label(self) -> str:
        """"4♠ N =", "3BA E -1" (in English 3NT: Contract.pretty), or "pas"."""
        if self.contract is None:
            return PASSED_OUT
        return self.contract.pretty() + f" {self.declarer} {result_text(self.contract, self.tricks)}"


_UNSEEN = object()
#: (contract text, double) -> the Contract (None: passed out); a Contract is immutable, so one serves every hand
_CONTRACTS: dict[tuple[str, str], Contract | None] = {}


def _contract(hand: Mapping[str, Any]) -> Contract | None:
    """The hand's contract, doubled as recorded; None when passed out. The hand is valid."""
    key = (hand["contract"], hand.get("double", ""))
    got = _CONTRACTS.get(key, _UNSEEN)
    if got is _UNSEEN:
        text = key[0]
        if text.strip().lower() == "pass":
            got = None
        else:
            level, strain = parse_contract(text)  # validated
            got = Contract(level, strain, DOUBLES[key[1]])
        if len(_CONTRACTS) < 4096:  # the canonical spellings are a few hundred; odd ones are not kept forever
            _CONTRACTS[key] = got
    return got


def _parse(hand: Mapping[str, Any], look: Mapping[str, tuple[str, str]] | None = None) -> _Deal:
    """A valid hand parsed; `look` (a _Seating's lookup for the hand's rubber) reads seats, sides and names."""
    look = look or FOUR_SEATS
    c = _contract(hand)
    honours, hs = hand.get("honours", 0), hand.get("honours_side", "")
    hs = look[hs][0] if hs else ""
    if c is None:
        return _Deal(None, honours=honours, honours_side=hs)
    side, who = look[hand["declarer"]]
    return _Deal(c, who, hand["tricks"], honours, hs, side)


def _letter(i: int) -> str:
    """a, b, ..., z, aa, ab, ... as the seed labels deals."""
    s = ""
    i += 1
    while i:
        i, r = divmod(i - 1, 26)
        s = chr(97 + r) + s
    return s
