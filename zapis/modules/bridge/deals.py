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

import functools
import random
from dataclasses import dataclass
from typing import Any, Iterable

from zapis.core.errors import Problem, fmt
from zapis.core.words import Bi
from zapis.modules.bridge.law77 import SEATS, STRAIN_SYMBOL, board_dealer_vul

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
        return "".join(sorted((c[1] for c in self.hands[seat] if c[0] == suit), key=RANKS.index))


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
                    return None, [Problem(place, Bi(f"karta {card_text(card)} jest w rozdaniu dwa razy",
                                                    f"the card {card_text(card)} is dealt twice"))]
                seen.add(card)
                cards.append(card)
        if len(cards) != 13:
            return None, [Problem(place, Bi(f"ręka {seat} ma {len(cards)} kart, nie 13",
                                            f"hand {seat} has {len(cards)} cards, not 13"))]
        hands[seat] = tuple(cards)
    return Deal(hands), []


def deals_problems(deals: Any) -> list[Problem]:
    """A record's `[[deals]]`: each a table of `board` (a board number) and `deal` (PBN), one deal a board."""
    if not isinstance(deals, list):
        return [Problem("deals", Bi(f"{fmt(deals)} to nie lista [[deals]]", f"{fmt(deals)} is not a list of [[deals]]"))]
    out: list[Problem] = []
    seen: dict[int, int] = {}
    for i, item in enumerate(deals):
        place = f"deals[{i}]"
        if not isinstance(item, dict):
            out.append(Problem(place, Bi(f"{fmt(item)} nie jest tabelą", f"{fmt(item)} is not a table")))
            continue
        out += [Problem(f"{place}.{k}", Bi("nieznany klucz", "unknown key")) for k in item if k not in ("board", "deal")]
        board = item.get("board")
        if board is None or "deal" not in item:
            out += [Problem(f"{place}.{k}", Bi("brak", "missing")) for k in ("board", "deal") if k not in item]
        elif not isinstance(board, int) or isinstance(board, bool) or not 1 <= board <= 999:
            out.append(Problem(f"{place}.board", Bi(f"{fmt(board)} to nie numer rozdania (1-999)",
                                                    f"{fmt(board)} is not a board number (1-999)")))
        elif board in seen:
            out.append(Problem(f"{place}.board", Bi(f"rozdanie {board} ma już rozkład (deals[{seen[board]}])",
                                                    f"board {board} already has a deal (deals[{seen[board]}])")))
        else:
            seen[board] = i
        if "deal" in item:
            out += parse_deal(item["deal"], f"{place}.deal")[1]
    return out


def deals_by_board(deals: Any) -> dict[int, Deal]:
    """The record's deals by board number (a record already checked by `deals_problems`)."""
    if not deals:
        return {}
    return dict(_deals_of(tuple((d["board"], d["deal"]) for d in deals)))


@functools.lru_cache(maxsize=64)
def _deals_of(pairs: tuple[tuple[int, str], ...]) -> tuple[tuple[int, Deal], ...]:
    return tuple((board, deal) for board, text in pairs for deal in (parse_deal(text)[0],) if deal is not None)


def card_text(card: str) -> str:
    """A card as a person writes it: "HT" -> "♥10", "SA" -> "♠A" (the same in both languages)."""
    return STRAIN_SYMBOL[card[0]] + ("10" if card[1] == "T" else card[1])


def opening_leader(declarer_seat: str) -> str:
    return LEFT_OF[declarer_seat]


def lead_problem(deal: Deal, declarer_seat: str, lead: str, place: str = "lead") -> Problem | None:
    """Law 41A: the opening lead is made by declarer's left-hand opponent, so it is a card of that hand."""
    leader = LEFT_OF[declarer_seat]
    if deal.holds(leader, lead):
        return None
    return Problem(place, Bi(f"{card_text(lead)} nie jest kartą wistującego ({leader})",
                             f"{card_text(lead)} is not a card of the opening leader ({leader})"))


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


#: what the solver found, by what determines it: the deal (North first) and the board's place in the 16-board cycle
#: (its dealer and vulnerability). A store may fill it from its own memo before scoring (`known`) and keep what
#: was added (`fresh`), so that no deal is solved twice.
ANALYSED: dict[str, dict[str, Any]] = {}


def analysis_key(board: int, deal: Deal) -> str:
    return f"{(board - 1) % 16 + 1}|{deal.pbn()}"


def board_analyses(deals: Any) -> list[dict[str, Any]]:
    """The record's boards with a deal, in board order: {"board": 1, "dd": ..., "par": ...} (the solver's work
    remembered in ANALYSED by deal and place in the cycle)."""
    by_board = deals_by_board(deals)
    missing = {b: d for b, d in by_board.items() if analysis_key(b, d) not in ANALYSED}
    for board, found in (analyse(missing) if missing else {}).items():
        ANALYSED[analysis_key(board, missing[board])] = found
    return [{"board": b, **ANALYSED[analysis_key(b, by_board[b])]} for b in sorted(by_board)]


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
