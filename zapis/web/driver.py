"""A served session's driver: Textual's web driver, plus the server's nudge.

When one tablet commits, `zapis serve` tells every other session at once (a meta packet, "zapis_changed", on the
same pipe as the keys); the session then looks at the database as its poll would, without waiting up to a poll's
interval. The session tells the server of its own commits the same way ("zapis_committed", `committed`). A
session that never hears a nudge (started by another server, a commit from the command line) still sees every
change: the app's poll stays the fallback."""

from __future__ import annotations

import asyncio

from textual.drivers.web_driver import WebDriver

DRIVER = "zapis.web.driver:ZapisWebDriver"  # for TEXTUAL_DRIVER in a session's environment
CHANGED = "zapis_changed"  # server -> session: someone committed
COMMITTED = "zapis_committed"  # session -> server: this session committed


class ZapisWebDriver(WebDriver):
    _loop: asyncio.AbstractEventLoop | None = None

    def start_application_mode(self) -> None:
        self._loop = asyncio.get_running_loop()
        super().start_application_mode()

    def on_meta(self, packet_type: str, payload: dict[str, object]) -> None:
        """Called on the driver's input thread: the app looks at the database on its own loop."""
        if packet_type == CHANGED:
            look = getattr(self._app, "store_nudged", None)
            if look is not None and self._loop is not None and not self._loop.is_closed():
                self._loop.call_soon_threadsafe(look)
            return
        super().on_meta(packet_type, payload)

    def committed(self) -> None:
        """This session committed: the server passes it on to the others. Written from the app's loop, where
        every frame is written too, so the packet is never cut into a frame, whichever thread committed."""
        if self._loop is not None and not self._loop.is_closed():
            self._loop.call_soon_threadsafe(self.write_meta, {"type": COMMITTED})
