"""Skat game values and bidding: the games and their base values, the null values, the legal bids, and one game's
value (matadors and the levels over them, Schenken, the overbid rule) with how it was worked out."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence

from zapis.core.module import Rules
from zapis.core.words import Bi

SUITS = {"diamonds": 9, "hearts": 10, "spades": 11, "clubs": 12}
GAMES = (*SUITS, "grand", "null", "ramsch")
#: the seed's Rewolucja: "właściwie null ouvert z ręki, przy czym przeciwnicy mogą między sobą wymienić karty";
#: played only where a ruleset sets `revolution`
REVOLUTION = "revolution"
NULLS = ("null", REVOLUTION)
GAME_PL = {"diamonds": ("karo", "diamonds"), "hearts": ("kier", "hearts"), "spades": ("pik", "spades"),
           "clubs": ("trefl", "clubs"), "grand": ("grand", "Grand"), "null": ("null", "Null"),
           "ramsch": ("ramsz", "Ramsch"), REVOLUTION: ("rewolucja", "Revolution")}
NULL_VALUES = {(False, False): 23, (True, False): 35, (False, True): 46, (True, True): 59}
GAME_IN = {"diamonds": "w karo", "hearts": "w kierze", "spades": "w piku", "clubs": "w treflu", "grand": "w grandzie"}
KONTRA_PL = ["", "kontra", "re", "sup", "hirsch"]
PASSED = Bi("pas", "passed")


def legal_bids(grand_base: int = 24, revolution: int | None = None) -> list[int]:
    """Every value a bid can take: suits × 2..18, grand × 2..11, the null values, and a Revolution's value where
    the rules play it ("Wartość licytacyjna rewolucji to 92 punkty")."""
    vals = {b * m for b in SUITS.values() for m in range(2, 19)}
    vals |= {grand_base * m for m in range(2, 12)} | set(NULL_VALUES.values())
    if revolution:
        vals.add(revolution)
    return sorted(vals)


@dataclass(slots=True)
class Game:
    """One scored game."""

    kind: str  # a GAMES entry or "passed"
    declarer: str | None = None
    won: bool = False
    value: int = 0  # the game value (after the overbid rule), before kontra and bock
    mult: int = 1  # kontra x bock
    words: str = ""
    overbid: bool = False
    marks: list[str] = field(default_factory=list)
    ramsch: dict[str, int] | None = None  # ramsch scores per player
    triggers: Sequence[str] = ()  # (game_triggers() makes a new list: never added to)

    @property
    def charged(self) -> int:
        return self.value * self.mult


#: the usual bids (the first game values), one tap each on a pad; others through the keypad
BIDS = (18, 20, 22, 23, 24, 27, 30, 33, 35, 36, 40, 44, 45, 46, 48, 50, 54, 55, 59, 60)
#: matadors as players say them: with 1-4 (positive), without 1-4 (negative)
MATADOR_QUICK = (tuple((n, {"pl": f"z {n}", "en": f"with {n}"}) for n in range(1, 5))
                 + tuple((-n, {"pl": f"bez {n}", "en": f"without {n}"}) for n in range(1, 5)))


def game_value(rules: Rules, hand: Mapping[str, Any], words: bool = True) -> Game:
    """One game's value; `words` False leaves out how it was computed (Game.words empty), for the totals."""
    game = hand["game"]
    k = hand.get("kontra", 0)
    if game == REVOLUTION:  # a Null Ouvert Hand of the Revolution's value; scored as every Null
        v = rules["revolution_value"]
        said = (Bi(f"rewolucja (null otwarty z ręki) = {v}", f"Revolution (Null Ouvert Hand) = {v}") if words
                else "")
        return Game(REVOLUTION, hand["declarer"], bool(hand["won"]), v, 2 ** k, said, marks=["H", "O"])
    if game == "null":
        h, o = bool(hand.get("hand")), bool(hand.get("ouvert"))
        v = NULL_VALUES[(h, o)]
        said = Bi("null" + (" otwarty" if o else "") + (" z ręki" if h else "") + f" = {v}",
                  "Null" + (" Ouvert" if o else "") + (" Hand" if h else "") + f" = {v}") if words else ""
        return Game("null", hand["declarer"], bool(hand["won"]), v, 2 ** k, said,
                    marks=[m for m, on in (("H", h), ("O", o)) if on])
    base = SUITS.get(game) or rules["grand_base"]
    get = hand.get  # a season reads 36,000 games' flags
    m = abs(hand["matadors"])
    ouvert = bool(get("ouvert"))
    za = bool(get("schwarz_announced")) or ouvert
    sa = bool(get("schneider_announced")) or za
    hnd = bool(get("hand"))
    cp = get("card_points")
    schwarz = bool(get("schwarz"))
    sch = get("schenken")
    extra = 0  # levels a refused schenken adds
    if sch:
        if sch == "accepted":
            cp = 90 if sa else 61
            schwarz = schwarz and sa
        elif sch == "refused":
            extra = 1
        elif sch == "refused-accepted":
            extra, cp = 1, max(cp or 0, 90)
        elif sch == "refused-refused":
            extra = 2
    if cp is None:
        cp = 61 if get("won") else 60
    schneider = cp >= 90 or cp <= 30
    declarer_all = schwarz and cp > 60
    # the multiplier: with or without m, game 1, then one level for each of hand, schneider, schneider announced,
    # schwarz, schwarz announced, ouvert, and a refused Schenken's levels; its words only where they are shown
    mult = (m + 1 + hnd + (schneider or sa or extra > 0) + sa + (schwarz or za) + za + ouvert + extra)
    if "won" in hand:
        won = bool(hand["won"])
    elif sch == "accepted" or sch == "refused-accepted":
        won = True
    elif za or sch == "refused-refused":
        won = declarer_all
    elif sa or sch == "refused":
        won = cp >= 90
    else:
        won = cp >= 61
    value = base * mult
    text = levels_said(_levels(hand["matadors"] > 0, m, hnd, schneider, sa, schwarz, za, ouvert, extra), mult, base,
                       value) if words else ""
    overbid = "bid" in hand and value < hand["bid"]
    if overbid:
        value = base * math.ceil(hand["bid"] / base)
        won = False
        if words:
            text += Bi(f"; przelicytowana {hand['bid']}: {value}", f"; overbid {hand['bid']}: {value}")
    marks = []  # in this order: H S SA Z ZA O
    if hnd:
        marks.append("H")
    if schneider:
        marks.append("S")
    if sa:
        marks.append("SA")
    if schwarz:
        marks.append("Z")
    if za:
        marks.append("ZA")
    if ouvert:
        marks.append("O")
    return Game(game, hand["declarer"], won, value, 2 ** k, text, overbid, marks)


