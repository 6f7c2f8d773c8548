"""A prize tournament (Preisskat, issue 34): 12 players, 3 series, from the lists to the prize list, the teams of 4
and the tandems. Every figure worked by hand below, in groszy, from zapis.club.preisskat's rules (the fees, the
pot, the special prizes first to players without a place prize, the places' percentages, the house the rest) and
the Seeger-Fabian ranking's order (result, then more won, then fewer lost; a shared place when all are equal)."""

import pytest

from zapis.club import preisskat as pk
from zapis.club import skat_tournament as st
from zapis.core.errors import ZapisError

P = [f"P{i}" for i in range(1, 13)]
SERIES = [[[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]],
          [[1, 5, 9, 12], [2, 6, 10, 3], [4, 7, 8, 11]],
          [[1, 6, 11, 4], [2, 7, 12, 9], [3, 5, 8, 10]]]


def lists():
    """Player i scores 100 x (13 - i) on each of his three lists, wins 2 games and loses i mod 3 on each."""
    out = []
    for s, tables in enumerate(SERIES):
        for t, seats in enumerate(tables, start=1):
            names = [f"P{i}" for i in seats]
            out.append(st.TournamentList(10 * s + t, t, names, {f"P{i}": 100 * (13 - i) for i in seats},
                                         dict.fromkeys(names, 2), {f"P{i}": i % 3 for i in seats}))
    return out


TOURNAMENT = {
    "entry_fee": 10, "table_fee": 1, "house_share": 0.1, "lost_fees_to": "pot", "prizes": [40, 25, 15, 10],
    "special": {"woman": 20, "youth": 10},
    "categories": {"P2": "woman", "P7": ["woman"], "P9": ["youth"], "P12": ["youth"]},
    "teams": {"A": ["P1", "P6", "P7", "P12"], "B": ["P2", "P5", "P8", "P11"], "C": ["P3", "P4", "P9", "P10"]},
    "tandems": {f"T{k}": [f"P{2 * k - 1}", f"P{2 * k}"] for k in range(1, 7)},
}


def test_a_twelve_player_three_series_preisskat_from_the_fees_to_the_prize_list():
    rows = st.ranking(lists())
    assert [(r.place, r.player, r.result) for r in rows] == [(i, f"P{i}", 300 * (13 - i)) for i in range(1, 13)]
    # lost-game fees (0.50 a lost game for the first three of a list): i mod 3 lost on each of 3 lists
    assert [r.fees for r in rows] == [150, 300, 0] * 4
    t = pk.parse(TOURNAMENT, P)
    money = pk.settle(rows, t)
    # the pot: 12 entries of 10 zł = 12,000, less the house's 10% (1,200), with the 1,800 of lost-game fees
    assert money.pot == 12000 - 1200 + 1800 == 12600
    # special prizes first: P2 is a woman but wins the 2nd place, so the best woman without a prize is P7 (20 zł);
    # the best youth is P9 (10 zł). Left: 9,600; places 40/25/15/10 %: 3,840, 2,400, 1,440, 960
    assert money.awards == [("woman", "P7", 2000), ("youth", "P9", 1000), ("1", "P1", 3840), ("2", "P2", 2400),
                            ("3", "P3", 1440), ("4", "P4", 960)]
    # each pays 10 zł entry, 1 zł a series (3) and his lost-game fees
    assert [money.paid[p] for p in P] == [1000 + 300 + f for f in [150, 300, 0] * 4]
    assert [money.net(p) for p in P] == [2390, 800, 140, -490, -1600, -1300, 550, -1600, -300, -1450, -1600, -1300]
    # the house: the table fees 3,600, its share 1,200 and the 960 no percentage took
    assert money.house == 3600 + 1200 + 960 == 5760
    assert sum(money.net(p) for p in P) + money.house == 0


def test_teams_of_four_and_tandems_are_ranked_beside_the_players():
    rows = st.ranking(lists())
    t = pk.parse(TOURNAMENT, P)
    teams = pk.group_ranking(rows, t.teams)
    # every team sums 7,800 and 24 games won; A and C lost 6 games (P1, P7 and P4, P10 one a list), B 24:
    # A and C share the first place, B is third
    assert [(g.place, g.name, g.result, g.won, g.lost) for g in teams] == [
        (1, "A", 7800, 24, 6), (1, "C", 7800, 24, 6), (3, "B", 7800, 24, 24)]
    tandems = pk.group_ranking(rows, t.tandems)
    assert [(g.place, g.name, g.result) for g in tandems] == [
        (1, "T1", 6900), (2, "T2", 5700), (3, "T3", 4500), (4, "T4", 3300), (5, "T5", 2100), (6, "T6", 900)]


