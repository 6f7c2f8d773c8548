"""Skat house rules in the fold of the deals: Ramsch and Schieberamsch on an all-pass deal, Bock rounds and what
starts them, Kontra's multiplier; each deal scored as a game in order."""

from __future__ import annotations

from typing import Any, Mapping

from zapis.core.module import Rules, dealers
from zapis.core.words import Bi
from zapis.modules.common import plural_pl
from zapis.modules.skat.values import KONTRA_PL, PASSED, Game, game_value

#: what may start a Bock round; "grand-four" is the seed's "grand z czterema" (with four matadors only),
#: "grand-four-either" a grand with or without four; the others are the houses' of ../shared/rules/skat.md §3.3
BOCK_TRIGGERS = ("grand-four", "grand-four-either", "grand-hand", "null-ouvert-hand", "kontra", "kontra-lost", "re",
                 "over-120", "lost-60", "schneider")


def plays_ramsch(rules) -> bool:
    """Whether these rules ever play a Ramsch: after a deal everybody passed, or as a Bock round's game."""
    return rules["all_pass"] != "pass" or (rules["bock"] and rules["bock_mode"] == "schieberamsch")


def ramsch_game(rules, players, hand, playing, schiebe: bool, words: bool = True) -> Game:
    """A Ramsch (a Schieberamsch with `schiebe`) among the players `playing`: each player's score."""
    pts = {p: hand["points"].get(p, 0) for p in playing}
    skat = 120 - sum(pts.values())
    jung = set(hand.get("jungfrau", []))
    if not hand.get("jungfrau"):
        jung = {p for p in playing if pts[p] == 0}
    out = {p: 0 for p in players}
    said_by = hand.get("jungfrau_announced") if schiebe and rules["jungfrau_announce"] else None
    if said_by in playing and said_by not in jung:  # "Jungfrau angesagt", and a trick taken: over, -120 for him
        out[said_by] = -120
        said = Bi(f"{said_by}: zapowiedziana jungfrau, a wzięta lewa: -120",
                  f"{said_by} announced Jungfrau and took a trick: -120") if words else ""
        return Game("ramsch", None, False, 0, 1, said, ramsch=out, marks=["R"])
    takers = [p for p in playing if p not in jung]
    if len(takers) == 1:  # Durchmarsch
        t = takers[0]
        out[t] = rules["durchmarsch"] if rules["ramsch_value"] == "points" else rules["ramsch_fixed"][2]
        said = Bi(f"durchmarsz {t}: +{out[t]}", f"Durchmarsch {t}: +{out[t]}") if words else ""
        return Game("ramsch", None, True, 0, 1, said, ramsch=out, marks=["D"])
    if rules["ramsch_skat"] == "last-trick" and hand.get("last_trick") in pts:
        pts[hand["last_trick"]] += skat
    best = max(pts.values())
    losers = [p for p in playing if pts[p] == best]
    if rules["ramsch_skat"] == "loser":
        for p in losers:
            pts[p] += skat
    if len(losers) > 1 and rules["ramsch_tie"] == "last-trick" and hand.get("last_trick") in losers:
        losers = [hand["last_trick"]]
    factor = 2 ** len(jung) * (2 if said_by in jung else 1)  # an announced Jungfrau made: "another x2"
    loser_x = rules["ramsch_loser_factor"] if schiebe else 1  # the seed: "mnożnik dwa za przegraną"
    if schiebe:
        factor *= loser_x * 2 ** hand.get("pushes", 0)
    for p in losers:
        if rules["ramsch_value"] == "fixed":
            out[p] = -(rules["ramsch_fixed"][1] if jung else rules["ramsch_fixed"][0])
        else:
            out[p] = -pts[p] * factor
    if not words:
        return Game("ramsch", None, False, 0, 1, "", ramsch=out, marks=["R"])
    lost = pts[losers[0]]
    jung_x = f" ×{2 ** len(jung)}" if jung else ""
    if said_by in jung:
        jung_x += f" ×2 ({said_by})"
    push_x = f" ×{2 ** hand.get('pushes', 0)}" if schiebe and hand.get("pushes") else ""
    fixed = rules["ramsch_value"] == "fixed"
    lose_x = f" ×{loser_x}" if loser_x != 1 and not fixed else ""
    who = ", ".join(losers)
    said = Bi(f"{'suwany ' if schiebe else ''}ramsz: {who} {lost} {plural_pl(lost, 'oczko', 'oczka', 'oczek')}"
              + (f", za przegraną{lose_x}" if lose_x else "")
              + (f", jungfrau{jung_x}" if jung else "") + (f", przesunięty{push_x}" if push_x else ""),
              f"{'Schieberamsch' if schiebe else 'Ramsch'}: {who} {lost} card point{'s' * (lost != 1)}"
              + (f", for losing{lose_x}" if lose_x else "")
              + (f", Jungfrau{jung_x}" if jung else "") + (f", pushed{push_x}" if push_x else ""))
    return Game("ramsch", None, False, 0, 1, said, ramsch=out, marks=["R"])


