"""A number or text box of the entry form (FieldInput): a key its field cannot take is refused in the box
itself, a space ends a number, a Tab just after the cursor moved on by itself confirms that move."""

from __future__ import annotations

import time

from textual.geometry import Size
from textual.reactive import Reactive
from textual.widgets import Input

from zapis.lang import t
from zapis.ui.widgets.dialog_input import edit_at_once
from zapis.ui.widgets.form_typing import FormTyping
from zapis.ui.widgets.pad import TYPE_AHEAD_SECONDS


class FieldInput(Input):
    """A box of the form. Its size is fixed by the stylesheet, so what is typed into it (or cleared from it)
    never needs a layout pass of the screen: Input's virtual size (how far its text scrolls) repaints it only.
    Clearing the form after a save then costs a repaint of the boxes, not a new layout of the game screen.

    Nothing is kept that was not typed: a key that would take the number out of its field's range is refused
    here, in this box (the bell, and the form says the field and its range), never carried into another box; a
    number the program put in (filled in, suggested, a recorded hand) is replaced by what is typed into it."""

    virtual_size = Reactive(Size(0, 0), layout=False)
    replace_next = False  # the program set this value: the next key typed replaces it
    # the number was refused on saving: the next key typed goes on the end where that makes a number the field
    # takes (12 of a contract, then 0: 120), else replaces it (30 card points with no trick, then 0: 0)
    mend_next = False

    def check_consume_key(self, key: str, character: str | None) -> bool:
        """A box that never holds `?` (a number, a contract; not a note's free text) leaves it to the screen: help."""
        if character == "?" and not self.has_class("free"):
            return False
        return super().check_consume_key(key, character)

    async def _on_key(self, event) -> None:
        form = self._form()
        if form is not None and form.keep(event):  # typed after an Enter the screen has not yet read: held
            return
        if form is not None and form.goes_on(self, event):  # queued here before the cursor moved on
            return
        if event.key == "enter" and form is not None and self.has_focus:  # (a question over it may have the cursor)
            form.hold()  # (here, not in action_submit: the binding runs after the keys queued behind the Enter)
        if event.character == "?" and not self.has_class("free"):
            event.prevent_default()  # not typed here (Input's own handler skipped): it goes on to the screen's help
            return
        if form is not None and (form.tab_after_move(self, event.key) or form.tab(self, event.key)):
            event.prevent_default()
            event.stop()
            return
        if await edit_at_once(self, event):  # Backspace and the arrows now, not after the keys behind them
            return
        if event.key == "space" and self.type in ("integer", "number") and self.value.strip() and form is not None:
            event.prevent_default()  # a space ends a number, as on paper: on to the next box (an empty one refuses)
            event.stop()
            self.replace_next = False
            form.advance(self)
            return
        await super()._on_key(event)

    def _form(self) -> FormTyping | None:
        return next((a for a in self.ancestors if isinstance(a, FormTyping)), None)

    _refused_at = 0.0  # a sign or letter refused here: the digits typed at once after it belong to it

    def replace(self, text: str, start: int, end: int) -> None:
        form = self._form()
        if text and self.replace_next and self.type in ("integer", "number"):
            start, end = 0, len(self.value)  # typed over a filled-in value: the typing is the value
        elif text and self.mend_next and form is not None:
            self.mend_next = False  # (on the end, whatever the box's selection on being focused)
            n = len(self.value)
            start, end = (0, n) if form.refusal(self, self.value + text) else (n, n)
        if text and form is not None and time.monotonic() - self._refused_at < TYPE_AHEAD_SECONDS:
            self._refused_at = time.monotonic()  # "+1" where "+" was refused: the 1 too, not a number of its own
            self.app.bell()
            form.refused(self, form.refusal(self, "+") or "")
            return
        if text and form is not None and (before := form.typed_twice(self, text)) is not None:
            self.app.bell()  # 1100 for 110: the second 0 said here, not taken as this box's first digit
            form.refused(self, t("typed_twice", next=form.field_words(self), digit=text, value=before.value,
                                 field=form.field_words(before)))
            return
        if text and form is not None:
            value = self.value
            lo, hi = sorted((max(0, start), min(len(value), end)))
            why = form.refusal(self, f"{value[:lo]}{text}{value[hi:]}")
            if why:
                self.app.bell()
                if not text.isdigit():
                    self._refused_at = time.monotonic()
                form.refused(self, why)
                return
        self.replace_next = False
        super().replace(text, start, end)
        if form is not None:
            form.typed_now(self)  # read now: a whole number moves the cursor on before the next key is handled

    def restricted(self) -> None:
        """A key a number cannot hold (a letter in a count): refused in this box, said in words."""
        self.app.bell()
        form = self._form()
        if form is not None:
            form.refused(self, form.refusal(self, None))
