"""The history of one game: every entry, edit and undo, with its time."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Label

from zapis.lang.text import plain_text
from zapis.lang import PAD, get_lang, item_name, label, pad_label, t
from zapis.ui.widgets.button import Button
from zapis.ui.widgets.table_rows import CursorTable

ACTION = {"enter": ("wpisane", "entered"), "edit": ("poprawione", "edited"), "undo": ("cofnięte", "undone")}


def _value(f, v, depth: int = 0) -> str:
    """One value as a player reads it: a choice by its name, a table of players as "Ala 3, Bartek 5", the items a
    player took by their names in the UI's language ("kiery 3, król ♠ 1"); a player's name is as it was typed."""
    if isinstance(v, dict):
        items = depth > 0 or (f is not None and f.kind == "table")  # below a player: items, not names
        return ", ".join(f"{item_name(k) if items else k} {_value(f, x, depth + 1)}" for k, x in v.items())
    if isinstance(v, list):
        return ", ".join(_value(f, x, depth) for x in v)
    if isinstance(v, bool):
        return t("yes") if v else "—"
    if isinstance(v, str) and depth > 0 and v in PAD:  # below a player, what was tapped, as its cell names it
        return pad_label(v)  # (tysiąc's meld "♥ kier"), never a name as typed
    return pad_label(v) if isinstance(v, str) and f is not None and f.kind == "choice" else str(v)


def _shown(f, v, hand: dict) -> str:
    """A value as players write it (issue 36): a contract as its field writes it (3BA, 4♠), a result counted from
    a base the hand gives (the tricks a contract needs) as =, +1, -2; else as _value says."""
    if f is not None and f.written is not None:
        return f.written(v, get_lang())
    if f is not None and f.base is not None and isinstance(v, int) and not isinstance(v, bool):
        try:
            base = f.base(hand)
        except (KeyError, TypeError, ValueError):
            base = None
        if base is not None:
            return "=" if v == base else f"{v - base:+d}"
    return _value(f, v)


def describe(hand: dict | None, fields, before: dict | None = None) -> str:
    """A hand as the form names its fields and players write its values (kontrakt 3BA · rozgrywający N · wynik +1);
    for a correction, only what changed (wynik = → +1)."""
    if not hand:
        return ""
    by_name = {f.name: f for f in fields}
    order = [n for n in by_name if n in hand or (before and n in before)] + sorted(
        k for k in {*hand, *(before or {})} if k not in by_name)
    out = []
    for name in order:
        f = by_name.get(name)
        name_shown = label(f) if f is not None else name
        new = hand.get(name)
        if before is None:
            out.append(f"{name_shown} {_shown(f, new, hand)}")
        else:  # what a player reads changed: the value, or how it is written (+1 of 3BA is = of 4♠)
            old = before.get(name)
            was, now = ('—' if old is None else _shown(f, old, before)), ('—' if new is None else _shown(f, new, hand))
            if old != new or was != now:
                out.append(f"{name_shown} {was} → {now}")
    return " · ".join(out)


class HistoryDialog(ModalScreen[None]):
    BINDINGS = [Binding("escape", "dismiss", "back")]

    def __init__(self, game_id: int):
        super().__init__()
        self.game_id = game_id

    def compose(self) -> ComposeResult:
        store = self.app.store
        rec, rules, module = store.record(self.game_id)
        fields = module.hand_fields(rules, rec.players)
        with Vertical(classes="dialog wide history"):
            log = store.log(self.game_id)
            days = {e.at[:10] for e in log}
            one_day = len(days) == 1  # the day said once in the title, each entry's time in its row
            yield Label(f"{t('history')} — {next(iter(days))}" if one_day else t("history"), classes="dialog-title")
            table = CursorTable(cursor_type="row")
            hand_word = t("enter_hand", n="").strip()
            table.add_columns("#", t("time") if one_day else t("date"), "", hand_word)
            # what was entered wraps in the room the dialog has: nothing of a hand is cut at any width
            room = min(self.app.size.width, 144) - 4 - 2  # the dialog's border and padding, the scrollbar
            rest = 4 + (8 if one_day else 19) + max(len(w[0 if get_lang() == "pl" else 1]) for w in ACTION.values()) + len(hand_word)
            table.add_column("", width=max(20, room - rest - 2 * 5))
            hands: list[dict] = []  # the game as each entry left it: an edit shows what it changed
            for i, e in enumerate(log):
                what = ACTION[e.action][0 if get_lang() == "pl" else 1]
                if e.action == "enter":
                    text = describe(e.hand, fields)
                    hands.append(e.hand or {})
                elif e.action == "edit":
                    text = describe(e.hand, fields, hands[e.position] if e.position < len(hands) else {})
                    if e.position < len(hands):
                        hands[e.position] = e.hand or {}
                else:  # undo: the hand it took back
                    text = describe(hands.pop() if hands else e.hand, fields)
                table.add_row(str(i + 1), e.at[11:19] if one_day else e.at[:19], what, str(e.position + 1), plain_text(text), height=None)
            yield table
            with Horizontal(classes="buttons"):  # a tablet has no Esc: a button of a finger's size closes it
                yield Button(t("back"), id="back", variant="primary")

    @on(Button.Pressed, "#back")
    def _back(self) -> None:
        self.dismiss(None)
