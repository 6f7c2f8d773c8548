import sqlite3

import pytest

from zapis.io import records
from zapis.core.names import MAX_NAME, name_problems
from zapis.store import Store
from zapis.store.db import _rename
from zapis.ui.app import make_app


def new_game(db, ruleset, players, hands=(), rules=None):
    """A game in the store, as the new-game dialog would make it; returns its id. A name with a control character,
    which no longer enters (issue 29), is put in as an older zapis may have left it: the game is made with a
    stand-in, which is then renamed to it in the database (the screens must still show such a name safely)."""
    names = [n for pair in players.values() for n in pair] if isinstance(players, dict) else list(players)
    odd = {n: f"stand-in {i}" for i, n in enumerate(names)
           if isinstance(n, str) and name_problems(n[:MAX_NAME], "")}
    players, hands, rules = _rename(players, odd), _rename(list(hands), odd), _rename(rules, odd)
    store = Store(db)
    data = {"format": "zapis/1", "ruleset": ruleset, ("pairs" if isinstance(players, dict) else "players"): players}
    if rules:
        data["rules"] = rules
    rec, r, module = records.parse(data)
    evs = store.evenings()
    ev = evs[-1]["id"] if evs else store.new_evening("2026-11-20", "Klub", "Piątek")
    gid = store.new_game(ev, len(store.games(ev)) + 1, rec, r, module, hands=list(hands))
    store.close()
    if odd:
        with sqlite3.connect(db) as c:
            for name, stand_in in odd.items():
                (sid,) = c.execute("SELECT id FROM players WHERE name = ?", (stand_in,)).fetchone()
                known = c.execute("SELECT id FROM players WHERE name = ?", (name,)).fetchone()
                if known:  # a player of an earlier game: this game's seat is his
                    c.execute("UPDATE game_players SET player_id = ? WHERE player_id = ?", (known[0], sid))
                    c.execute("DELETE FROM players WHERE id = ?", (sid,))
                else:
                    c.execute("UPDATE players SET name = ? WHERE id = ?", (name, sid))
        c.close()
    return gid


@pytest.fixture
def db(tmp_path):
    return tmp_path / "ui.db"


@pytest.fixture
def app_factory(db):
    """Build the app in a sync fixture; each test runs it (async fixtures break contextvars)."""
    def make(lang="pl"):
        return make_app(db, lang)
    return make


def at_first_frame(app, look) -> list:
    """`look(screen)` once, at the first frame the app writes (one laid out inside Textual's start-up batch is
    never written, so it does not count); returns the list its answer is put in."""
    seen: list = []
    shown = app._display

    def display(screen, update):
        shown(screen, update)
        if update is not None and len(screen.children) and not app._batch_count and not seen:
            seen.append(look(screen))

    app._display = display
    return seen


def key_bar(app):
    """The screen's key bar (its `keys`: what each shows and where, in the columns of the bar)."""
    from zapis.ui.widgets.keybar import KeyBar

    return app.screen.query_one(KeyBar)


async def tap_key(pilot, word: str) -> None:
    """A click on the key of the bar whose words hold `word` (as a finger taps it)."""
    bar = key_bar(pilot.app)
    key = next(k for k in bar.keys if word in k.description)
    await pilot.click(bar, offset=((key.start + key.end) // 2, 0))
