"""The HTML export's chart (zapis.io.export.chart_svg): valid XML, one polyline per line (a player, or partners
who share every total), its points where the totals are, names escaped, and one chart under each game."""

import re
import xml.etree.ElementTree as ET

from zapis.io import records
from zapis.core.sheet import Sheet, running
from zapis.io.export import export_html
from zapis.io.export.chart_svg import chart_svg
from zapis.store import Store

SVG = ""  # inline in HTML: no namespace (the report names no address)
HOSTILE = ["<script>alert(1)</script>", "Ala[/]", 'Bob" onload="x', "Ewa & Co\x1b[2J"]


def _sheet(players, per_hand, start=None):
    hands = running(per_hand, players, start)
    return Sheet("generic", "x", "x", players, hands, dict(hands[-1].totals) if hands else dict(start or {}))


def _parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)  # valid XML, or this raises
    assert root.tag == f"{SVG}svg"
    return root


def _points(polyline: ET.Element) -> list[tuple[float, float]]:
    return [tuple(map(float, p.split(","))) for p in polyline.get("points").split()]


def test_one_polyline_per_player_through_the_running_totals():
    players = ["Ala", "Bartek", "Celina"]
    svg = chart_svg(_sheet(players, [{"Ala": 30, "Bartek": 120, "Celina": 20},
                                     {"Ala": 40, "Bartek": 20, "Celina": -100}]))
    root = _parse(svg)
    lines = root.findall(f"{SVG}polyline")
    assert [p.find(f"{SVG}title").text for p in lines] == players
    for p in lines:
        assert len(_points(p)) == 3  # the start and two hands
    # the lines go where the totals are: Bartek (0, 120, 140) ends highest, Celina (0, 20, -80) lowest
    ends = {p.find(f"{SVG}title").text: _points(p)[-1][1] for p in lines}  # y grows downwards
    assert ends["Bartek"] < ends["Ala"] < ends["Celina"]
    starts = {_points(p)[0] for p in lines}
    assert len(starts) == 1  # everyone starts at 0
    texts = [t.text for t in root.iter(f"{SVG}text")]
    assert "140" in texts and "-80" in texts and "0" in texts  # the y axis: highest, lowest, zero
    assert {"1", "2"} <= set(texts)  # the x axis: the hands
    assert "".join(root.itertext()).count("Bartek") >= 2  # its polyline's title and the legend


def test_a_carried_in_start_is_where_the_line_begins():
    root = _parse(chart_svg(_sheet(["Ala", "Bartek"], [{"Ala": 10, "Bartek": -10}], {"Ala": 100, "Bartek": -50})))
    ala, bartek = (_points(p) for p in root.findall(f"{SVG}polyline"))
    assert ala[0][1] < bartek[0][1]  # Ala starts at 100, above Bartek's -50


def test_hostile_names_are_escaped():
    svg = chart_svg(_sheet(HOSTILE, [{n: i * 10 - 15 for i, n in enumerate(HOSTILE)}]))
    assert "<script>" not in svg and "&lt;script&gt;" in svg
    assert "\x1b" not in svg
    root = _parse(svg)
    assert root.find(f".//{SVG}script") is None
    assert len(root.findall(f"{SVG}polyline")) == 4
    titles = [p.find(f"{SVG}title").text for p in root.findall(f"{SVG}polyline")]
    assert titles[:3] == HOSTILE[:3]  # shown as typed
    assert titles[3].startswith("Ewa & Co") and "\x1b" not in titles[3]
    for el in root.iter():
        assert not any(k.startswith("on") for k in el.attrib)  # no attribute smuggled in by a name
    assert "Ala[/]" in "".join(root.itertext())


def test_partners_are_one_line_and_the_sheets_totals_a_dashed_last_step():
    rec, rules, module = records.parse({"format": "zapis/1", "ruleset": "bridge-rubber",
                                        "players": ["Ala", "Bartek", "Celina", "Darek"],
                                        "hands": [{"contract": "3NT", "declarer": "N", "tricks": 9}]})
    root = _parse(chart_svg(records.score(rec, rules, module), sides=module.partnerships(rules, rec.players)))
    assert [p.find(f"{SVG}title").text for p in root.findall(f"{SVG}polyline")] == ["Ala · Celina", "Bartek · Darek"]
    dashed = [ln for ln in root.findall(f"{SVG}line") if ln.get("stroke-dasharray") == "5 4"]
    assert len(dashed) == 2  # to Σ: 400 for N-S with Law 80's 300, which no hand has
    assert "Σ" in [t.text for t in root.iter(f"{SVG}text")]
    assert "400" in "".join(root.itertext())


def test_no_chart_for_a_game_with_no_hand():
    assert chart_svg(_sheet(["Ala", "Bartek"], [])) == ""


def test_many_hands_and_long_names_stay_in_the_chart():
    players = ["A" * 200, "Bartek"]
    root = _parse(chart_svg(_sheet(players, [{"A" * 200: (i * 37) % 101 - 50, "Bartek": 3} for i in range(300)])))
    assert len(root.findall(f"{SVG}polyline")) == 2
    numbers = [t.text for t in root.iter(f"{SVG}text") if t.text and t.text.isdigit()]
    assert "300" in numbers and len(numbers) < 40  # the hand numbers thinned out
    assert any("…" in (t.text or "") for t in root.iter(f"{SVG}text"))  # a long name cut in the legend


def test_the_html_export_has_a_chart_under_each_game(db):
    store = Store(db)
    ev = store.new_evening("2026-11-20", "Klub", "Piątek")
    for i, (ruleset, players, hands) in enumerate([
        ("tysiac", HOSTILE[:3], [{"declarer": HOSTILE[0], "bid": 100,
                                  "points": {HOSTILE[0]: 80, HOSTILE[1]: 20, HOSTILE[2]: 20}}]),
        ("kierki", ["Ala", "Bartek", "Celina", "Darek"], []),
        ("bridge-rubber", ["Ala", "Bartek", "Celina", "Darek"], [{"contract": "3NT", "declarer": "N", "tricks": 9}]),
    ]):
        rec, rules, module = records.parse({"format": "zapis/1", "ruleset": ruleset, "players": players})
        store.new_game(ev, i + 1, rec, rules, module, hands=hands)
    html = export_html(store, ev)
    charts = re.findall(r"<svg .*?</svg>", html, re.S)
    assert len(charts) == 2  # the game with no hand yet has none
    root = _parse(charts[0])
    assert len(root.findall(f"{SVG}polyline")) == 3  # tysiąc: each player, though two have the same totals
    bridge = _parse(charts[1])  # the partnerships from the game's record: a line per side
    assert [p.find(f"{SVG}title").text for p in bridge.findall(f"{SVG}polyline")] == ["Ala · Celina",
                                                                                      "Bartek · Darek"]
    assert "rozdanie" in charts[0] and "hand" not in "".join(root.itertext()).replace("Σ", "")
    assert "The score after each hand" in export_html(store, ev, "en")
    assert "<script>" not in html
    section = html.split('<section class="game">')[1]
    assert section.index("<table") < section.index("<svg")  # below the game's sheet