def fold(rules: Rules, players: list[str], hands: list[Mapping[str, Any]], words: bool = True,
         deal_by: list[str] | None = None) -> tuple[list[Game], int]:
    """Each deal scored as a game, with kontra and Bock applied; and the Bock deals still to come. `words`
    False: the games without how they were computed (no words; no Bock triggers where no Bock is played): the
    totals need none."""
    out: list[Game] = []
    if deal_by is None:
        deal_by = dealers(players, hands)
    rounds: list[int] = []  # the Bock rounds started, each with its deals still to come, the oldest first
    n = len(players)
    bock, bock_mode, all_pass = rules["bock"], rules["bock_mode"], rules["all_pass"]
    stack = rules["bock_overlap"] == "stack"
    doubled = bock_mode == "double"
    for hand, d in zip(hands, deal_by):
        # the Bock rounds this deal is in: queued rounds one after another; stacked ones all at once (x2 each)
        layers = 0
        if rounds:
            layers = len(rounds) if stack else 1
            rounds = [left - 1 for left in rounds] if stack else [rounds[0] - 1, *rounds[1:]]
            rounds = [left for left in rounds if left > 0]
        get = hand.get
        if get("game") == "ramsch":
            playing = [p for p in players if p != d] if n == 4 else list(players)
            schiebe = all_pass == "schieberamsch" or (layers > 0 and bock_mode == "schieberamsch")
            g = ramsch_game(rules, players, hand, playing, schiebe, words)
        elif get("passed") or "declarer" not in hand:
            g = Game("passed", words=PASSED if words else "")
        else:
            g = game_value(rules, hand, words)
            if words:
                k = get("kontra", 0)
                if k:
                    g.words += f" ×{2 ** k} {KONTRA_PL[k]}"
            if words or bock:  # without words and Bock rounds nothing reads them
                g.triggers = game_triggers(rules, hand, g)
        if bock and g.triggers and rules["bock_trigger_doubled"] and doubled:
            layers += 1  # "also auch schon das einleitende Spiel": the game that starts the round counts double
        if layers and doubled and g.kind != "passed":  # a Ramsch dealt in a Bock round is one of its games: too
            for _ in range(layers):
                bock_doubled(g, words)
        if bock and g.triggers:  # one Bock round for the deal, or one for each trigger it set off
            rounds += [n] * (len(g.triggers) if rules["bock_per_deal"] == "each" else 1)
        out.append(g)
    return out, (max(rounds, default=0) if stack else sum(rounds))


def bock_doubled(g: Game, words: bool) -> None:
    """A game of a Bock round: "every game in the Bock round counts double, won or lost" (the seed's
    "Rundowanie": "o podwójnej wartości"); a Ramsch's (or Durchmarsch's) scores as well."""
    g.mult *= 2
    if g.ramsch is not None:
        g.ramsch = {p: 2 * v for p, v in g.ramsch.items()}
    if words:
        g.words += " ×2 bock"


def game_triggers(rules, hand, g: Game) -> list[str]:
    """What of the rules' `bock_triggers` this game sets off."""
    t = []
    trig = rules["bock_triggers"]
    k = hand.get("kontra", 0)
    if g.kind == "grand":  # the seed: "Po grand z czterema": with four; "grand-four-either": without too
        m = hand.get("matadors", 0)
        if "grand-four" in trig and m == 4:
            t.append("grand-four")
        if "grand-four-either" in trig and abs(m) == 4:
            t.append("grand-four-either")
        if "grand-hand" in trig and hand.get("hand"):
            t.append("grand-hand")
    if "null-ouvert-hand" in trig and g.kind in ("null", "revolution") and {"H", "O"} <= set(g.marks):
        t.append("null-ouvert-hand")
    if "kontra" in trig and k >= 1:
        t.append("kontra")
    if "kontra-lost" in trig and k >= 1 and g.won:  # the kontra said against the declarer, and lost
        t.append("kontra-lost")
    if "re" in trig and k >= 2:
        t.append("re")
    if "schneider" in trig and "S" in g.marks:
        t.append("schneider")
    if "over-120" in trig and g.value > 120:
        t.append("over-120")
    if "lost-60" in trig and not g.won and hand.get("card_points") == 60:
        t.append("lost-60")
    return t
