"""The reliability suite, small enough for CI (bench/reliability.py runs it full size): SIGKILL
trials through the store, `zapis import` and the app's own save, tracking every confirmed save;
four writers and a reader on one long game."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
import reliability  # noqa: E402


@pytest.mark.parametrize("kind, trials", [("store", 12), ("import", 10), ("app", 6)])
def test_a_kill_never_loses_a_confirmed_save(kind, trials):
    r = reliability.kill_trials(kind, trials, seed=7)
    assert r["confirmed"] >= trials  # each child confirmed a save before its kill
    assert r["lost"] == 0 and r["corrupt"] == 0 and r["empty_evenings"] == 0, r


def test_four_writers_and_a_reader_on_a_long_game_never_hear_locked():
    r = reliability.writers(4, 600, 15)
    assert r["busy"] == 0 and r["other"] == 0 and r["lost"] == 0 and r["sound"], r
    assert r["stored"] == r["saves"] and r["reads"] > 0
