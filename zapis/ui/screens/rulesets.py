"""Rulesets: every parameter with its meaning; a house variant made by changing parameters and
saved as a TOML file that extends the original."""

from __future__ import annotations

import json

import tomli_w
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from zapis.io import rulesets
from zapis.core.errors import ZapisError
from zapis.core.module import get_module
from zapis.paths import user_rulesets_dir
from zapis.core.words import say
from zapis.lang.text import plain_text
from zapis.lang import get_lang, t
from zapis.ui.widgets.keybar import KeyBar
from zapis.ui.widgets.table_rows import CursorTable
from zapis.ui.widgets.options import MarkedOptionList


class RulesetsScreen(Screen):
    BINDINGS = [Binding("escape", "app.pop_screen", "back"), Binding("ctrl+s", "save_variant", "variant")]

    def __init__(self):
        super().__init__()
        self.current = None
        self.changes: dict = {}

    def compose(self) -> ComposeResult:
        with Horizontal():
            yield MarkedOptionList(*[Option(plain_text(rid), id=rid) for rid, _, _ in rulesets.list_rulesets()], id="ruleset-list")
            with Vertical(id="ruleset-detail"):
                yield Static("", id="ruleset-desc")
                yield CursorTable(id="params", cursor_type="row")
                yield Label("", id="param-help")
                yield Input(placeholder=t("value_toml"), id="param-value", compact=True)
                yield Input(placeholder=f"{t('id')}: my-variant", id="variant-id", compact=True)
                yield Label("", id="ruleset-msg")
        yield KeyBar()

    @on(OptionList.OptionHighlighted, "#ruleset-list")
    def _show(self, event: OptionList.OptionHighlighted) -> None:
        try:
            self.current = rulesets.load(event.option.id)
        except ZapisError as e:
            self.query_one("#ruleset-desc", Static).update(plain_text(str(e)))
            return
        self.changes = {}
        self._fill()

    def _fill(self) -> None:
        r = self.current
        module = get_module(r.module)
        lang = get_lang()
        self.query_one("#ruleset-desc", Static).update(
            plain_text(f"{say(r.title, lang)} [{r.module}]\n{say(r.description, lang)}"))  # all of it: it scrolls
        dt = self.query_one("#params", DataTable)
        dt.clear(columns=True)
        dt.add_columns(t("param"), t("value"), t("default"))
        for p in module.params:
            v = self.changes.get(p.name, r[p.name])
            dt.add_row(p.name, plain_text(_short(v) + (" *" if p.name in self.changes else "")), plain_text(_short(p.default)),
                       key=p.name)

    @on(DataTable.RowHighlighted, "#params")
    def _param(self, event: DataTable.RowHighlighted) -> None:
        if self.current is None or event.row_key is None:
            return
        try:  # a highlight may still come from the table of the ruleset shown before
            p = get_module(self.current.module).param(event.row_key.value)
        except KeyError:
            return
        self.query_one("#param-help", Label).update(plain_text(say(p.meaning, get_lang())))
        self.selected = p.name

    @on(DataTable.RowSelected, "#params")
    def _edit(self, event: DataTable.RowSelected) -> None:
        if self.current is None or getattr(self, "selected", None) not in self.current.values:
            return
        field = self.query_one("#param-value", Input)
        field.value = _toml_value(self.changes.get(self.selected, self.current[self.selected]))
        field.focus()

    @on(Input.Submitted, "#param-value")
    def _set(self, event: Input.Submitted) -> None:
        if self.current is None or getattr(self, "selected", None) not in self.current.values:
            return
        module = get_module(self.current.module)
        try:
            value = rulesets.toml_value(event.value, self.selected)
        except ZapisError as e:  # nested too deeply
            value, problems = None, e.problems
        else:
            problems = rulesets.check_overrides(module, {self.selected: value}, "")
        if problems:
            self.query_one("#ruleset-msg", Label).update(plain_text("\n".join(p.say(get_lang()) for p in problems)))
            return
        self.changes[self.selected] = value
        self.query_one("#ruleset-msg", Label).update("")
        self._fill()
        self.query_one("#params", DataTable).focus()

    @on(Input.Submitted, "#variant-id")
    def action_save_variant(self) -> None:
        name = self.query_one("#variant-id", Input).value.strip()
        msg = self.query_one("#ruleset-msg", Label)
        if self.current is None or not name or not all(c.isalnum() or c in "-_" for c in name):
            msg.update(f"{t('id')}: a-z, 0-9, -")
            return
        d = user_rulesets_dir()
        d.mkdir(parents=True, exist_ok=True)
        path = d / f"{name}.toml"
        if path.exists() or name in {r[0] for r in rulesets.list_rulesets()}:
            msg.update(t("variant_exists", id=name))
            return
        data = {"extends": self.current.id, "title": f"{self.current.title} ({name})", "rules": self.changes}
        path.write_text(tomli_w.dumps(data), encoding="utf-8")
        try:
            rulesets.load(name)
        except ZapisError as e:
            path.unlink()
            msg.update(plain_text(str(e)))
            return
        # a served tablet is never told where the server keeps its files
        msg.update(t("variant_saved", path=name if self.app.is_web else str(path)))


def _toml_value(v) -> str:
    """A value as a TOML literal on one line (inline tables for tables)."""
    if isinstance(v, dict):
        return "{ " + ", ".join(f"{_key(k)} = {_toml_value(x)}" for k, x in v.items()) + " }"
    if isinstance(v, list):
        return "[" + ", ".join(_toml_value(x) for x in v) + "]"
    return tomli_w.dumps({"v": v})[4:].strip()


def _key(k: str) -> str:
    return k if k.replace("_", "").replace("-", "").isalnum() else json.dumps(k)


def _short(v) -> str:
    """A value on one line, as TOML would write it inline."""
    s = json.dumps(v, ensure_ascii=False).replace('": ', ' = ').replace('{"', '{ ').replace(', "', ', ')
    return s if len(s) < 40 else s[:37] + "..."
