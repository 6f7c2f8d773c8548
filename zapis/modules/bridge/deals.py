"""Hand records of a duplicate session: the deals (PBN's Deal tag), their double-dummy tables and par.

A deal is written as PBN writes it: the seat named first, then four hands clockwise, each as
spades.hearts.diamonds.clubs with T for ten ("N:AKQ2.KJ5.T98.765 J43.AQ2.KQJ5.AK2 ..."); a hand PBN leaves
unknown is "-". `Deal` keeps the four hands by seat, whichever seat the text started with.

Double dummy and par are the standard solver's (Bo Haglund's DDS, through endplay, imported only when a table
is asked for: the scoring of a session without deals never loads it). Par follows DDS's convention: the
contracts that reach the par score at the lowest level, each with its declarer ("3NTE" when 3NT by East makes
the par score with an overtrick), `X` when the par is a doubled sacrifice.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Iterable

from zapis.core.errors import Problem, fmt
from zapis.core.words import Bi
from zapis.modules.bridge.law77 import SEATS, board_dealer_vul

SUITS = ("S", "H", "D", "C")
RANKS = "AKQJT98765432"
STRAINS = ("C", "D", "H", "S", "NT")
#: the solver's order of strains (endplay's Denom: spades 0 ... clubs 3, notrump 4)
SOLVER_STRAINS = ("S", "H", "D", "C", "NT")
#: the opening leader: declarer's left-hand opponent (Law 41A)
LEFT_OF = {"N": "E", "E": "S", "S": "W", "W": "N"}
DECK = frozenset(s + r for s in SUITS for r in RANKS)


@dataclass(frozen=True)
class Deal:
    """The four hands by seat (N, E, S, W), each a tuple of cards written suit then rank ("SA", "HT")."""

    hands: dict[str, tuple[str, ...]]

    def pbn(self, first: str = "N") -> str:
        """The PBN Deal tag's value, starting with `first`."""
        at = SEATS.index(first)
        order = SEATS[at:] + SEATS[:at]
        return f"{first}:" + " ".join(_hand_text(self.hands[s]) for s in order)

    def holds(self, seat: str, card: str) -> bool:
        return card in self.hands[seat]

    def suit(self, seat: str, suit: str) -> str:
        """One suit of a hand, high to low ("AKQ2"; "" when void)."""
        return "".join(c[1] for c in self.hands[seat] if c[0] == suit)


def _hand_text(cards: Iterable[str]) -> str:
    held = set(cards)
    return ".".join("".join(r for r in RANKS if s + r in held) for s in SUITS)


def parse_deal(text: Any, place: str = "deal") -> tuple[Deal | None, list[Problem]]:
    """A deal from its PBN text; the problems (each naming `place`) when it is not 52 different cards, 13 a hand."""
    bad = Bi(f"{fmt(text)} to nie rozdanie w zapisie PBN (np. \"N:AKQ2.KJ5.T98.765 J43.AQ2.KQJ5.AK2 ...\")",
             f"{fmt(text)} is not a deal as PBN writes it (e.g. \"N:AKQ2.KJ5.T98.765 J43.AQ2.KQJ5.AK2 ...\")")
    if not isinstance(text, str) or len(text) > 200 or ":" not in text:
        return None, [Problem(place, bad)]
    first, _, rest = text.strip().partition(":")
    first, parts = first.strip().upper(), rest.split()
    if first not in SEATS or len(parts) != 4:
        return None, [Problem(place, bad)]
    at = SEATS.index(first)
    hands: dict[str, tuple[str, ...]] = {}
    seen: set[str] = set()
    for i, part in enumerate(parts):
        seat = SEATS[(at + i) % 4]
        suits = part.upper().split(".")
        if len(suits) != 4:
            return None, [Problem(place, bad)]
        cards = []
        for s, ranks in zip(SUITS, suits):
            for r in ranks.replace("10", "T"):
                card = s + r
                if card not in DECK:
                    return None, [Problem(place, bad)]
                if card in seen:
                    return None, [Problem(place, Bi(f"karta {_card_word(card)} jest w rozdaniu dwa razy",
                                                    f"the card {_card_word(card)} is dealt twice"))]
                seen.add(card)
                cards.append(card)
        if len(cards) != 13:
            return None, [Problem(place, Bi(f"ręka {seat} ma {len(cards)} kart, nie 13",
                                            f"hand {seat} has {len(cards)} cards, not 13"))]
        hands[seat] = tuple(cards)
    return Deal(hands), []


