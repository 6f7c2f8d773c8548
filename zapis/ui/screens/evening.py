"""The evening: its tables and games with live totals; start an evening, add a game, open one."""

from __future__ import annotations

from datetime import date

from rich.align import Align
from rich.text import Text

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import DataTable, Label, Static

from zapis.core.errors import ZapisError
from zapis.core.words import say
from zapis.lang.text import evening_label, plain, plain_text
from zapis.lang import get_lang, t
from zapis.ui.widgets.keybar import KeyBar
from zapis.ui.widgets.table_rows import CursorTable


class TapTable(CursorTable):
    """A list whose row opens at one tap: a plain DataTable wants a second tap on a row it highlighted. On a
    tablet each row is three rows high (63 CSS px at the browser's default font), its words in the middle."""

    @property
    def tall(self) -> bool:
        return bool(getattr(self.app, "touch", False))

    def _middle(self, cell):
        return Align(Text(cell) if isinstance(cell, str) else cell, vertical="middle") if self.tall else cell

    def add_row(self, *cells, height: int | None = 1, key=None, label=None):
        if self.tall:
            cells, height = tuple(self._middle(c) for c in cells), max(3, height or 1)
        return super().add_row(*cells, height=height, key=key, label=label)

    def update_cell(self, row_key, column_key, value, *, update_width: bool = False) -> None:
        super().update_cell(row_key, column_key, self._middle(value), update_width=update_width)

    def mark_text(self, mark: str) -> Text:
        return Text(f"\n{mark}") if self.tall else Text(mark)  # on a tall row's middle line, with its words

    def get_cell(self, row_key, column_key):
        cell = super().get_cell(row_key, column_key)
        return cell.renderable if isinstance(cell, Align) else cell

    async def _on_click(self, event) -> None:
        before = self.cursor_coordinate
        await super()._on_click(event)
        row = event.style.meta.get("row", -1)
        if row >= 0 and self.row_count and self.cursor_coordinate != before:  # the first tap on this row
            key = self.coordinate_to_cell_key(self.cursor_coordinate).row_key
            self.post_message(self.RowSelected(self, self.cursor_row, key))


class EveningBar(Static, can_focus=True):
    """The evening shown, named as in the list of evenings, with the mark that opens that list (a tap, a click,
    Enter or `e`): one line of text at start-up where a drop-down would build an entry for every evening."""

    BINDINGS = [Binding("enter,space", "choose", show=False)]

    def __init__(self, **kw):
        super().__init__(**kw)
        self.label = ""

    def show(self, label: str) -> None:
        self.label = label
        self.refresh()

    def render(self) -> Text:
        room = max(self.content_size.width, 4) - 2  # the label's cells; " ▼" takes the last two
        label = plain(self.label) or t("evening")
        if len(label) > room:  # a long title or place is cut where it can be seen to be
            label = label[:room - 1] + "…"
        mark = " ▼" if self.app.directs else "  "  # a table's tablet shows the director's evening: no list
        return Text(label.ljust(room) + mark, no_wrap=True, style="" if self.label else "dim")

    def on_click(self) -> None:
        self.action_choose()

    def action_choose(self) -> None:
        self.screen.action_choose_evening()


