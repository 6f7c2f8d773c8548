"""The season's report opened in Chromium as a club would open the file: the tables and the ratings chart drawn
(each player's line on the page, the legend legible), at A4 width and on a phone."""

from __future__ import annotations

import pytest

from tests.unit.test_season_layout import club
from zapis.cli import main


@pytest.mark.parametrize("width", [794, 390], ids=["a4", "phone"])
def test_the_season_report_opens_with_its_chart(chromium, tmp_path, capsys, width):
    db = club(tmp_path / "club.db", dates=("2026-11-06", "2026-11-13", "2026-11-20"))
    page_file = tmp_path / "season.html"
    assert main(["--db", str(db), "--lang", "pl", "export", "--season", "2026-09-01", "2026-12-31", "--format",
                 "html", "-o", str(page_file)]) == 0
    capsys.readouterr()
    page = chromium.new_page(viewport={"width": width, "height": 900})
    page.goto(page_file.as_uri())
    assert page.locator("h1").inner_text().startswith("Sezon 2026-09-01")
    chart = page.locator("svg.chart")
    assert chart.count() == 1 and chart.is_visible()
    box = chart.bounding_box()
    assert box is not None and 0 < box["width"] <= width  # scaled to the page, never wider
    lines = page.locator("svg.chart polyline")
    assert lines.count() == 12
    assert all((lines.nth(i).bounding_box() or {}).get("width", 0) > 0 for i in range(12))
    assert page.locator("h2", has_text="Statystyki").is_visible()
    page.screenshot(path=str(tmp_path / f"season-{width}.png"), full_page=True)
    page.close()
