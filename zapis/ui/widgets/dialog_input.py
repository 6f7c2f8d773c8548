"""A dialog's box whose Enter moves the cursor on (the new game's seats, its search): the keys typed behind the
Enter in one burst ("Celina Enter Darek Enter", as a terminal sends quick typing) are held until the dialog has
moved the cursor, then handed on in order to where it is. Without this Textual handed them to the box being
left, before the Enter's message was read: seat 3 became "CelinaDarek"."""

from __future__ import annotations

from textual import events
from textual.widgets import Input


class HoldingInput(Input):
    async def _on_key(self, event: events.Key) -> None:
        screen = self.screen
        held = getattr(screen, "held", None)
        if held is not None:  # typed behind an Enter the dialog has not read yet
            event.stop()
            event.prevent_default()
            held.append((event.key, event.character))
            return
        if event.key == "enter":  # submitted here (not by the app's binding, after the keys behind it)
            event.stop()
            event.prevent_default()
            screen.held = []
            self.set_timer(1.0, lambda: release(screen))  # never held for good (an Enter nobody reads)
            await self.action_submit()
            return
        await super()._on_key(event)


def release(screen) -> None:
    """The dialog has read the Enter (and moved the cursor): the keys held go on to the cursor, in order."""
    held, screen.held = getattr(screen, "held", None) or [], None
    for key, character in held:  # as typed anew: the app hands each to the cursor, with its bindings (Enter)
        screen.app.post_message(events.Key(key, character))
