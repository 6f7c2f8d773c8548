"""A prize tournament (Preisskat) drawn with rich: the ranking with each player's money, the prize list, the
teams and the tandems. The same drawing for `zapis skat ranking --tournament` and the app's tournament screen."""

from __future__ import annotations

from typing import Any, Sequence

from rich.console import Group
from rich.table import Column, Table
from rich.text import Text

from zapis.club.evening import money_text, place_text
from zapis.lang import t
from zapis.lang.text import plain_text


def award_name(what: str) -> str:
    """A prize's name: "1" is the first place's, anything else a category's (a special prize)."""
    return t("sk_place_n", n=what) if what.isdigit() else what


def prize_group(rows: Sequence[Any], money: Any, teams: Sequence[Any], tandems: Sequence[Any], lang: str) -> Group:
    """`rows` the individual ranking (zapis.club.skat_tournament.Ranked), `money` its settlement and
    `teams`/`tandems` the group rankings (zapis.club.preisskat). Names are data: plain text."""
    grid = Table("#", t("st_player"), *(Column(t(k), justify="right") for k in
                                        ("sk_result", "sk_won", "sk_lost", "sk_paid", "sk_prize", "sk_net")),
                 box=None, padding=(0, 1))
    for r in rows:
        last = r.place + sum(1 for q in rows if q.place == r.place) - 1
        won = money.won(r.player)
        net = money.net(r.player)
        grid.add_row(place_text(r.place, last), plain_text(r.player), str(r.result), str(r.won), str(r.lost),
                     money_text(money.paid[r.player], lang), money_text(won, lang) if won else "",
                     Text(money_text(net, lang), style="red" if net < 0 else ""))
    parts: list[Any] = [grid, Text(f"{t('sk_prize_list')} ({t('sk_pot')}: {money_text(money.pot, lang)}, "
                                   f"{t('sk_house')}: {money_text(money.house, lang)})", style="bold")]
    for what, player, groszy in money.awards:
        parts.append(plain_text(f"  {award_name(what)}: {player} {money_text(groszy, lang)}"))
    if not money.awards:
        parts.append(Text(f"  {t('sk_no_prizes')}"))
    for title, groups in ((t("sk_teams"), teams), (t("sk_tandems"), tandems)):
        if groups:
            parts.append(Text(title, style="bold"))
            for g in groups:
                parts.append(plain_text(f"  {g.place}. {g.name} ({', '.join(g.players)}): {g.result}"))
    return Group(*parts)
