"""The skat lists: each game's points on a tournament (Seeger-Fabian), beer or house list, a house list's money,
a series' length and end, the Seeger-Fabian foot of the list, places and the winner."""

from __future__ import annotations

import math

from zapis.core.sheet import leaders
from zapis.modules.skat.values import Game


def list_scores(rules, players, g: Game, dealer: str, into: dict[str, int] | None = None) -> dict[str, int]:
    """What one game writes on the list for each player (the dealer who sits out at four included); added to
    `into` (each player's total so far) when given, which is returned (a season adds 36,000 games up)."""
    n = len(players)
    s = dict.fromkeys(players, 0) if into is None else into
    if g.ramsch is not None:
        if rules["list"] == "beer":
            for p, v in g.ramsch.items():
                if v > 0:  # a Durchmarsch cannot be written as plus: the others take it
                    for q in players:
                        if q != p and not (n == 4 and q == dealer):
                            s[q] -= v
                else:
                    s[p] += v
            return s
        for p, v in g.ramsch.items():
            s[p] += v
        return s
    if g.kind == "passed":
        return s
    decl = g.declarer
    v = g.value * g.mult
    lost_factor = 1 if (rules["lost_hand_single"] and "H" in g.marks) else 2
    lst = rules["list"]
    bonus_mult = g.mult if rules["kontra_doubles_bonus"] else 1
    if lst == "tournament":
        if g.won:
            s[decl] += v + rules["won_bonus"] * bonus_mult
        else:
            s[decl] -= lost_factor * v + rules["won_bonus"] * bonus_mult
            each = (rules["defeat_bonus_3"] if n == 3 else rules["defeat_bonus_4"]) * bonus_mult
            for p in players:
                if p != decl:
                    s[p] += each
    elif lst == "beer":
        if g.won:
            for p in players:
                if p == decl or (n == 4 and p == dealer and not rules["beer_dealer_pays"]):
                    continue
                s[p] -= v
        else:
            s[decl] -= lost_factor * v
    else:
        s[decl] += v if g.won else -lost_factor * v
    return s


def game_money(rules, players, g: Game) -> dict[str, float]:
    """House list: the declarer is paid by (or pays) every other player at the table; in a Ramsch each player the
    list gives minus points (the loser) pays, and the one it gives plus points (a Durchmarsch) is paid, the value
    on the list at the stake by every other player at the table (the seed, "Szkat", house game: "rozlicza się gry
    mnożąc stawkę przez wartość gry, a wynik zaokrągla się do góry do pełnych dziesiątek groszy ... przy graniu w
    czterech również rozdający który pauzował")."""
    m = {p: 0 for p in players}
    unit = rules["money_round"]
    if g.ramsch is not None:
        for p, v in g.ramsch.items():
            each = math.ceil(abs(v) * rules["stake"] / unit - 1e-9) * unit * (1 if v > 0 else -1)
            for q in players:
                if q != p and v:
                    m[p] += each
                    m[q] -= each
        return m
    if g.kind == "passed":
        return m
    each = math.ceil(g.charged * rules["stake"] / unit - 1e-9) * unit
    if not g.won:
        each *= 1 if (rules["lost_hand_single"] and "H" in g.marks) else 2
    sign = 1 if g.won else -1
    for p in players:
        if p != g.declarer:
            m[p] -= sign * each
            m[g.declarer] += sign * each
    return m


def won_lost(players, games: list[Game]) -> tuple[dict[str, int], dict[str, int]]:
    """Each player's games won and lost as declarer (Ramsch and passed deals are nobody's)."""
    won, lost = dict.fromkeys(players, 0), dict.fromkeys(players, 0)
    for g in games:
        if g.ramsch is None and g.kind != "passed" and g.declarer in won:
            (won if g.won else lost)[g.declarer] += 1
    return won, lost


def series_length(rules, n):
    return rules["series"] or (36 if n == 3 else 48)


def list_finished(rules, n: int, deals: int, totals) -> bool:
    """A beer list ends when somebody reaches the target's minus; the others with the series."""
    if rules["list"] == "beer":
        # carried-in totals count: a start already at the target leaves no deal to play (check_sequence)
        return min(totals.values()) <= -rules["beer_target"]
    return deals >= series_length(rules, n)


def list_winner(rules, players, totals, won, lost, finished) -> str | list[str] | None:
    """The winner of a finished list: the tournament's first place (Seeger-Fabian), otherwise the highest
    total."""
    if not finished:
        return None
    if rules["list"] == "tournament":
        return first_place(players, places(players, totals, won, lost))
    return leaders(players, totals)


def settlement(rules, players, games: list[Game]) -> dict[str, float]:
    """House list: each player's money over the games."""
    money = {p: 0 for p in players}
    for g in games:
        for p, v in game_money(rules, players, g).items():
            money[p] += v
    return money


def seeger_fabian(rules, players, games, totals, won, lost) -> dict[str, dict[str, int]]:
    """The foot of the tournament list: the seed's block, per player."""
    each = rules["defeat_bonus_3"] if len(players) == 3 else rules["defeat_bonus_4"]
    block = {p: {"won": won[p], "lost": lost[p], "values": 0, "bonus_won": 0, "bonus_defeat": 0}
             for p in players}
    for g in games:
        if g.ramsch is not None:
            for p, v in g.ramsch.items():
                block[p]["values"] += v
            continue
        if g.kind == "passed":
            continue
        bm = g.mult if rules["kontra_doubles_bonus"] else 1
        lost_factor = 1 if (rules["lost_hand_single"] and "H" in g.marks) else 2
        b = block[g.declarer]
        b["values"] += g.charged if g.won else -lost_factor * g.charged
        b["bonus_won"] += rules["won_bonus"] * bm * (1 if g.won else -1)
        if not g.won:
            for p in players:
                if p != g.declarer:
                    block[p]["bonus_defeat"] += each * bm
    place = places(players, totals, won, lost)
    for p in players:
        block[p]["total"] = totals[p]
        block[p]["place"] = place[p]
    return block


def places(players, totals, won, lost) -> dict[str, int]:
    key = {p: (totals[p], won[p], -lost[p]) for p in players}
    return {p: 1 + sum(1 for q in players if key[q] > key[p]) for p in players}


def first_place(players, place):
    first = [p for p in players if place[p] == 1]
    return first[0] if len(first) == 1 else first
