"""The game screen: the sheet as the paper sheet looks, what comes next, the totals, and the form."""

from __future__ import annotations

from typing import Callable

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Container, Horizontal, Vertical
from textual.css.query import NoMatches
from textual.screen import Screen
from textual.widgets import Digits, Label, Static

from zapis.core.errors import ZapisError
from zapis.core.module import ScoringModule
from zapis.core.sheet import fmt_number
from zapis.core.words import say
from zapis.store import ConflictError
from zapis.ui.dialogs.history import HistoryDialog
from zapis.lang.text import plain, plain_text
from zapis.lang import get_lang, next_words, t
from zapis.ui.widgets.hand_form import FormError, HandForm, SaysRefusals
from zapis.ui.widgets.sheet_view import SheetView
from zapis.ui.widgets.steady import Steady, SteadyStatic, SteadyVertical
from zapis.ui.widgets.keybar import KeyBar
from zapis.ui.widgets.button import Button


#: what the store says when the disk or the file lets it down, in the UI's words (no path: a tablet is a stranger)
STORE_WORDS = {"the disk is full": "disk_full", "is busy": "db_busy", "cannot be written (read-only)": "db_readonly",
               "is damaged": "db_damaged", "could not be written": "disk_error"}


def _lines(problems, labels: dict[str, str] | None = None) -> str:
    """Problems as lines, without the hands[i] prefix (the form is that hand), each naming its field by the
    label the form shows."""
    out = []
    for p in problems:
        said = next((t(key) for start, key in STORE_WORDS.items() if say(p.message, "en").startswith(start)), None)
        if said:
            out.append(said)
            continue
        parts = [x for x in p.place.split(".") if x]
        if parts and parts[0].startswith(("hands[", "results[")):
            parts = parts[1:]
        if parts and labels and parts[0] in labels:
            parts[0] = labels[parts[0]]
        message = say(p.message, get_lang())
        # the field by its label, a player or an item of it in brackets: "punkty z kart (Leon)", never "x.y"
        where = f"{parts[0]} ({', '.join(parts[1:])})" if len(parts) > 1 else "".join(parts)
        out.append(f"{where}: {message}" if where else message)
    return "\n".join(out)


def show_line(widget: Static, text: Text) -> None:
    """Update a status line of the game screen (its width the pane's), with a layout pass of the screen only
    when its height changes: the new text's height at the line's width, as the layout would measure it, against
    the height the text before it had (a long note that wraps to two lines each time keeps its two)."""
    width = widget.content_region.width
    before = getattr(widget, "_shown_height", None)
    widget.update(text, layout=False)
    if width <= 0 or not widget.display:
        widget._shown_height = None
        widget.refresh(layout=True)
        return
    height = widget.get_content_height(widget.parent.size if widget.parent else widget.size, widget.app.size, width)
    widget._shown_height = height
    if height != before:
        widget.refresh(layout=True)


def refusal(form: HandForm, problems) -> str:
    """A hand refused: the form marks each field named, and the problems come back as lines naming each field by
    its label (for the screen to say)."""
    form.mark_errors([_problem_field(p.place) for p in problems])
    return _lines(problems, form.labels())


def _problem_field(place: str) -> str:
    """"hands[3].tricks.Ala" -> "tricks"; "points" -> "points"."""
    parts = place.split(".")
    if parts and parts[0].startswith(("hands[", "results[")):
        parts = parts[1:]
    return parts[0].split("[")[0] if parts else ""


