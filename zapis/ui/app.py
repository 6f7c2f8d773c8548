"""The app and its one factory, used by the CLI, `zapis serve` and the tests."""

from __future__ import annotations

import dataclasses
import gc
import sqlite3
from functools import partial
from pathlib import Path

from textual.app import App
from textual.binding import Binding
from textual.command import Hit, Hits, Provider
from textual.css.query import NoMatches

from zapis.core.errors import ZapisError
from zapis import settings
from zapis.store import Store
from zapis.ui import strip_caches
from zapis.store.roles import for_table
from zapis import lang as i18n
from zapis.lang import t


#: the descriptions Textual's own widgets give their keys (shown in the footer), as i18n keys
BUILTIN_KEYS = {"Dismiss menu": "close", "Exit the command palette": "close"}


def translate_bindings(node) -> None:
    """Binding descriptions are i18n keys (or Textual's own English words): show them in the current language."""
    bmap = node._bindings
    for key, bindings in list(bmap.key_to_bindings.items()):
        bmap.key_to_bindings[key] = [
            dataclasses.replace(b, description=t(BUILTIN_KEYS.get(b.description, b.description)))
            if BUILTIN_KEYS.get(b.description, b.description) in i18n.TEXT else b for b in bindings]


class ZapisCommands(Provider):
    """The app's commands in the command palette (Ctrl+P)."""

    COMMANDS = [("new_evening", "new_evening"), ("new_game", "new_game"), ("standings", "standings"),
                ("export", "export"), ("language", "language"), ("rulesets", "rulesets"), ("players", "players"),
                ("tablets", "tablets"), ("sk_title", "skat"), ("pairs_session", "pairs_session"), ("help", "help")]

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        app = self.app
        for key, action in self.COMMANDS:
            if not app.may(action):  # a table's tablet is offered its table's work only
                continue
            name = f"zapis: {t(key)}"
            score = matcher.match(name)
            if score > 0:
                yield Hit(score, matcher.highlight(name), partial(app.run_command, action), help=t(key))


strip_caches.install()  # a strip's unused caches share one empty mapping (zapis.ui.strip_caches)


def _freeze() -> None:
    """Once, after the first frame: start-up's garbage collected, what is left frozen (gc.freeze)."""
    gc.collect()
    gc.freeze()


