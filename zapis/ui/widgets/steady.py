"""Panels that keep their height: the sheet beside them does not jump from one hand to the next."""

from __future__ import annotations

from textual import events
from textual.containers import Vertical
from textual.widgets import Static


class Steady:
    """A widget of auto height that keeps the greatest height it has had, until `unsteady()` (the screen resized).

    Below the sheet, the entry panel's height follows what it holds (a skat game's fields shown once the game is
    chosen, a message of two lines, a bridge result pad): each change moved the sheet, and made the save that
    caused it wait for a new layout of the sheet. Kept at its greatest, the panel settles within the first hands and
    the sheet stays where it is."""

    _tallest = 0

    def on_resize(self, event: events.Resize) -> None:
        height = event.size.height
        if height > self._tallest:
            self._tallest = height
            self.styles.min_height = height

    def unsteady(self) -> None:
        """Back to the height of what it holds (the screen's size changed: what fitted before may not)."""
        self._tallest = 0
        self.styles.min_height = None


class SteadyVertical(Steady, Vertical):
    pass


class SteadyStatic(Steady, Static):
    pass
