"""Speed (issue #14): what start-up made is frozen out of the garbage collector's full passes, so a save never
waits for a scan of every object the app has (about 50 ms at 80,000 objects)."""

import gc

from zapis.ui.app import make_app


async def test_start_up_objects_are_frozen_after_the_first_frame(tmp_path):
    gc.unfreeze()
    app = make_app(tmp_path / "z.db", "pl")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert gc.get_freeze_count() > 10_000
    gc.unfreeze()