class ZapisApp(App):
    CSS_PATH = "zapis.tcss"
    TITLE = "zapis"
    COMMANDS = App.COMMANDS | {ZapisCommands}
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (140, "-wide")]
    BINDINGS = [Binding("ctrl+q", "quit", "quit", show=False)]

    #: how often the app looks whether another tablet or program wrote (a cheap PRAGMA, no read of data)
    WATCH_SECONDS = 0.25

    def __init__(self, store: Store, lang: str | None = None, board: bool = False, table: int | None = None,
                 touch: bool | None = None):
        super().__init__()
        self._touch = touch
        self.store = store
        self.board = board
        self.table = table  # a tablet that belongs to one table: its games only
        # the language asked for, else the one chosen last time (`l`), else the system's
        i18n.set_lang(lang or settings.load().get("lang") or i18n.default_lang())
        self.evening_id: int | None = None
        self.game_id: int | None = None

    def on_mount(self) -> None:
        self.title = t("app_title")
        self.set_class(self.touch, "-touch")  # a tablet: every list row and box a finger's size (zapis.tcss)
        self._seen_version = self.store.data_version()
        self.set_interval(self.WATCH_SECONDS, self._watch_store)
        # served by zapis serve: each commit of this session is passed on to the others at once (zapis.web.driver)
        self.store.after_commit = getattr(self._driver, "committed", None)
        self.evening_id = self.store.current_evening()  # the director's choice, never merely the newest
        # the first screen opens once Textual's start-up batch is over: a screen pushed inside it is laid out
        # and "refreshed" unseen (a batch writes nothing), so what waits for the first frame (scoring the
        # evening's games, the collector's pass, the backup) would run before anything is shown
        self.call_later(self._open_first_screen)

    def _open_first_screen(self) -> None:
        self._push_first_screen()
        # what start-up made (modules, Textual, the first screens) lives as long as the app: kept out of the
        # collector's full passes, which otherwise scan ~80,000 objects (~50 ms) every few saves
        self.call_after_refresh(_freeze)
        if self.evening_id and not self.board and not self.is_web:
            # after the first frame: nothing can be typed before it (served: `zapis serve` backs up once when
            # it starts, not per tablet)
            self.call_after_refresh(self._backup)

    def _push_first_screen(self) -> None:
        if self.board:
            from zapis.ui.screens.board import BoardScreen
            self.push_screen(BoardScreen())
            return
        if self.evening_id:
            games = self.store.games(self.evening_id)
            if self.table is not None:
                self.game_id = self.table_game(games)
            elif games:  # resume where the scorekeeper left off: the game touched last
                last = max(games, key=lambda g: (self.store.conn.execute(
                    "SELECT coalesce(max(id), 0) FROM hand_log WHERE game_id = ?", (g.id,)).fetchone()[0], g.id))
                self.game_id = last.id
        from zapis.ui.screens.evening import EveningScreen
        session = self.table_session()
        if session is not None:  # a pairs session is played at this table: its boards, by the movement
            from zapis.ui.screens.pairs_table import PairsTableScreen
            self.push_screen(EveningScreen(under=True))
            self.push_screen(PairsTableScreen(session, self.table))
            return
        # a table's tablet with no game yet: its (empty) list, and the new game already asked for
        straight = self.table is not None and self.game_id is not None  # a table's tablet: straight to its game
        self.push_screen(EveningScreen(new_game=self.table is not None and self.game_id is None
                                       and self.evening_id is not None and self.may("new_game"), under=straight))
        if straight:
            from zapis.ui.screens.game import GameScreen
            self.push_screen(GameScreen(self.game_id))

    def on_descendant_focus(self, event) -> None:
        """A widget of Textual's own (a list that opened) names its keys in the UI's language too."""
        translate_bindings(event.widget)

    def action_command_palette(self) -> None:
        """The palette in the UI's language: its prompt and our commands, not Textual's English ones."""
        from textual.command import CommandPalette

        if self.use_command_palette and not CommandPalette.is_open(self):
            self.push_screen(_translated(CommandPalette(placeholder=t("search_commands"), id="--command-palette")))

    def get_system_commands(self, screen):
        from textual.app import SystemCommand

        yield SystemCommand(t("theme"), t("theme_help"), self.action_change_theme)
        yield SystemCommand(t("quit"), t("quit_help"), self.action_quit)

    def _backup(self) -> None:
        """The automatic backup, in a thread of its own with a connection of its own: checking and copying a
        large database takes a while, and the first hand can be typed meanwhile."""
        self.run_worker(self._backup_now, thread=True, name="backup", group="backup", exit_on_error=False)

    def _backup_now(self) -> None:
        try:
            with Store(self.store.path) as store:
                store.auto_backup()
        except ZapisError as e:  # damaged, or the disk is full: say so, keep the good backups
            said = " ".join(e.lines())
            key = "backup_full" if "full" in said else "backup_damaged" if "damaged" in said else "backup_failed"
            self.call_from_thread(self.notify, t(key), severity="error", timeout=30, markup=False)

    @property
    def touch(self) -> bool:
        """Pads with cells a finger hits and the in-app keypad: asked for, or a browser (a tablet)."""
        return self.is_web if self._touch is None else self._touch

    def table_session(self) -> int | None:
        """The evening's pairs session, when this tablet's table is one of its tables."""
        if self.table is None or self.evening_id is None:
            return None
        from zapis.club import pairs_session
        try:
            gid = pairs_session.session_of(self.store, self.evening_id)
            if gid is not None and self.table <= pairs_session.load(self.store, gid).movement.tables:
                return gid
        except ZapisError:
            return None
        return None

    def table_game(self, games) -> int | None:
        """The game being played at this tablet's table: its latest game that is not over, else its latest."""
        from zapis.core.module import game_over, get_module
        games = sorted((g for g in games if g.table == self.table), key=lambda g: g.id)
        for g in reversed(games):
            try:
                if not game_over(get_module(g.module), self.store.scored(g.id).sheet):
                    return g.id
            except ZapisError:  # a game that no longer scores is not "being played"
                continue
        return games[-1].id if games else None

    # --- what this app's role may do (zapis.store.roles; the store refuses the rest whatever the screens do) ---
    #: a table's tablet: its games, the evening's standings read, its own game exported, help, the language
    TABLE_ACTIONS = frozenset({"standings", "export", "language", "help", "quit"})
    #: the screens a table's tablet may show (its table's games, read-only standings, help and small dialogs)
    TABLE_SCREENS = frozenset({"EveningScreen", "GameScreen", "PairsTableScreen", "StandingsScreen", "HelpScreen",
                               "ConfirmDialog", "NewGameDialog", "HistoryDialog", "ChartScreen", "CommandPalette",
                               "PickHandDialog"})

    @property
    def directs(self) -> bool:
        """The director's app (the laptop, the director's login): every screen and command."""
        return self.store.role.directs and not self.board

    def may(self, action: str) -> bool:
        if self.directs:
            return True
        if self.board:
            return False
        if action == "new_game":
            return self.store.tables_start_games()
        return action in self.TABLE_ACTIONS

    def refuse(self) -> None:
        """One line: this is the director's work, not this tablet's."""
        self.bell()
        self.notify(t("not_for_table", n=self.table or 0), severity="warning", markup=False)

    def _screen_allowed(self, screen) -> bool:
        if self.directs:
            return True
        if self.board:
            return type(screen).__name__ in ("BoardScreen", "CommandPalette")
        if type(screen).__name__ not in self.TABLE_SCREENS:
            return False
        game_id = getattr(screen, "game_id", None)  # a game's sheet: only a game of this table, this evening
        if game_id is not None:
            try:
                g = self.store.game(game_id)
            except ZapisError:
                return False
            if g.evening_id != self.store.current_evening():
                return False
            if type(screen).__name__ == "PairsTableScreen":
                return getattr(screen, "table", None) == self.table
            return g.table == self.table
        return True

    def set_evening(self, evening_id: int) -> None:
        """The evening shown; the director's choice is the evening every tablet and the board follow."""
        self.evening_id = evening_id
        if self.directs and not self.store.read_only:
            try:
                self.store.set_current_evening(evening_id)
            except ZapisError:  # removed meanwhile, or the database is busy: shown here all the same
                pass

    def _follow_director(self) -> bool | None:
        """A table's tablet follows the evening the director runs: when it changes, the tablet opens on it anew.
        True when it did, None when it will on a later look."""
        if self.directs or self.board:
            return False
        current = self.store.current_evening()
        if current == self.evening_id:
            return False
        if any(not s.is_mounted for s in self.screen_stack):  # a screen still opening: on the next look
            return None
        self.evening_id, self.game_id = current, None
        self.run_worker(self._reopen(current), group="follow", exclusive=True, exit_on_error=False)
        return True

    async def _reopen(self, current: int | None) -> None:
        """The table's screens taken down one after another, then its game in the evening now current."""
        from zapis.ui.screens.evening import EveningScreen
        while len(self.screen_stack) > 2:
            await self.pop_screen()
        await self.switch_screen(_translated(EveningScreen()))
        session = self.table_session()
        if session is not None:
            from zapis.ui.screens.pairs_table import PairsTableScreen
            await _done(self.push_screen(PairsTableScreen(session, self.table)))
        elif current is not None:
            self.game_id = self.table_game(self.store.games(current))
            if self.game_id is not None:
                from zapis.ui.screens.game import GameScreen
                await _done(self.push_screen(GameScreen(self.game_id)))

    def store_nudged(self) -> None:
        """The server says another session committed: look now, not at the next poll."""
        self._watch_store()

    def _watch_store(self) -> None:
        """Someone committed (another tablet or program, or this app): every screen that shows the
        database and has a `store_changed` method shows it again; each keeps what is being typed."""
        if self.closing or not self.is_running:  # shutting down: the screens are being taken apart
            return
        try:
            version = self.store.data_version()
        except Exception:  # noqa: BLE001 - a closing or damaged store: nothing to refresh
            return
        if version == self._seen_version:
            return
        try:
            followed = self._follow_director()
        except (ZapisError, sqlite3.Error):  # busy for now: again on the next look
            return
        if followed is not False:
            if followed:  # None: not yet (a screen still opening), looked at again on the next look
                self._seen_version = version
            return
        for screen in list(self.screen_stack):
            refresh = getattr(screen, "store_changed", None)
            if refresh is not None and screen.is_mounted and screen.is_attached:
                try:
                    refresh()
                except NoMatches:  # a screen still being built or already taken down: nothing to show
                    continue
                except (ZapisError, sqlite3.Error):  # busy or locked for now: all again on the next look
                    return
        self._seen_version = version

    closing = False

    def exit(self, *args, **kw) -> None:
        self.closing = True
        super().exit(*args, **kw)

    def push_screen(self, screen, *args, **kw):
        if self.closing:  # a key typed after "quit": nothing more opens
            return None
        if not self._screen_allowed(screen):  # whatever key or tap asked for it: not this tablet's screen
            self.refuse()
            return None
        translate_bindings(screen)
        return super().push_screen(screen, *args, **kw)

    def switch_screen(self, screen):
        if not isinstance(screen, str) and not self._screen_allowed(screen):
            self.refuse()
            return self.screen_stack and super().switch_screen(self.screen)
        return super().switch_screen(screen)

    # --- commands shared by the screens ---------------------------------------------------------------
    def run_command(self, action: str) -> None:
        if self.board:
            return
        if not self.may(action):
            self.refuse()
            return
        screen = self.screen
        from zapis.ui.screens.evening import EveningScreen
        if not isinstance(screen, EveningScreen):
            evening = next((s for s in self.screen_stack if isinstance(s, EveningScreen)), None)
            if evening is None:
                return
            screen = evening
        getattr(screen, f"action_{action}")()

    def action_language(self) -> None:
        if self.board:
            return
        i18n.set_lang("en" if i18n.get_lang() == "pl" else "pl")
        if not self.is_web:  # remembered for the next start; a served tablet changes nothing on the server
            settings.save(lang=i18n.get_lang())
        self.title = t("app_title")
        from zapis.ui.screens.evening import EveningScreen
        from zapis.ui.screens.game import GameScreen
        game = next((s.game_id for s in self.screen_stack if isinstance(s, GameScreen)), None)
        while len(self.screen_stack) > 2:
            self.pop_screen()
        self.switch_screen(_translated(EveningScreen()))
        if game is not None:
            self.push_screen(GameScreen(game))
        self.notify(f"{t('language')}: {i18n.get_lang()}")

    def action_export(self) -> None:
        if self.board or not self.evening_id:
            return
        if not self.directs:  # a table's tablet: its own game's record, as a download, nothing else
            self._deliver_own_game()
            return
        from zapis.ui.dialogs.export import ExportDialog

        def done(result) -> None:
            if result:
                fmt, path = result
                (self._deliver if self.is_web else self._write_export)(fmt, path)
        self.push_screen(ExportDialog(self.evening_id, web=self.is_web), done)

    def _deliver(self, fmt: str, name: str) -> None:
        """Served: the export goes to the browser as a download; nothing is written on the server."""
        import io
        import zipfile

        files = self._export_files(fmt)
        if files is None:
            return
        name = safe_file_name(name, f"wieczor-{self.evening_id}")
        if len(files) == 1:
            (own, text), = files.items()
            suffix = "." + own.rsplit(".", 1)[-1]
            name = name if name.endswith(suffix) else name.rsplit(".", 1)[0] + suffix
            self.deliver_text(io.StringIO(text), save_filename=name, encoding="utf-8")
        else:
            buf = io.BytesIO()
            with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
                for n, text in files.items():
                    z.writestr(n, text.encode("utf-8"))
            name = name.rsplit(".", 1)[0] + ".zip"
            buf.seek(0)
            self.deliver_binary(buf, save_filename=name, mime_type="application/zip")
        self.notify(t("downloaded", name=name))

    def _deliver_own_game(self) -> None:
        import io

        from zapis.io.export import export_toml

        gid = next((getattr(s, "game_id", None) for s in reversed(self.screen_stack)
                    if getattr(s, "game_id", None) is not None), None) or self.game_id
        try:
            g = self.store.game(gid) if gid else None
        except ZapisError:
            g = None
        if g is None or g.table != self.table or g.evening_id != self.store.current_evening():
            self.notify(t("nothing_to_export"), severity="warning", markup=False)
            return
        (name, text), = export_toml(self.store, g.evening_id, game_ids=[g.id]).items()
        if self.is_web:
            self.deliver_text(io.StringIO(text), save_filename=name, encoding="utf-8")
            self.notify(t("downloaded", name=name), markup=False)
        else:  # a table's app in the laptop's terminal: beside the other exports, never over a file unasked
            from zapis.ui.dialogs.export import export_folder
            self._write_export("toml", str(export_folder() / name), files={name: text})

    def _export_files(self, fmt: str) -> dict[str, str] | None:
        """The evening's export in `fmt`, or None with the reason said (a pairs format for an evening without a
        pairs session)."""
        from zapis.io.export import export

        try:
            return export(self.store, self.evening_id, fmt, i18n.get_lang())
        except ZapisError as e:
            self.notify(" ".join(p.say(i18n.get_lang()).removeprefix("--format: ") for p in e.problems),
                        severity="error", markup=False)
            return None

    def _write_export(self, fmt: str, path: str, replace: bool = False, files: dict[str, str] | None = None) -> None:
        """In the terminal: where the user says, but never silently over an existing file."""
        files = self._export_files(fmt) if files is None else files
        if files is None:
            return
        out = Path(path).expanduser()
        targets = [out / n for n in files] if len(files) > 1 else [out]
        existing = [p for p in targets if p.exists()]
        if existing and not replace:
            from zapis.ui.dialogs.confirm import ConfirmDialog

            self.push_screen(ConfirmDialog(t("overwrite", path=", ".join(map(str, existing)))),
                             lambda yes: yes and self._write_export(fmt, path, replace=True, files=files))
            return
        try:
            if len(files) > 1:
                out.mkdir(parents=True, exist_ok=True)
            else:
                out.parent.mkdir(parents=True, exist_ok=True)
            for p, text in zip(targets, files.values()):
                p.parent.mkdir(exist_ok=True)  # a results site of several sessions: a folder each
                if p.exists() and not p.is_file():
                    raise IsADirectoryError(21, "is not a file")
                tmp = p.with_name(f".{p.name}.zapis-tmp")
                tmp.write_text(text, encoding="utf-8")
                tmp.replace(p)
        except OSError as e:
            self.notify(t("not_written", path=str(out), why=e.strerror or str(e)), severity="error", markup=False)
            return
        self.notify(t("exported", path=str(out)), markup=False)

    def action_tablets(self) -> None:
        """The director's way to let tablets in; a served session has no business there."""
        if self.board or self.is_web or not self.directs:
            return
        from zapis.ui.screens.tablets import TabletsScreen

        self.push_screen(TabletsScreen())

    def action_screenshot(self, filename: str | None = None, path: str | None = None) -> None:
        """A screenshot goes where Textual puts it by default (a download when served): never to a path
        that an action string names."""
        self.deliver_screenshot()

    async def action_quit(self) -> None:
        """Quitting from a tablet asks first (a stray tap must not end the session)."""
        if not self.is_web:
            self.exit()
            return
        from zapis.ui.dialogs.confirm import ConfirmDialog

        self.push_screen(ConfirmDialog(t("quit_ask"), yes=t("quit")), lambda yes: yes and self.exit())