def test_players_sharing_a_place_share_its_prizes_and_the_lost_fees_may_be_the_houses():
    rows = st.ranking(lists())
    rows[1].place = rows[2].place = 2  # P2 and P3 tied for the 2nd place: they share the 2nd and 3rd prizes
    money = pk.settle(rows, pk.parse({"entry_fee": 10, "prizes": [50, 30, 20], "lost_fees_to": "house"}, P))
    # the pot: the 12,000 of entries only; 50/30/20 %: 6,000, then (3,600 + 2,400) / 2 = 3,000 each
    assert money.pot == 12000 and [a for a in money.awards] == [("1", "P1", 6000), ("2", "P2", 3000),
                                                                  ("2", "P3", 3000)]
    assert money.house == 1800 and sum(money.net(p) for p in P) + money.house == 0  # the lost-game fees


def test_a_bad_tournament_file_is_refused_whole_naming_each_key():
    with pytest.raises(ZapisError) as e:
        pk.parse({"entry_fee": -1, "house_share": 2, "prizes": [60, 50], "teams": {"A": ["P1", "P2", "P3"]},
                  "tandems": {"X": ["P1", "Zenon"], "Y": ["P1", "P4"]}, "categories": {"P5": ["senior"]},
                  "fees": 1}, P)
    places = [p.place for p in e.value.problems]
    assert places == ["fees", "entry_fee", "house_share", "prizes", "categories.P5", "teams.A", "tandems.Y",
                      "tandems.X"]


LIST_1 = ('format = "zapis/1"\nruleset = "skat-tournament"\nplayers = ["A", "B", "C"]\n\n[[hands]]\n'
          'declarer = "A"\ngame = "hearts"\nmatadors = 1\ncard_points = 70\n')
LIST_2 = ('format = "zapis/1"\nruleset = "skat-tournament"\nplayers = ["D", "E", "F"]\n\n[[hands]]\n'
          'declarer = "D"\ngame = "clubs"\nmatadors = 2\ncard_points = 50\n')


def test_cli_skat_ranking_with_a_tournament_file(tmp_path, capsys):
    """Two lists of one evening. A's hearts with 1 won: 20 + 50 = 70; D's clubs with 2 lost (3 x 12 = 36):
    -72 - 50 = -122, E and F 40 each (the three-player defeat bonus), D's one lost game 0.50 zł. Entry 5 zł: the
    pot 6 x 500 + 50 = 3,050 gr; 50% to A (1,525); E and F share the 2nd place, spanning the 2nd and 3rd prizes
    (30% + none = 915: 458 and 457); the house 610."""
    from zapis.cli import main
    db = tmp_path / "z.db"
    for k, text in enumerate((LIST_1, LIST_2), start=1):
        (tmp_path / f"l{k}.toml").write_text(text, encoding="utf-8")
    assert main(["--db", str(db), "import", str(tmp_path / "l1.toml")]) == 0
    assert main(["--db", str(db), "import", str(tmp_path / "l2.toml"), "--evening", "1", "--table", "2"]) == 0
    (tmp_path / "t.toml").write_text('entry_fee = 5\nprizes = [50, 30]\n[tandems]\nT = ["A", "D"]\n',
                                     encoding="utf-8")
    capsys.readouterr()
    assert main(["--db", str(db), "skat", "ranking", "--evening", "1", "--tournament", str(tmp_path / "t.toml"),
                 "--json"]) == 0
    out = __import__("json").loads(capsys.readouterr().out)
    assert [(r["place"], r["player"], r["result"], r["paid"], r["prize"], r["money"]) for r in out["ranking"]] == [
        (1, "A", 70, 5, 15.25, 10.25), (2, "E", 40, 5, 4.58, -0.42), (2, "F", 40, 5, 4.57, -0.43),
        (4, "B", 0, 5, 0, -5), (4, "C", 0, 5, 0, -5), (6, "D", -122, 5.5, 0, -5.5)]
    assert out["pot"] == 30.5 and out["house"] == 6.1
    assert out["tandems"] == [{"place": 1, "name": "T", "players": ["A", "D"], "result": -52, "won": 1, "lost": 1}]
    # a bad file: exit 2, one line per problem naming the file and the key
    (tmp_path / "bad.toml").write_text('entry_fee = "dużo"\n[tandems]\nT = ["A", "Zenon"]\n', encoding="utf-8")
    assert main(["--db", str(db), "--lang", "en", "skat", "ranking", "--tournament", str(tmp_path / "bad.toml")]) \
        == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [f"{tmp_path / 'bad.toml'}: entry_fee: 'dużo' is not an amount in złoty (a number of at least 0)",
                   f"{tmp_path / 'bad.toml'}: tandems.T: Zenon does not play in this tournament"]


