"""The garbage collector paused while thousands of objects are made that all stay (a season's games, its
standings): its passes over them would free nothing. Pure: it touches no file, no screen."""

from __future__ import annotations

import gc
from contextlib import contextmanager
from typing import Iterator


@contextmanager
def collector_paused() -> Iterator[None]:
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            if not gc.get_freeze_count():
                # What was made while paused goes straight to the oldest generation: otherwise the first young
                # collection after enable() scans every one of them at once (50 ms after a season), to free
                # nothing. Not where the app has frozen its start-up (unfreeze would thaw that too).
                gc.freeze()
                gc.unfreeze()
            gc.enable()