class EveningScreen(Screen):
    BINDINGS = [
        Binding("n", "new_evening", "new_evening"),
        Binding("e", "choose_evening", "evening", show=False),  # another evening (the bar at the top, a tap)
        Binding("g", "new_game", "new_game"),
        Binding("s", "standings", "standings_key"),  # a short word: every key fits 80 columns
        Binding("x", "export", "export"),
        Binding("p", "players", "players", show=False),
        Binding("r", "rulesets", "rulesets"),
        Binding("l", "language", "language_key"),  # names the language it switches to
        Binding("t", "tablets", "tablets", show=False),
        Binding("k", "skat", "sk_key", show=False),  # a skat tournament: the draw and the ranking
        Binding("d", "pairs_session", "pd_key", show=False),  # a duplicate pairs session: its director's view
        Binding("question_mark", "help", "help"),
        Binding("q", "quit", "quit"),
    ]

    #: what a table's tablet is offered here (the rest is the director's: zapis.store.roles)
    TABLE_ACTIONS = frozenset({"new_game", "standings", "export", "language", "help", "quit"})

    def __init__(self, new_game: bool = False, under: bool = False):
        super().__init__()
        self.ask_new_game = new_game  # open the new-game dialog at once (a table's tablet with no game yet)
        # under a table's screen from the start (a tablet opens on its game): its widgets made when first shown, a
        # tablet that never goes back never makes them (a forked session's memory: about 0.7 MiB)
        self.built = not under

    def on_key(self, event) -> None:
        """A director's key pressed on a table's tablet: not shown there, and said in one line when pressed."""
        if self.app.directs or self.app.board:
            return
        bound = {k.strip(): b.action for b in self.BINDINGS for k in b.key.split(",")}
        action = bound.get(event.key)
        if action is not None and not (action in self.TABLE_ACTIONS and self.app.may(action)):
            event.stop()
            event.prevent_default()
            self.app.refuse()

    def check_action(self, action: str, parameters) -> bool | None:
        """A table's tablet is shown its table's keys only; the director's are not there at all."""
        if self.app.directs or action not in {b.action for b in self.BINDINGS}:
            return True
        return action in self.TABLE_ACTIONS and self.app.may(action)

    def compose(self) -> ComposeResult:
        if not self.built:
            return
        yield EveningBar(id="evening")
        table = self.app.table
        yield Label(t("tables") if table is None else t("table_games", n=table), id="games-title")
        yield TapTable(id="games", cursor_type="row")
        yield Label(t("no_evening"), id="hint")
        yield KeyBar()

    def on_mount(self) -> None:
        if self.built:
            self._set_up()

    def _set_up(self) -> None:
        self.query_one("#games").focus()
        games = self.query_one("#games", DataTable)
        for key in ("table", "game", "hands", "totals"):
            games.add_column(t("ruleset_totals" if key == "totals" else key), key=key)
        if self.is_current:  # (else filled when first shown: resume)
            self.refresh_evenings()
        if self.ask_new_game:
            self.call_after_refresh(self.action_new_game)

    async def on_screen_resume(self) -> None:
        if self.app.screen is not self:  # pushed and covered at once (a tablet's game opened over it): not shown
            return  # (is_current would say yes while the screen over it has not its styles yet: seen through it)
        if not self.built:  # first shown: made now, and filled
            self.built = True
            await self.recompose()
            self._set_up()
            return
        self._follow()

    def store_changed(self) -> None:
        """Another tablet started an evening or a game, or saved a hand: the list follows (under a game's screen
        it waits until it is shown again: a save is not slowed by a list nobody sees)."""
        if self.built and self.is_current:
            self._follow()

    def _follow(self) -> None:
        if self.store.evening_count() != getattr(self, "_evenings_shown", None):
            self.refresh_evenings()
        else:
            self.refresh_games()

    @property
    def store(self):
        return self.app.store

    def refresh_evenings(self, select: int | None = None) -> None:
        """The evening shown named at the top (the one asked for, else the app's, else the newest)."""
        self._evenings_shown = self.store.evening_count()
        if self.app.directs:
            target = select or self.app.evening_id or self.store.current_evening()
        else:  # a table's tablet shows the evening the director runs, never one it picks
            target = self.store.current_evening()
        if target is not None:
            self.app.evening_id = target
        try:
            label = evening_label(self.store.evening(target)) if target is not None else ""
        except ZapisError:  # removed meanwhile by another program: no evening shown
            label = ""
        self.query_one("#evening", EveningBar).show(label)
        self.query_one("#hint").display = not self._evenings_shown
        self.refresh_games()

    def action_choose_evening(self) -> None:
        """The list of every evening, found by typing; the one chosen is shown."""
        if not self._evenings_shown:
            return
        if not self.app.directs:
            self.app.refuse()
            return
        from zapis.ui.dialogs.evenings import EveningsDialog

        def done(eid: int | None) -> None:
            if eid is not None and eid != self.app.evening_id:
                self.app.set_evening(eid)
                self.app.notify(t("evening_current"), markup=False)
                self.refresh_evenings(eid)
        self.app.push_screen(EveningsDialog(self.app.evening_id), done)

    def refresh_games(self) -> None:
        table = self.query_one("#games", DataTable)
        eid = self.app.evening_id
        games = self.store.games(eid) if eid else []
        if self.app.table is not None:  # a table's tablet lists that table's games
            games = [g for g in games if g.table == self.app.table]
        key = (eid, tuple((g.id, g.version, tuple(g.players)) for g in games))
        if key == getattr(self, "_shown", None):  # nothing changed since the table was filled
            return
        self._shown = key
        # what is played and its totals in the last column, the totals on as many lines as the width needs (at 80
        # columns: a title, then four players' totals), a player's name never parted from the number
        widest = [max([len(t("table"))] + [len(str(g.table)) for g in games]),
                  max([len(t("game"))] + [len(f"#{g.id}") for g in games]),
                  max(len(t("hands")), len(t("finished")), 4)]
        self._room = max(16, self.size.width - sum(widest) - 2 * 4 - 2)
        self._fill(table, games, {g.id: self._game_state(g) for g in games if self.store.knows(g.id, g.version)})
        self.call_after_refresh(self._fill_states, key)

    def _fill(self, table: DataTable, games: list, states: dict[int, tuple[str, str]]) -> None:
        """The list's rows: a game still to be scored (its module loaded after the first frame) shows "…"."""
        at = table.cursor_row
        table.clear()
        for g in games:
            state, totals = states.get(g.id, ("…", ""))
            cell = self._cell(say(g.title, get_lang()), totals)
            table.add_row(str(g.table), f"#{g.id}", state, cell, key=str(g.id), height=len(cell.plain.split("\n")))
        if games and self.app.game_id and str(self.app.game_id) in table.rows:
            table.move_cursor(row=table.get_row_index(str(self.app.game_id)))
        elif games:
            table.move_cursor(row=min(at, len(games) - 1))

    def _game_state(self, g) -> tuple[str, str]:
        """A game's state (hands played, or over) and totals for the list."""
        from zapis.core.module import game_over, get_module  # after the first frame: the scoring core waits
        from zapis.core.sheet import fmt_number
        try:
            sheet = self.store.scored(g.id).sheet  # checked on entry; kept while the game is unchanged
            state = t("finished") if game_over(get_module(g.module), sheet) else str(len(sheet.hands))
            return state, "  ".join(f"{p} {fmt_number(sheet.totals.get(p, 0))}" for p in sheet.players)
        except ZapisError as e:
            return "!", str(e.problems[0])

    _room = 40  # the totals' width (set as the list is filled)

    def _cell(self, title: str, totals: str) -> Text:
        """What is played, and under it the totals ("Ala 300  Bartek 180  ...") on lines of the width left, a
        player's name never parted from the number; plain text (names are data)."""
        lines = [title]
        for i, part in enumerate(totals.split("  ") if totals else []):
            if i and len(lines[-1]) + 2 + len(part) <= self._room:
                lines[-1] += "  " + part
            else:
                lines.append(part)
        if self.app.touch and len(lines) == 2:  # a tablet's row of three lines: the title in the middle, as the
            lines.insert(0, "")                # other columns' words are, the totals under it
        return plain_text("\n".join(lines))

    def on_resize(self) -> None:
        self._shown = None  # the totals' lines follow the width
        if self.built and self.is_current:
            self.refresh_games()

    def _fill_states(self, key) -> None:
        """After the frame that showed the list: each game's state and totals where it waited for them."""
        if key != getattr(self, "_shown", None) or not self.is_attached:
            return  # the list was filled again since (it scored what it showed)
        table = self.query_one("#games", DataTable)
        if not any(str(table.get_cell(row, "hands")) == "…" for row in table.rows):
            return
        games = self.store.games(key[0]) if key[0] else []
        if self.app.table is not None:
            games = [g for g in games if g.table == self.app.table]
        self._fill(table, games, {g.id: self._game_state(g) for g in games})

    @on(DataTable.RowSelected, "#games")
    def _open(self, event: DataTable.RowSelected) -> None:
        self.open_game(int(event.row_key.value))

    def open_game(self, gid: int) -> None:
        from zapis.ui.screens.game import GameScreen
        if self.app.screen is not self:  # a second tap while the game opens
            return
        self.app.game_id = gid
        if self._is_session(gid):  # a pairs session: a table enters its boards, the director sees them all
            from zapis.ui.screens.pairs_director import PairsDirectorScreen
            from zapis.ui.screens.pairs_table import PairsTableScreen
            table = self.app.table
            self.app.push_screen(PairsDirectorScreen(gid) if table is None else PairsTableScreen(gid, table))
            return
        self.app.push_screen(GameScreen(gid))

    def _is_session(self, gid: int) -> bool:
        from zapis.club.pairs_session import is_session
        g = self.store.game(gid)
        return g.module == "bridge-pairs" and is_session(g.module, self.store.record(gid)[1])

    def action_pairs_session(self) -> None:
        """The evening's pairs session: its director's view, or a new one (the pairs, the movement, the scoring)."""
        if not self.app.directs:  # a table's tablet never directs
            self.app.refuse()
            return
        from zapis.club.pairs_session import session_of
        from zapis.ui.dialogs.new_session import NewSessionDialog
        if not self.app.evening_id:
            self.app.set_evening(self.store.new_evening(date.today().isoformat()))
            self.refresh_evenings(self.app.evening_id)
        gid = session_of(self.store, self.app.evening_id)
        if gid is not None:
            self.open_game(gid)
            return

        def done(gid) -> None:
            if gid:
                self.refresh_games()
                self.open_game(gid)
        self.app.push_screen(NewSessionDialog(self.app.evening_id), done)

    def action_new_evening(self) -> None:
        if not self.app.may("new_evening"):
            self.app.refuse()
            return
        from zapis.ui.dialogs.new_evening import NewEveningDialog

        def done(result) -> None:
            if result:
                eid = self.store.new_evening(result["date"], result["place"], result["title"])
                self.app.set_evening(eid)
                if not self.app.is_web:
                    try:
                        self.store.auto_backup()
                    except ZapisError as e:
                        self.app.notify("\n".join(e.lines()), severity="error", markup=False)
                self.refresh_evenings(eid)
        self.app.push_screen(NewEveningDialog(), done)

    def action_new_game(self) -> None:
        from zapis.ui.dialogs.new_game import NewGameDialog
        from zapis.ui.screens.game import GameScreen
        if not self.app.may("new_game"):
            self.app.refuse()
            return
        if not self.app.evening_id:
            if not self.app.directs:  # no evening yet: the director starts it
                self.app.refuse()
                return
            self.app.set_evening(self.store.new_evening(date.today().isoformat()))
            self.refresh_evenings(self.app.evening_id)

        def done(result) -> None:
            if result:
                gid = self.store.new_game(self.app.evening_id, result.table, result.record, result.rules,
                                          result.module, result.stake)
                self.app.game_id = gid
                self.refresh_games()
                self.app.push_screen(GameScreen(gid))
        self.app.push_screen(NewGameDialog(self.app.evening_id, table=self.app.table), done)

    def action_standings(self) -> None:
        from zapis.ui.screens.standings import StandingsScreen
        if self.app.evening_id:
            self.app.push_screen(StandingsScreen(self.app.evening_id))

    def action_export(self) -> None:
        self.app.action_export()

    def action_players(self) -> None:
        if not self.app.may("players"):
            self.app.refuse()
            return
        from zapis.ui.screens.players import PlayersScreen
        self.app.push_screen(PlayersScreen())

    def action_rulesets(self) -> None:
        if not self.app.may("rulesets"):
            self.app.refuse()
            return
        from zapis.ui.screens.rulesets import RulesetsScreen
        self.app.push_screen(RulesetsScreen())

    def action_language(self) -> None:
        self.app.action_language()

    def action_help(self) -> None:
        from zapis.ui.screens.help import HelpScreen
        self.app.push_screen(HelpScreen())

    def action_tablets(self) -> None:
        self.app.action_tablets()

    def action_skat(self) -> None:
        if not self.app.may("skat"):
            self.app.refuse()
            return
        from zapis.ui.screens.skat_draw import SkatDrawScreen
        self.app.push_screen(SkatDrawScreen(self.app.evening_id))

    async def action_quit(self) -> None:
        await self.app.action_quit()