def test_the_prize_list_on_a4_escapes_every_name():
    from zapis.club.preisskat import GroupRanked, Settled
    from zapis.club.skat_tournament import Ranked
    from zapis.io.export.prizes import prize_list_html
    rows = [Ranked(1, "<b>Ala</b>", 70, 1, 0, 0, lists=1), Ranked(2, "Bartek & syn", 0, 0, 1, 50, lists=1)]
    money = Settled({"<b>Ala</b>": 500, "Bartek & syn": 550}, {"<b>Ala</b>": 1000}, {}, 50, 1050,
                    [("1", "<b>Ala</b>", 1000)])
    page = prize_list_html("Preisskat <i>", rows, money, [GroupRanked(1, "<team>", ("<b>Ala</b>", "x"), 70, 1, 0)],
                           [], "pl")
    assert "<b>Ala" not in page and "&lt;b&gt;Ala&lt;/b&gt;" in page and "Bartek &amp; syn" in page
    assert "&lt;team&gt;" in page and "Preisskat &lt;i&gt;" in page and "@page { size: A4" in page
    assert "1. miejsce" in page and "10,00 zł" in page and "Tandemy" not in page  # no tandems: no heading


def test_the_draw_keeps_teammates_apart_where_the_tables_allow():
    from itertools import combinations
    players = [f"P{i}" for i in range(1, 17)]
    teams = [players[i:i + 4] for i in range(0, 16, 4)]
    team_of = {p: k for k, team in enumerate(teams) for p in team}

    def mates_together(tables):
        return sum(team_of[a] == team_of[b] for t in tables for a, b in combinations(t, 2))
    for seed in (1, 7, "klub"):  # four tables, four teams of four: one of each team at every table, every series
        drawn = st.draw(players, 3, seed, teams)
        assert [mates_together(tables) for tables in drawn] == [0, 0, 0]
    # twelve players at three tables: four teammates cannot all sit apart; at least one pair of each team meets,
    # and no more than that
    drawn = st.draw(players[:12], 3, 5, teams[:3])
    assert [mates_together(tables) for tables in drawn] == [3, 3, 3]


def test_cli_draw_teams_are_checked(capsys):
    from zapis.cli import main
    code = main(["--lang", "en", "skat", "draw", "--players", "A", "B", "C", "D", "E", "F", "G", "H",
                 "--teams", "X=A,B", "Y=B,Zenon", "Z"])
    assert code == 2
    assert capsys.readouterr().err.strip().splitlines() == [
        "--teams: 'B' is in two teams", "--teams: 'Zenon' is not in --players",
        "--teams: 'Z': a team is NAME=PLAYER,PLAYER,..."]


def test_a_part_of_the_fees_is_never_a_grosz_short_of_its_figure():
    # one player at 1 zł: the house's 29% is 0.29 zł (0.29 x 100 is 28.999999999999996 as a float)
    rows = [st.Ranked(1, "Ala", 70, 1, 0, 0, lists=1)]
    money = pk.settle(rows, pk.parse({"entry_fee": 1, "house_share": 0.29, "prizes": [100]}))
    assert money.pot == 100 - 29 and money.awards == [("1", "Ala", 71)] and money.house == 29


def test_the_tournament_kept_with_the_evening_in_the_order_typed_and_only_by_the_director(db):
    """Kept as typed: the special prizes are given in their order (woman before youth here), so the keys are
    never sorted; a table's tablet may not change it; None takes it away."""
    from zapis.store import Store
    from zapis.store.roles import for_table
    store = Store(db)
    ev = store.new_evening("2026-11-27")
    data = {"special": {"youth": 10, "woman": 20}, "categories": {"P9": ["youth"], "P2": ["woman"]}}
    store.set_skat_tournament(ev, data)
    assert list(Store(db).skat_tournament(ev)["special"]) == ["youth", "woman"]
    assert list(Store(db).skat_tournament(ev)["categories"]) == ["P9", "P2"]
    with pytest.raises(ZapisError):
        Store(db, role=for_table(1)).set_skat_tournament(ev, {"entry_fee": 1})
    with pytest.raises(ZapisError):
        store.set_skat_tournament(ev + 1, data)  # no such evening
    store.set_skat_tournament(ev, None)
    assert store.skat_tournament(ev) is None and Store(db).skat_tournament(ev) is None
