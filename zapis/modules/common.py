"""Checks several modules share: a sum that must come out right, and the sale of a choice."""

from __future__ import annotations

from typing import Any

from zapis.core.errors import Problem, fmt


def sum_message(total: int, want: int, what: str = "") -> str:
    """"hearts sum to 12, not 13 (1 short)": which sum is off and by how much."""
    diff = total - want
    head = f"{what} sum to" if what else "sum to"
    return f"{head} {total}, not {want} ({abs(diff)} {'too many' if diff > 0 else 'short'})"


def check_sale(sale: Any, players: list[str], price: str, low: int, high: int | None) -> list[Problem]:
    """A sale { seller, buyer, <price> }: both players of the game, not the same one, a price in range."""
    if not isinstance(sale, dict):
        return [Problem("sale", f"{fmt(sale)} is not a table {{ seller, buyer, {price} }}")]
    out = [Problem(f"sale.{k}", "unknown field") for k in sale if k not in ("seller", "buyer", price)]
    for k in ("seller", "buyer"):
        if k not in sale:
            out.append(Problem(f"sale.{k}", "missing"))
        elif sale[k] not in players:
            out.append(Problem(f"sale.{k}", f"{fmt(sale[k])} is not a player of this game"))
    v = sale.get(price)
    if v is None:
        out.append(Problem(f"sale.{price}", "missing"))
    elif not isinstance(v, int) or isinstance(v, bool) or v < low or (high is not None and v > high):
        rng = f"between {low} and {high}" if high is not None else f"at least {low}"
        out.append(Problem(f"sale.{price}", f"{fmt(v)} is not {rng}"))
    if not out and sale["seller"] == sale["buyer"]:
        out.append(Problem("sale.buyer", "the seller cannot buy his own choice"))
    return out
