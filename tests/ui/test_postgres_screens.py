"""The app on a PostgreSQL database whose server goes away (issue #35): the hand being saved is refused in one line
that names no server, the form keeps what was typed, and the same save goes through when the server is back."""

from tests.pgserver import PgServer
from tests.ui.conftest import new_game
from tests.ui.test_game_screen import open_game, type_into
from zapis.store import Store
from zapis.ui.app import make_app

P4 = ["Ala", "Bartek", "Celina", "Darek"]


async def test_a_lost_server_keeps_what_was_typed_and_the_save_goes_through_when_it_is_back():
    server = PgServer()
    try:
        db = server.fresh()
        gid = new_game(db, "bridge-rubber", P4)
        app = make_app(db, "en")
        async with app.run_test(size=(100, 40)) as pilot:
            form = await open_game(app, pilot, gid)
            await type_into(pilot, "in-contract", "3nt")
            form.query_one("#in-declarer").value = "N"
            await type_into(pilot, "in-tricks", "9")
            server.pause()
            await pilot.press("ctrl+s")
            await pilot.pause()
            msg = str(app.screen.query_one("#message").render())
            assert "cannot reach the PostgreSQL database" in msg and "save again" in msg
            assert "127.0.0.1" not in msg and "postgresql://" not in msg  # where the database is: not a tablet's
            assert form.query_one("#in-contract").value.upper() == "3NT"  # what was typed stays
            assert form.query_one("#in-tricks").value == 9
            server.resume()
            await pilot.press("ctrl+s")
            await pilot.pause()
            assert "Hand 1 saved." in str(app.screen.query_one("#message").render())
        assert Store(db).hands(gid) == [{"contract": "3NT", "declarer": "N", "tricks": 9}]
    finally:
        server.stop()
