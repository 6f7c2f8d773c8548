"""The skat sheet: the list row by row with each game's words, the Seeger-Fabian foot, a beer list's loser, a house
list's settlement and the next deal; and the totals the standings need, folded without the rows."""

from __future__ import annotations

from typing import Any

from zapis.core.module import DECLARED, Rules, dealers
from zapis.core.sheet import Cell, Row, Section, Sheet, running
from zapis.core.words import Bi
from zapis.modules.skat.house import fold
from zapis.modules.skat.lists import (
    list_finished, list_scores, list_winner, seeger_fabian, series_length, settlement, won_lost,
)
from zapis.modules.skat.values import GAME_PL


def totals_sheet(module_id: str, rules, players, hands, start=None) -> Sheet:
    """The list's totals, end and winner (and a house list's money) folded from the games without the rows:
    the games without their words, each deal's list scores (the sheet's own) added up."""
    r = rules.values if isinstance(rules, Rules) else rules  # a plain mapping: read on every deal
    deal_by = dealers(players, hands)
    games, _ = fold(r, players, hands, False, deal_by)
    start = start or {}
    totals = {p: start.get(p, 0) for p in players}
    for g, d in zip(games, deal_by):
        list_scores(r, players, g, d, totals)
    won, lost = won_lost(players, games)
    finished = list_finished(r, len(players), len(hands), totals)
    extra = {"money": settlement(r, players, games)} if r["list"] == "house" else {}
    # each declarer's games and those won, from the same fold (the season's statistics would fold again)
    extra[DECLARED] = {p: (won[p] + lost[p], won[p]) for p in players if won[p] + lost[p]}
    return Sheet(module=module_id, ruleset=rules.id, title=rules.title, players=players, totals=totals,
                 finished=finished, winner=list_winner(r, players, totals, won, lost, finished), extra=extra)


def score_sheet(module_id: str, rules, players, hands, start=None) -> Sheet:
    n = len(players)
    deal_by = dealers(players, hands)
    games, bock_left = fold(rules, players, hands, True, deal_by)
    per_hand = [list_scores(rules, players, g, d) for g, d in zip(games, deal_by)]
    results = running(per_hand, players, dict(start or {}))
    totals = results[-1].totals if results else {p: (start or {}).get(p, 0) for p in players}
    won, lost = won_lost(players, games)
    series = series_length(rules, n)
    lst = rules["list"]
    finished = list_finished(rules, n, len(hands), totals)
    winner = list_winner(rules, players, totals, won, lost, finished)
    rows = []
    for i, (g, s) in enumerate(zip(games, per_hand)):
        if g.kind == "passed":
            what = Bi("pas", "passed")
        elif g.ramsch is not None:
            what = Bi("ramsz", "Ramsch")
        else:
            marks = "".join(g.marks)
            tail = (f" {marks}" if marks else "") + f" {'+' + str(g.charged) if g.won else str(-2 * g.charged)}"
            what = Bi(f"{g.declarer} {GAME_PL[g.kind][0]}{tail}", f"{g.declarer} {GAME_PL[g.kind][1]}{tail}")
        label = f"{i + 1}. {deal_by[i]}: " + what
        rows.append(Row(label, [Cell.num(results[i].totals[p]) for p in players], hand=i, note=g.words))
    sections = [Section(rules.title, list(players), rows, label_header=Bi("gra", "game"))]
    extra: dict[str, Any] = {}
    if lst == "tournament":
        block = seeger_fabian(rules, players, games, totals, won, lost)
        extra["list"] = block
        foot = [(Bi("gier wygranych", "games won"), "won"), (Bi("gier przegranych", "games lost"), "lost"),
                (Bi("suma wartości gier", "game values"), "values"),
                (Bi("premia za wygrane", "bonus for games won"), "bonus_won"),
                (Bi("premia za pokonanie", "bonus for defeats"), "bonus_defeat"),
                (Bi("wynik końcowy", "result"), "total"), (Bi("miejsce", "place"), "place")]
        sections.append(Section("Seeger-Fabian", list(players),
                                [Row(lbl, [Cell.num(block[p][k]) for p in players],
                                     marks=frozenset({"total"}) if k == "total" else frozenset())
                                 for lbl, k in foot]))
    elif lst == "beer":
        loser = min(players, key=lambda p: totals[p]) if finished else None
        extra["loser"] = loser
    else:
        money = settlement(rules, players, games)
        extra["money"] = money
        stake = rules["stake"]
        title = Bi(f"rozliczenie (stawka {stake} gr/pkt)", f"settlement (stake {stake} gr a point)")
        sections.append(Section(title, list(players),
                                [Row(Bi("groszy", "grosze"), [Cell.num(money[p]) for p in players])]))
    extra["won"], extra["lost"] = won, lost
    nxt = None
    if not finished:
        dealer = players[(players.index(deal_by[-1]) + 1) % n] if hands else players[0]
        nxt = {"deal": len(hands) + 1, "dealer": dealer, "forehand": players[(players.index(dealer) + 1) % n]}
        if lst != "beer":
            nxt["deals_left"] = series - len(hands)
        if bock_left:
            nxt["bock"] = bock_left
    return Sheet(module=module_id, ruleset=rules.id, title=rules.title, players=players, hands=results,
                 totals=totals, finished=finished, winner=winner, next=nxt, sections=sections, extra=extra)