def _card_word(card: str) -> str:
    return {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}[card[0]] + ("10" if card[1] == "T" else card[1])


def opening_leader(declarer_seat: str) -> str:
    return LEFT_OF[declarer_seat]


def lead_problem(deal: Deal, declarer_seat: str, lead: str, place: str = "lead") -> Problem | None:
    """Law 41A: the opening lead is made by declarer's left-hand opponent, so it is a card of that hand."""
    leader = LEFT_OF[declarer_seat]
    if deal.holds(leader, lead):
        return None
    return Problem(place, Bi(f"{_card_word(lead)} nie jest kartą wistującego ({leader})",
                             f"{_card_word(lead)} is not a card of the opening leader ({leader})"))


# --- dealing ----------------------------------------------------------------------------------------------------
def deal_board(seed: str, board: int) -> Deal:
    """A random deal, the same for the same seed and board on every machine (Python's Mersenne Twister seeded with
    the text "seed/board", whose seeding by a string is fixed: SHA-512 of it)."""
    cards = sorted(DECK, key=lambda c: (SUITS.index(c[0]), RANKS.index(c[1])))
    random.Random(f"zapis-deal/{seed}/{board}").shuffle(cards)
    return Deal({s: tuple(cards[13 * i:13 * i + 13]) for i, s in enumerate(SEATS)})


def deal_boards(seed: str, boards: Iterable[int]) -> dict[int, Deal]:
    return {b: deal_board(seed, b) for b in boards}


# --- double dummy and par ---------------------------------------------------------------------------------------
def analyse(deals: dict[int, Deal]) -> dict[int, dict[str, Any]]:
    """Each board's double-dummy table (the tricks each seat takes as declarer in each strain) and its par (the
    board's dealer and vulnerability from the 16-board cycle): {"dd": {"N": {"C": 9, ...}, ...}, "par": {...}}."""
    from endplay.dds import calc_all_tables, par as dds_par
    from endplay.types import Deal as EDeal, Player, Vul

    boards = sorted(deals)
    out: dict[int, dict[str, Any]] = {}
    tables = calc_all_tables([EDeal(deals[b].pbn()) for b in boards]) if boards else []
    for board, table in zip(boards, tables):
        rows = table.to_list()  # by the solver's strain, then seat (N, E, S, W)
        dd = {seat: {strain: rows[SOLVER_STRAINS.index(strain)][j] for strain in STRAINS}
              for j, seat in enumerate(SEATS)}
        dealer, vul = board_dealer_vul(board)
        found = dds_par(table, {"none": Vul.none, "NS": Vul.ns, "EW": Vul.ew, "both": Vul.both}[vul],
                        Player.find(dealer))
        out[board] = {"dd": dd, "par": {"score_ns": int(found.score), "contracts": par_contracts(found, dd)}}
    return out


def par_contracts(found: Iterable[Any], dd: dict[str, dict[str, int]]) -> list[str]:
    """The par contracts as "4SN", "5HXE": DDS names a contract with one declarer of its side; each declarer of that
    side who takes its tricks double dummy is listed (N, E, S, W order), each once."""
    contracts: list[str] = []
    for c in found:
        strain = SOLVER_STRAINS[int(c.denom)]
        named = "NESW"[int(c.declarer)]
        tricks = c.level + 6 + c.result
        double = {1: "", 2: "X", 4: "XX"}[int(c.penalty)]
        for seat in (named, SEATS[(SEATS.index(named) + 2) % 4]):
            text = f"{c.level}{strain}{double}{seat}"
            if dd[seat][strain] == tricks and text not in contracts:
                contracts.append(text)
    return sorted(contracts, key=lambda t: SEATS.index(t[-1]))