def _levels(with_: bool, m: int, hnd: bool, schneider: bool, sa: bool, schwarz: bool, za: bool, ouvert: bool,
            extra: int) -> list[tuple[tuple[str, str], int]]:
    """The multiplier's levels as game_value() counts them, each named (Polish, English), for its words."""
    levels = [(("z", "with") if with_ else ("bez", "without"), m), (("gra", "game"), 1)]
    for name, on in ((("z ręki", "hand"), hnd), (("krawiec", "schneider"), schneider or sa or extra),
                     (("zapowiedziany", "announced"), sa), (("czarno", "schwarz"), schwarz or za),
                     (("zapowiedziane", "announced"), za), (("otwarta", "ouvert"), ouvert)):
        if on:
            levels.append((name, 1))
    if extra:
        levels.append((("schenken odrzucone", "schenken refused"), extra))
    return levels


def levels_said(levels, mult: int, base: int, value: int) -> Bi:
    """The multiplier levels in words: "z 2 gra 3, ...; 3×10 = 30"."""
    running_n, words = 0, {"pl": [], "en": []}
    for j, (name, x) in enumerate(levels):
        running_n += x
        for lang, said in zip(("pl", "en"), name):
            words[lang].append(f"{said} {running_n}" if j == 0 or x == 1 else f"{said} +{x} = {running_n}")
    tail = f"; {mult}×{base} = {value}"
    return Bi(", ".join(words["pl"]) + tail, ", ".join(words["en"]) + tail)
