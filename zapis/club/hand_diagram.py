"""A dealt board as a club's hand record prints it, in plain text lines for a screen or a tablet: the four hands
around the table (N above, W and E beside, S below, a suit a line), then the tricks each declarer takes double
dummy in each strain and the par. Polish notation where the language is Polish (BA for notrump)."""

from __future__ import annotations

from typing import Any, Mapping

from zapis.modules.bridge.deals import SUITS, Deal
from zapis.modules.bridge.law77 import STRAIN_SYMBOL

SIGN = {s: STRAIN_SYMBOL[s] for s in SUITS}
STRAIN_WORD = {"pl": {"NT": "BA", **SIGN}, "en": {"NT": "NT", **SIGN}}
WORDS = {"pl": ("w widne karty", "par", "pas"), "en": ("double dummy", "par", "pass")}
WIDTH = 16  # a hand's column: "♠ AKQJ109876543" fits


def _hand(deal: Deal, seat: str) -> list[str]:
    return [seat] + [f"{SIGN[s]} {deal.suit(seat, s).replace('T', '10') or '—'}" for s in SUITS]


def diagram_lines(deal: Deal) -> list[str]:
    """Eleven lines: North's five (its seat, then ♠♥♦♣) indented, West and East side by side, South's five."""
    pad = " " * WIDTH
    north, south = _hand(deal, "N"), _hand(deal, "S")
    west, east = _hand(deal, "W"), _hand(deal, "E")
    return ([pad + line for line in north] + [""]
            + [w.ljust(WIDTH) + pad + e for w, e in zip(west, east)] + [""] + [pad + line for line in south])


def contract_words(contract: str, lang: str) -> str:
    """"4SN" -> "4♠ N", "5HXE" -> "5♥X E", "3NTW" -> "3BA W" (Polish)."""
    level, rest, seat = contract[0], contract[1:-1], contract[-1]
    double = "X" * rest.count("X")
    strain = rest.rstrip("X")
    return f"{level}{STRAIN_WORD[lang].get(strain, strain)}{double} {seat}"


def analysis_lines(analysis: Mapping[str, Any], lang: str) -> list[str]:
    """The double-dummy table (a row per declarer N, S, E, W; a column per strain) and the par line."""
    words = WORDS["en" if lang == "en" else "pl"]
    names = STRAIN_WORD["en" if lang == "en" else "pl"]
    strains = ("NT", "S", "H", "D", "C")
    dd = analysis["dd"]
    out = [f"{words[0]}:", "    " + "".join(f"{names[s]:>4}" for s in strains)]
    out += [f"  {seat} " + "".join(f"{dd[seat][s]:>4}" for s in strains) for seat in "NSEW"]
    par = analysis["par"]
    named = ", ".join(contract_words(c, "en" if lang == "en" else "pl") for c in par["contracts"]) or words[2]
    out.append(f"{words[1]}: {named}  (N-S {par['score_ns']:+d})")
    return out
