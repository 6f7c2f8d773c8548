"""A prize tournament's list on A4 (HTML, printed from a browser): the ranking with each player's fees, prize and
money, the prize list with the pot and the house's part, the teams and the tandems. Names are data: escaped."""

from __future__ import annotations

from typing import Any, Sequence

from zapis.club.evening import money_text, place_text
from zapis.io.export import CSS
from zapis.lang.text import html_text

NAMES_LEFT = "td.name, th.name { text-align: left; }"
WORDS = {  # (pl, en)
    "ranking": ("Klasyfikacja", "Ranking"), "player": ("gracz", "player"), "result": ("wynik", "result"),
    "paid": ("wpłacił", "paid"), "prize": ("nagroda", "prize"), "money": ("bilans", "net"),
    "prizes": ("Lista nagród", "Prize list"), "pot": ("pula", "pot"), "house": ("dla organizatora", "the house"),
    "place": ("{n}. miejsce", "place {n}"), "teams": ("Drużyny", "Teams"), "tandems": ("Tandemy", "Tandems"),
    "team": ("nazwa", "name"), "members": ("gracze", "players"),
}


def prize_list_html(title: str, rows: Sequence[Any], money: Any, teams: Sequence[Any], tandems: Sequence[Any],
                    lang: str = "pl") -> str:
    """The page: `rows` the individual ranking (zapis.club.skat_tournament.Ranked), `money` its settlement and
    `teams`/`tandems` the group rankings (zapis.club.preisskat)."""
    def w(key: str, **kw: Any) -> str:
        return WORDS[key][1 if lang == "en" else 0].format(**kw)

    def zl(grosze: int) -> str:
        return html_text(money_text(grosze, lang))

    body = [f"<h1>{html_text(title)}</h1>",
            f"<h2>{w('ranking')}</h2><table><tr><th>#</th><th class=\"name\">{w('player')}</th><th>{w('result')}</th>"
            f"<th>{w('paid')}</th><th>{w('prize')}</th><th>{w('money')}</th></tr>"]
    for r in rows:
        last = r.place + sum(1 for q in rows if q.place == r.place) - 1
        won = money.won(r.player)
        net = money.net(r.player)
        body.append(f"<tr><td>{place_text(r.place, last)}</td><td class=\"name\">{html_text(r.player)}</td><td>{r.result}</td>"
                    f"<td>{zl(money.paid[r.player])}</td><td>{zl(won) if won else ''}</td>"
                    f"<td class=\"{'neg' if net < 0 else ''}\">{zl(net)}</td></tr>")
    body.append("</table>")
    body.append(f"<h2>{w('prizes')}</h2><p>{w('pot')}: {zl(money.pot)} · {w('house')}: {zl(money.house)}</p>"
                "<table>")
    for what, player, amount in money.awards:
        label = w("place", n=what) if what.isdigit() else html_text(what)
        body.append(f"<tr><td>{label}</td><td class=\"name\">{html_text(player)}</td><td>{zl(amount)}</td></tr>")
    body.append("</table>")
    for key, groups in (("teams", teams), ("tandems", tandems)):
        if not groups:
            continue
        body.append(f"<h2>{w(key)}</h2><table><tr><th>#</th><th class=\"name\">{w('team')}</th><th class=\"name\">{w('members')}</th>"
                    f"<th>{w('result')}</th></tr>")
        for g in groups:
            body.append(f"<tr><td>{g.place}.</td><td class=\"name\">{html_text(g.name)}</td>"
                        f"<td class=\"name\">{html_text(', '.join(g.players))}</td><td>{g.result}</td></tr>")
        body.append("</table>")
    return (f"<!DOCTYPE html>\n<html lang=\"{'en' if lang == 'en' else 'pl'}\"><head><meta charset=\"utf-8\">"
            f"<title>{html_text(title)}</title><style>{CSS}{NAMES_LEFT}</style></head><body>\n" + "\n".join(body)
            + "\n</body></html>\n")
