"""A dialog's box whose Enter moves the cursor on (the new game's seats, its search): the keys typed behind the
Enter in one burst ("Celina Enter Darek Enter", as a terminal sends quick typing) are held until the dialog has
moved the cursor, then handed on in order to where it is. Without this Textual handed them to the box being
left, before the Enter's message was read: seat 3 became "CelinaDarek". The editing keys (edit_at_once) are done
at once for the same reason."""

from __future__ import annotations

from textual import events
from textual.widgets import Input


EDITING = ("delete", "cursor", "home", "end", "select_all")  # Input's own actions that edit or move in its text


async def edit_at_once(box: Input, event: events.Key) -> bool:
    """Backspace, Delete, the arrows, Home, End: done in the box now (True), not by Input's binding, which runs
    when the key has bubbled to the app: after the keys queued behind it were typed (13, then Backspace 5 in one
    burst, made 135, refused, then 13 less a digit: 1)."""
    bindings = box._bindings.key_to_bindings.get(event.key) or []
    action = next((b.action for b in bindings if b.action.startswith(EDITING)), None)
    if action is None:
        return False
    event.stop()
    event.prevent_default()
    await box.run_action(action)
    return True


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
        if await edit_at_once(self, event):
            return
        await super()._on_key(event)


def release(screen) -> None:
    """The dialog has read the Enter (and moved the cursor): the keys held go on to the cursor, in order."""
    held, screen.held = getattr(screen, "held", None) or [], None
    for key, character in held:  # as typed anew: the app hands each to the cursor, with its bindings (Enter)
        screen.app.post_message(events.Key(key, character))
