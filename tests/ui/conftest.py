import pytest

from zapis import records
from zapis.store import Store
from zapis.ui.app import make_app


def new_game(db, ruleset, players, hands=(), rules=None):
    """A game in the store, as the new-game dialog would make it; returns its id."""
    store = Store(db)
    data = {"format": "zapis/1", "ruleset": ruleset, ("pairs" if isinstance(players, dict) else "players"): players}
    if rules:
        data["rules"] = rules
    rec, r, module = records.parse(data)
    evs = store.evenings()
    ev = evs[-1]["id"] if evs else store.new_evening("2026-11-20", "Klub", "Piątek")
    gid = store.new_game(ev, len(store.games(ev)) + 1, rec, r, module, hands=list(hands))
    store.close()
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
