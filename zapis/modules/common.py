"""What several modules share: the words for the things a deal counts, a sum that must come out right,
and the sale of a choice. Every text a player sees is written in Polish and English (a Bi)."""

from __future__ import annotations

from typing import Any

from zapis.core.errors import Problem, fmt
from zapis.core.fields import MISSING
from zapis.core.words import Bi, plural_pl  # noqa: F401 (the modules name it from here)

UNKNOWN_FIELD = Bi("nieznane pole", "unknown field")
UNKNOWN_ITEM = Bi("nieznana pozycja", "unknown item")

#: the things a deal counts (the keys records use), as players name them
ITEM_WORDS: dict[str, tuple[str, str]] = {
    "tricks": ("lewy", "tricks"), "hearts": ("kiery", "hearts"), "queens": ("damy", "queens"),
    "kings_jacks": ("króle i walety", "kings and jacks"), "king_of_hearts": ("król kier", "king of hearts"),
    "last": ("ostatnia lewa", "last trick"), "spades": ("piki", "spades"), "clubs": ("trefle", "clubs"),
    "diamonds": ("kara", "diamonds"), "queen_spades": ("dama pik", "queen of spades"),
    "king_spades": ("król pik", "king of spades"), "ace_spades": ("as pik", "ace of spades"),
    "ten_diamonds": ("dziesiątka karo", "ten of diamonds"), "queen_clubs": ("dama trefl", "queen of clubs"),
    "jack_hearts": ("walet kier", "jack of hearts"), "jack_diamonds": ("walet karo", "jack of diamonds"),
    "jack_clubs": ("walet trefl", "jack of clubs"), "jack_spades": ("walet pik", "jack of spades"),
    "first_trick": ("pierwsza lewa", "first trick"), "last_trick": ("ostatnia lewa", "last trick"),
    "cards": ("karty", "cards"), "heart_points": ("oczka kierów", "heart points"), "joker": ("dżoker", "joker"),
    "points": ("punkty", "points"),
}


def item_word(key: str, label: str | None = None) -> Bi:
    """An item's name in both languages; a ruleset's own label (written in Polish) names it in Polish."""
    pl, en = ITEM_WORDS.get(key, (key.replace("_", " "), key.replace("_", " ")))
    return Bi(label or pl, en)




def sum_message(total: int, want: int, what: Any = "") -> Bi:
    """"kiery: razem 12, a powinno być 13 (brakuje 1)" / "hearts: 12 in all, not 13 (1 short)": which sum is off
    and by how much; `what` is the thing counted (a Bi, or a text said the same in both languages)."""
    diff = total - want
    pl = f"razem {total}, a powinno być {want} ({f'o {diff} za dużo' if diff > 0 else f'brakuje {-diff}'})"
    en = f"{total} in all, not {want} ({abs(diff)} {'too many' if diff > 0 else 'short'})"
    if what:
        what_en = what.en if isinstance(what, Bi) else str(what)
        return Bi(f"{str.__str__(what)}: {pl}", f"{what_en}: {en}")
    return Bi(pl, en)


def not_a_count(v: Any) -> Bi:
    return Bi(f"{fmt(v)} nie jest liczbą sztuk (0, 1, 2, ...)", f"{fmt(v)} is not a count (0, 1, 2, ...)")


def not_a_player(v: Any) -> Bi:
    return Bi(f"{fmt(v)} nie gra w tej grze", f"{fmt(v)} is not a player of this game")


def deals_pl(n: int) -> str:
    """"po 36 rozdaniach", "po 1 rozdaniu"."""
    return "rozdaniu" if n == 1 else "rozdaniach"


def check_sale(sale: Any, players: list[str], price: str, low: int, high: int | None) -> list[Problem]:
    """A sale { seller, buyer, <price> }: both players of the game, not the same one, a price in range."""
    if not isinstance(sale, dict):
        return [Problem("sale", Bi(f"{fmt(sale)}: sprzedaż zapisuje się jako {{ seller, buyer, {price} }}",
                                   f"{fmt(sale)} is not a table {{ seller, buyer, {price} }}"))]
    out = [Problem(f"sale.{k}", UNKNOWN_FIELD) for k in sale if k not in ("seller", "buyer", price)]
    for k in ("seller", "buyer"):
        if k not in sale:
            out.append(Problem(f"sale.{k}", MISSING))
        elif sale[k] not in players:
            out.append(Problem(f"sale.{k}", not_a_player(sale[k])))
    v = sale.get(price)
    if v is None:
        out.append(Problem(f"sale.{price}", MISSING))
    elif not isinstance(v, int) or isinstance(v, bool):
        out.append(Problem(f"sale.{price}", Bi(f"{fmt(v)} nie jest liczbą całkowitą",
                                               f"{fmt(v)} is not a whole number")))
    elif v < low or (high is not None and v > high):
        if high is not None:
            msg = Bi(f"{fmt(v)} nie mieści się w {low}–{high}", f"{fmt(v)} is not between {low} and {high}")
        else:
            msg = Bi(f"{fmt(v)} to mniej niż {low}", f"{fmt(v)} is less than {low}")
        out.append(Problem(f"sale.{price}", msg))
    if not out and sale["seller"] == sale["buyer"]:
        out.append(Problem("sale.buyer", Bi("nie można kupić od samego siebie",
                                            "the seller cannot buy his own choice")))
    return out