async def _done(awaitable) -> None:
    """Wait for a screen to be shown (None: it was refused)."""
    if awaitable is not None:
        await awaitable


def safe_file_name(name: str, default: str) -> str:
    """A bare file name for a download: no folders, no control characters, nothing a browser would refuse."""
    name = name.replace("\\", "/").rsplit("/", 1)[-1]
    name = "".join(c for c in name if c.isalnum() or c in "-_. ").strip(" .")[:80]
    return name or default


class BoardApp(ZapisApp):
    """The read-only scoreboard: no command palette, no screen that writes."""

    ENABLE_COMMAND_PALETTE = False


def _translated(screen):
    translate_bindings(screen)
    return screen


class NewDatabaseApp(App[bool]):
    """Asked before the app makes a database file that is not there yet (a typo in --db makes none)."""

    CSS_PATH = "zapis.tcss"

    def __init__(self, path: Path, lang: str | None = None):
        super().__init__()
        self.path = path
        i18n.set_lang(lang or settings.load().get("lang") or i18n.default_lang())

    def on_mount(self) -> None:
        from zapis.lang.text import plain
        from zapis.ui.dialogs.confirm import ConfirmDialog

        self.push_screen(ConfirmDialog(t("db_new_ask", path=plain(self.path.absolute())), yes=t("db_create"),
                                       default=True),  # Enter makes it: that is what a new --db is typed for
                         lambda yes: self.exit(bool(yes)))