class GameScreen(SaysRefusals, Screen):
    #: actions with a button of their own on a tablet (its key bar leaves them out)
    BUTTONS = frozenset({"save", "undo"})
    BINDINGS = [
        Binding("ctrl+s", "save", "save"),
        Binding("ctrl+z", "undo", "undo"),
        # a letter is typed into the focused box: each action also has a key that works wherever the cursor is
        Binding("ctrl+e", "edit", "edit", priority=True),
        Binding("e", "edit", "edit", show=False),
        Binding("ctrl+r", "history", "history", priority=True),
        Binding("h", "history", "history", show=False),
        Binding("b", "big", "big"),
        Binding("ctrl+g", "chart", "chart", priority=True),  # the score over time (a graph); Ctrl+W closes a
        Binding("w", "chart", "chart", show=False),  # browser's tab, so w (wykres) only where a letter is free
        Binding("escape", "back", "back"),
        # the sheet's rows by keys wherever the cursor is (a hand to correct: then Ctrl+E)
        Binding("ctrl+up", "row(-1)", "row", show=False, priority=True),
        Binding("ctrl+down", "row(1)", "row", show=False, priority=True),
        Binding("question_mark", "help", "help", show=False),
    ]

    def __init__(self, game_id: int):
        super().__init__()
        self.game_id = game_id
        self.editing: int | None = None
        self.editing_hand: dict | None = None  # the hand being corrected, as it was stored when the form took it
        self.version = 0  # the game's version the screen shows
        # the version (and hand number) the form's content was begun on: a live refresh moves the sheet on
        # but not this, so a save of a hand another tablet has just saved is caught and said
        self.form_version = 0
        self.form_hand = 1

    @property
    def store(self):
        return self.app.store

    def compose(self) -> ComposeResult:
        info = self.store.game(self.game_id)
        rec, rules, module = self.store.record(self.game_id)
        self.players = rec.players
        names = rec.players if isinstance(rec.players, list) else [
            n for k in sorted(rec.players, key=int) for n in rec.players[k]]
        self.names = names
        fields = module.hand_fields(rules, rec.players)
        yield Static(plain_text(f"{t('table')} {info.table} · {say(info.title, get_lang())}"), id="game-title")
        with Container(id="game-body"):
            with Vertical(id="sheet-pane"):
                yield SheetView(id="sheet")
                yield Static(id="totals")
                yield SteadyStatic("", id="how")  # how the selected row's value was computed
                yield Digits("", id="digits")
            with SteadyVertical(id="form-pane"):
                yield Label("", id="next")
                yield Static("", id="message")  # above the form: never scrolled away, never cut (80x24)
                touch = getattr(self.app, "touch", False)
                # the hand's number, Save and Undo: one line above the form in a terminal (never pushed off the
                # screen by a long form), tall buttons under the pad on a tablet, always in the same place
                with Horizontal(id="form-head"):
                    yield Label("", id="form-title")
                    yield Button(t("save_btn"), id="save", variant="primary", compact=not touch)
                    yield Button(t("undo_btn"), id="undo", compact=not touch)
                yield HandForm(fields, names, touch=touch, id="form")
        yield KeyBar()

    def on_resize(self) -> None:
        for w in self.query(Steady):  # what fitted the screen before may not now
            w.unsteady()
        self.call_after_refresh(self._fit_form)

    def _fit_form(self) -> None:
        """Below the sheet (a terminal), the entry panel takes at most half the height; the fields' scroll gets
        what the lines above it leave, so that a field the cursor reaches (Tab to the rare fields after the
        result) is scrolled into view, never left below the panel's edge where no one sees the cursor."""
        try:
            scroll, pane = self.query_one("#form-scroll"), self.query_one("#form-pane")
            body = self.query_one("#game-body")
        except NoMatches:
            return
        if self.has_class("-touch") or self.has_class("-wide"):  # (the breakpoints mark the screen)
            scroll.styles.max_height = None  # (the panel has a height of its own there: the stylesheet's)
            return
        form = self.query_one(HandForm)
        others = sum(w.outer_size.height for w in pane.children if w is not form and w.display)
        others += form.outer_size.height - scroll.outer_size.height + pane.styles.gutter.height  # (its border)
        room = max(3, body.size.height // 2 - others)  # (#form-pane's max-height: 50%)
        if scroll.styles.max_height is None or scroll.styles.max_height.value != room:
            scroll.styles.max_height = room

    def on_mount(self) -> None:
        self.set_class(getattr(self.app, "touch", False), "-touch")
        try:
            self.query_one("#digits").display = False
            self.reload()
        except NoMatches:  # taken down before its mount came round (the app closing, the evening changed)
            return
        self.query_one(HandForm).focus_first()

    # --- showing -------------------------------------------------------------------------------
    def store_changed(self) -> None:
        """Another tablet or program wrote to the database: show this game as it now is, keep the typing."""
        try:
            version = self.store.game(self.game_id).version
        except ZapisError:
            return  # the game is gone (a restore): nothing to show
        if version == self.version:
            return
        before = len(self.sheet.hands)
        self.reload()
        after = len(self.sheet.hands)
        self.say(t("live_saved", n=after) if after == before + 1 else t("live_changed"))

    def reload(self, form: bool = True) -> None:
        """The game as it now stands: the sheet, the totals and the status lines; and (`form`) a form nobody is
        typing in prefilled for the next hand."""
        now = self.store.scored(self.game_id)  # scored once: by the save's own check, or read now
        self.version, sheet, rules, module = now.version, now.sheet, now.rules, now.module
        self.query_one(SheetView).show(sheet, set(now.edited))
        self.sheet = sheet
        tot = Text()
        best = max(sheet.totals.values()) if sheet.totals else 0
        for p in sheet.players:
            v = sheet.totals.get(p, 0)
            style = "bold red" if v < 0 else ("bold reverse" if v == best else "bold")
            tot.append(f" {plain(p)} ", style="bold")
            tot.append(f" {fmt_number(v)} ", style=style)
        self.query_one("#totals", Static).update(tot, layout=False)  # one line, the pane's width: no layout pass
        digits = self.query_one("#digits", Digits)
        if digits.display:  # hidden, it is filled when shown (b)
            self._big_digits()
        if sheet.finished:
            w = sheet.winner
            who = ", ".join(w) if isinstance(w, list) else (w or "—")
            # a rubber or a Chicago cycle ended: said, and play goes on; only a game its rules end is over
            said = module.unit_over(rules, who) if module.goes_on else None
            nxt = say(said, get_lang()) if said else t("unit_over", who=who) if module.goes_on else \
                f"{t('over')}: {who}"
        elif sheet.next:
            nxt = f"{t('next')}: " + next_words(sheet.next, ("left", "to_target", "targets", "exchange", "below",
                                                               "deal" if "label" in sheet.next else "", "number",
                                                               "owed"))
        else:
            nxt = ""
        bad = [c for c in sheet.checks if not c.ok]
        lang = get_lang()
        if bad:
            nxt += "  ✗ " + "; ".join(say(c.name, lang) for c in bad)
        if sheet.notes:
            nxt += "\n" + "\n".join(say(n, lang) for n in sheet.notes[-2:])
        show_line(self.query_one("#next", Label), plain_text(nxt))
        self.call_after_refresh(self._fit_form)
        hand_form = self.query_one(HandForm)
        if self.editing is None and (not form or not hand_form.holds_typing()):
            self.form_version, self.form_hand = self.version, len(sheet.hands) + 1
            if form:
                hand_form.prefill(sheet.next)
        self._form_title()
        self._show_how()

    def _form_title(self) -> None:
        editing = "editing_touch" if self.app.touch else "editing"  # a tablet has no Esc: the key bar's Back
        text = t(editing, n=self.editing + 1) if self.editing is not None else t("enter_hand", n=self.form_hand)
        show_line(self.query_one("#form-title", Label), Text(text, style="bold"))

    def say(self, text: str, error: bool = False) -> None:
        self._said_error = error and bool(text)
        show_line(self.query_one("#message", Static), plain_text(text, style="bold red" if error else "green"))
        self.call_after_refresh(self._fit_form)

    # --- actions -------------------------------------------------------------------------------------
    @on(HandForm.Submitted)
    def action_save(self) -> None:
        form = self.query_one(HandForm)
        if form.renewing:  # the hand just saved is still in the form (a double tap): not saved twice
            return
        try:
            hand = form.to_save()
        except FormError as e:
            self.say(refusal(form, e.problems), error=True)
            return
        try:
            doubt = self._doubt(hand)
        except ZapisError as e:  # the game could not be read (a database away): nothing saved, the form as typed
            self.say(refusal(form, e.problems), error=True)
            return
        if doubt:  # allowed, but unusual: asked now, the answer kept with the hand, nothing said afterwards
            from zapis.ui.dialogs.confirm import ConfirmDialog

            field, question = doubt
            self.app.push_screen(ConfirmDialog(question, yes=t("doubt_yes"), no=t("doubt_no")),
                                 lambda yes: self._store_hand({**hand, field: True}) if yes else form.focus_first())
            return
        self._store_hand(hand)

    def _doubt(self, hand: dict) -> tuple[str, str] | None:
        """The module's question about this hand, if it has one: (the field that records yes, the question)."""
        now = self.store.scored(self.game_id)
        rec, rules, module = now.record, now.rules, now.module
        if type(module).doubts is ScoringModule.doubts:
            return None
        i = len(rec.hands) if self.editing is None else self.editing
        trial = list(rec.hands[:i]) + [hand] + list(rec.hands[i + 1:])
        try:
            # the other hands were checked when entered: this one, and the order of them all (as the store checks)
            if module.check_each(rules, rec.players, [hand], first=i) or module.check_sequence(
                    rules, rec.players, trial, rec.start):
                return None  # refused on saving, with the problems said
            found = module.doubts(rules, rec.players, trial, rec.start)
        except ZapisError:
            return None
        for p in found:
            where, _, field = p.place.partition(".")
            if where == f"hands[{i}]" and field and not hand.get(field):
                return field, say(p.message, get_lang())
        return None

    def _store_hand(self, hand: dict) -> None:
        form = self.query_one(HandForm)
        try:
            if self.editing is None:
                self.store.enter(self.game_id, hand, self.form_version)
                msg = t("saved", n=len(self.sheet.hands) + 1)
            else:
                self.store.edit(self.game_id, self.editing, hand, self.form_version)
                msg = t("edited", n=self.editing + 1)
        except ConflictError:
            # another tablet got there first: show what it saved, keep what was typed here, and let a
            # second save go through as the next hand (or the correction again)
            race = t("race_enter", n=self.form_hand) if self.editing is None else self._edit_race()
            self.reload()
            self.form_version, self.form_hand = self.version, len(self.sheet.hands) + 1
            self._form_title()
            self.say(race, error=True)
            return
        except ZapisError as e:
            self.say(refusal(form, e.problems), error=True)
            return
        entered = self.editing is None
        self.editing = None
        self.reload(form=False)  # the new row painted first; the form emptied for the next hand a frame later
        if entered:  # a new hand: the sheet's cursor on the end again (it stayed on a hand corrected before)
            view = self.query_one(SheetView)
            view.move_cursor(row=view.row_count - 1)
        self.say(msg)
        form.renew_after_frame(lambda: self.sheet.next)

    def on_key(self, event) -> None:
        """A number typed with the cursor on Zapisz or Cofnij (a space ended the last number and the form was
        complete): not dropped without a word, but refused with one line saying where the cursor is. Keys typed at
        once after Enter on Zapisz are held for the next hand, as after an Enter in a field."""
        focused = self.focused
        if not (isinstance(focused, Button) and focused.id in ("save", "undo")):
            return  # (a field holds its own keys after an Enter)
        form = self.query_one(HandForm)
        if form.keep(event):  # typed after Enter on Zapisz, before the hand is saved and the form renewed: held
            return
        if focused.id == "save" and event.key == "enter":
            form.hold()  # the keys after it belong to the next hand (released once the save has read the form)
            return
        if event.character and (event.character.isdigit() or event.character in "+-,."):
            event.stop()
            event.prevent_default()
            self.app.bell()
            self.say(t("typed_on_button", button=str(focused.label)), error=True)

    @on(Button.Pressed, "#save")
    def _save_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_save()
        self.query_one(HandForm).release()

    @on(Button.Pressed, "#undo")
    def _undo_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_undo()

    @on(HandForm.Complete)
    def _form_complete(self) -> None:
        """Every usual field has its value: the cursor waits on Save (Enter saves, as anywhere in the form)."""
        self.query_one("#save", Button).focus()

    def _edit_race(self) -> str:
        """What another tablet did to the game while this one corrected a hand, in the UI's words."""
        n = self.editing + 1
        hands = self.store.hands(self.game_id)
        if self.editing >= len(hands):  # undone there: what is in the form can only be saved as a new hand
            self.editing = None
            return t("race_edit_gone", n=n)
        return t("race_edit", n=n) if hands[self.editing] != self.editing_hand else t("race_edit_other", n=n)

    def action_undo(self) -> None:
        """Undo asks first, however it is asked for (Ctrl+Z, the key bar's Cofnij, the Cofnij button; a stray finger
        on a tablet, a slip at a keyboard): one act, one behaviour. Enter answers no; `t` or Tak undoes. The hand
        undone stays in the history."""
        if not self.sheet.hands:
            self.say(t("nothing"), error=True)
            return
        from zapis.ui.dialogs.confirm import ConfirmDialog

        self.app.push_screen(ConfirmDialog(t("undo_ask", n=len(self.sheet.hands))),
                             lambda yes: self._undo_now() if yes else None)

    def _undo_now(self) -> None:
        try:
            self.store.undo(self.game_id, self.version)
        except ConflictError:
            self.reload()
            self.say(t("race_undo"), error=True)
            return
        except ZapisError as e:
            self.say(t("nothing") if "nothing" in str(e) else "\n".join(e.lines(get_lang())), error=True)
            return
        self.editing = None
        self.reload()
        self.say(t("undone"))

    def action_row(self, step: int) -> None:
        """The sheet's cursor to the hand before or after (from the form too): Ctrl+E then corrects it."""
        view = self.query_one(SheetView)
        keys = view.row_keys()
        hands = [r for r, k in enumerate(keys) if view.row_hand.get(k) is not None]
        if not hands:
            self.say(t("nothing_to_edit"), error=True)
            return
        now = view.cursor_row
        later = [r for r in hands if (r > now if step > 0 else r < now)]
        row = (later[0] if step > 0 else later[-1]) if later else (hands[-1] if step > 0 else hands[0])
        view.move_cursor(row=row)
        self.say(t("row_chosen", n=view.row_hand[keys[row]] + 1))

    def action_help(self) -> None:
        from zapis.ui.screens.help import HelpScreen
        self.app.push_screen(HelpScreen())

    def _unsaved(self) -> bool:
        """Does the form hold what was typed and not saved: a new hand begun, or a correction changed?"""
        form = self.query_one(HandForm)
        if form.renewing:  # a hand just saved, the form not yet emptied
            return False
        if self.editing is None:
            return form.holds_typing()
        try:
            return form.values() != self.store.scored(self.game_id).record.hands[self.editing]
        except (FormError, IndexError):
            return True

    def _unless_typing_is_lost(self, then: Callable[[], None]) -> None:
        """then(), once the person agrees to drop what the form holds unsaved: nothing typed is replaced unasked (a
        key for a correction pressed right after Enter, before the save has run, finds the hand still typed: the
        question waits while the save goes on underneath it)."""
        if not self._unsaved():
            then()
            return
        from zapis.ui.dialogs.confirm import ConfirmDialog

        question = t("drop_typed", n=self.form_hand) if self.editing is None else t("drop_edit", n=self.editing + 1)
        self.app.push_screen(ConfirmDialog(question), lambda yes: then() if yes else None)

    def action_edit(self) -> None:
        self._unless_typing_is_lost(self._edit_which)

    def _edit_which(self) -> None:
        view = self.query_one(SheetView)
        i = view.selected_hand()
        if i is None:  # no hand's row under the sheet's cursor: the last hand, the one corrected most often
            if not self.sheet.hands:
                self.say(t("nothing_to_edit"), error=True)
                return
            i = len(self.sheet.hands) - 1
        if self.app.touch and len(self.sheet.hands) > 1:  # a finger picks the hand from cells, not a sheet's line
            from zapis.ui.dialogs.pick_hand import PickHandDialog
            self.app.push_screen(PickHandDialog(len(self.sheet.hands), i),
                                 lambda picked: self._edit(picked) if picked is not None else None)
            return
        self._edit(i)

    def _edit(self, i: int) -> None:
        """Hand i (from 0) into the form, to be corrected; the sheet's cursor on its row."""
        view = self.query_one(SheetView)
        if view.selected_hand() != i:
            row = next((r for r, k in enumerate(view.row_keys()) if view.row_hand.get(k) == i), None)
            if row is not None:
                view.move_cursor(row=row)
        self.editing = i
        self.form_version = self.version
        rec = self.store.scored(self.game_id).record
        self.editing_hand = self.store.hands(self.game_id)[i]  # as stored: to tell what another tablet changed
        self.query_one(HandForm).set_values(rec.hands[i])
        self._form_title()
        self.query_one(HandForm).focus_first()

    @on(SheetView.RowSelected)
    def _row_selected(self, event) -> None:
        i = self.query_one(SheetView).selected_hand()
        if i is not None:  # a hand's row chosen on the sheet (a second tap, Enter): that hand, asked no more
            self._unless_typing_is_lost(lambda: self._edit(i))
        else:
            self.action_edit()

    @on(SheetView.RowHighlighted)
    def _row_highlighted(self, event) -> None:
        self._show_how()

    def _show_how(self) -> None:
        view = self.query_one(SheetView)
        how = view.selected_note()
        line = self.query_one("#how", Static)
        # the line keeps its place while the sheet has notes at all (a row without one, a total, shows it empty):
        # moving along the sheet or saving a hand does not make the screen jump, nor ask for a new layout
        if line.display != bool(view.row_note):
            line.display = bool(view.row_note)
        show_line(line, plain_text(how, style="italic"))

    def action_history(self) -> None:
        self.app.push_screen(HistoryDialog(self.game_id))

    def action_big(self) -> None:
        d = self.query_one("#digits")
        d.display = not d.display
        if d.display:
            self._big_digits()

    def _big_digits(self) -> None:
        sheet = self.sheet
        self.query_one("#digits", Digits).update("  ".join(fmt_number(sheet.totals.get(p, 0)) for p in sheet.players))

    def action_chart(self) -> None:
        """The running totals as a chart: it reads the sheet this screen shows (and follows it), stores nothing."""
        from zapis.ui.screens.chart import ChartScreen

        self.app.push_screen(ChartScreen(lambda: self.sheet, self.game_id))

    def action_back(self) -> None:
        """Esc (a tablet's Wróć): out of a correction to a new hand, else back to the list; a hand typed and not
        saved (or a correction changed) is asked about first, never dropped unasked."""
        def back() -> None:
            if self.editing is not None:
                self.editing = None
                self.query_one(HandForm).clear()
                self.reload()
                return
            if self.app.screen is self:
                self.app.pop_screen()
        self._unless_typing_is_lost(back)