def warm_up() -> None:
    """Import the screens a session opens on (the evening, a game, a pairs table): a process that forks sessions
    (zapis.web.forks) imports them once for all."""
    import zapis.ui.screens.evening  # noqa: F401
    import zapis.ui.screens.game  # noqa: F401
    import zapis.ui.screens.pairs_table  # noqa: F401


def rehearse(lang: str | None = None) -> None:
    """A table's tablet played once, headless, on a throwaway pairs session of its own (a temporary database): a
    process that forks sessions (zapis.web.forks) then holds what a tablet's first screen loads and fills."""
    import asyncio
    import tempfile

    from zapis.club.pairs_session import new_session

    with tempfile.TemporaryDirectory(prefix="zapis-") as folder:
        db = Path(folder) / "rehearsal.db"
        with Store(db) as store:
            new_session(store, store.new_evening("2026-01-01", "-"), [("A", "B"), ("C", "D"), ("E", "F"), ("G", "H")],
                        movement="mitchell")
        app = make_app(db, lang=lang, table=1, touch=True)

        async def play() -> None:
            async with app.run_test(size=(100, 40)) as pilot:  # a tablet's size
                await pilot.pause(0.5)
                try:  # the screen as a terminal's bytes, as a served session sends it (headless: never written)
                    app.screen._compositor.render_update(full=True).render_segments(app.console)
                except AttributeError:  # (Textual's insides moved: the rest of the rehearsal still holds)
                    pass
        asyncio.run(play())


def make_app(db: str | Path | None = None, lang: str | None = None, board: bool = False,
             table: int | None = None, touch: bool | None = None) -> ZapisApp:
    """The one way to build the app: the CLI, `zapis serve` and the tests all use it."""
    store = Store(db, role=for_table(table))  # a table's app writes its table's hands only (zapis.store.roles)
    return (BoardApp if board else ZapisApp)(store, lang=lang, board=board, table=table, touch=touch)
