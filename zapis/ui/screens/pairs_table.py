"""A table's tablet in a duplicate pairs session: the round, the pairs sitting there, the boards to play; each
result entered with the contract pad, accepted by E-W with one tap, then the board's traveller so far.

What is played where comes from the movement: the tablet never asks for a board or a pair number, so neither can
be wrong. A result is committed only after E-W accept it (as a club terminal's "East accepts"); a correction
afterwards is the director's (the tablet shows what the director changed)."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import DataTable, Static

from zapis.club import pairs_session
from zapis.club.hand_diagram import analysis_lines, diagram_lines
from zapis.modules.bridge.deals import deals_by_board
from zapis.core.errors import ZapisError
from zapis.store import Unreachable
from zapis.core.sheet import fmt_number
from zapis.core.words import say
from zapis.modules.bridge.law77 import LAW77, VUL_WORDS, board_dealer_vul
from zapis.modules.bridge.pairs import contract_text, score_ns
from zapis.lang.text import plain_text
from zapis.club.evening import number_text
from zapis.lang import get_lang, t
from zapis.ui.screens.game import _lines, refusal
from zapis.ui.widgets.hand_form import FormError, HandForm, SaysRefusals
from zapis.ui.widgets.keybar import KeyBar
from zapis.ui.widgets.button import Button


def pair_line(session: pairs_session.Session, side: str, pair: int) -> str:
    if pair == session.phantom:
        return f"{side}  {t('phantom_name')}"
    return f"{side}  {t('pt_pair', n=pair)}: {' – '.join(session.names(pair))}"


def board_words(board: int) -> str:
    dealer, vul = board_dealer_vul(board)
    return t("pt_board_head", n=board, dealer=dealer, vul=say(VUL_WORDS[vul], get_lang()))


def traveller_rows(session: pairs_session.Session, board: int, mark_table: int | None = None):
    """The board's results so far, one row each: table, pairs, contract, N-S score, and MP or IMPs."""
    mp = session.rules["method"] == "matchpoints"
    key = "mp" if mp else "imp"
    for e in session.traveller(board):
        if e.get("phantom"):
            what, score = t("phantom_name"), ""
        elif e.get("not_played"):
            what, score = t("pt_not_played"), ""
        elif e.get("adjusted"):
            what, score = e["adjusted"], ""
        else:
            what, score = say(contract_text(e), get_lang()), fmt_number(e["score_ns"])  # 3BA in Polish
        lang = get_lang()
        got = (number_text(round(e[f"{key}_ns"], 2), lang), number_text(round(e[f"{key}_ew"], 2), lang)) \
            if e.get(f"{key}_ns") is not None else ("", "")
        table = str(e.get("table", ""))
        mark = "►" if mark_table is not None and e.get("table") == mark_table else ""
        yield (mark + table, str(e["ns"]), str(e["ew"]), plain_text(what), score, *got)


def deal_lines(session: pairs_session.Session, board: int) -> list[str]:
    """The board's deal around the table, its double dummy and par, when the session has a hand record of it."""
    deal = deals_by_board(session.rules["deals"]).get(board)
    if deal is None:
        return []
    solved = {b["board"]: b for b in session.sheet.extra.get("boards", [])}
    lines = [""] + diagram_lines(deal)
    if board in solved:
        lines += [""] + analysis_lines(solved[board], get_lang())
    return lines


class PairsTableScreen(SaysRefusals, Screen):
    #: actions with a button of their own on a tablet (its key bar leaves them out)
    BUTTONS = frozenset({"save"})
    BINDINGS = [
        Binding("ctrl+s", "save", "save"),
        Binding("escape", "back", "back"),
    ]

    def __init__(self, game_id: int, table: int):
        super().__init__()
        self.game_id = game_id
        self.table = table
        self.session: pairs_session.Session | None = None
        self.round: int | None = None
        self.board: int | None = None
        self.mode = "entry"  # entry | confirm | traveller | done
        self.pending: dict | None = None  # the result waiting for E-W's acceptance

    @property
    def store(self):
        return self.app.store

    def compose(self) -> ComposeResult:
        session = pairs_session.load(self.store, self.game_id)
        fields = [f for f in session.module.hand_fields(session.rules, session.pairs)
                  if f.name in pairs_session.TABLE_FIELDS]
        touch = getattr(self.app, "touch", False)
        yield Static("", id="pt-title")
        yield Static("", id="pt-pairs")
        with Horizontal(id="pt-boards"):
            for k in range(session.movement.boards_per_round):
                yield Button("", id=f"pt-b{k}", classes="pt-board", compact=not touch)
        yield Static("", id="pt-board")
        yield Static("", id="pt-message")
        with Vertical(id="pt-entry"):
            yield HandForm(fields, [], touch=touch, id="form")
            with Horizontal(classes="pt-buttons"):
                yield Button(t("pt_to_accept"), id="pt-save", variant="primary", compact=not touch)
        with Vertical(id="pt-confirm"):
            yield Static("", id="pt-summary")
            with Horizontal(classes="pt-buttons"):
                yield Button(t("pt_accept"), id="pt-accept", variant="success", compact=not touch)
                yield Button(t("pt_change"), id="pt-change", compact=not touch)
        with VerticalScroll(id="pt-after"):
            yield DataTable(id="pt-traveller", cursor_type="none", zebra_stripes=True)
            yield Static("", id="pt-deal")  # the board's hand record, its double dummy and par (when dealt)
            with Horizontal(classes="pt-buttons"):
                yield Button(t("pt_next"), id="pt-next", variant="primary", compact=not touch)
        yield KeyBar()

    def on_mount(self) -> None:
        self.set_class(getattr(self.app, "touch", False), "-touch")
        trav = self.query_one("#pt-traveller", DataTable)
        mp = self.store.scored(self.game_id).rules["method"] == "matchpoints"
        unit = t("pt_mp") if mp else "IMP"
        for key, word in (("table", t("table")), ("ns", "N-S"), ("ew", "E-W"), ("contract", t("pt_contract")),
                          ("score", t("pt_score_ns")), ("got_ns", f"{unit} N-S"), ("got_ew", f"{unit} E-W")):
            trav.add_column(word, key=key)
        self.reload()
        self.go_on()
        if self.mode == "entry":
            self.query_one(HandForm).focus_first()

    def check_action(self, action: str, parameters) -> bool | None:
        """Ctrl+S saves a result being entered: in a pauza, a traveller or at the end there is nothing to save
        (the key is not offered). Esc goes back from E-W's check to the entry; on the table's own tablet nowhere
        else (its evening screen would list no game: the session is kept under table 1)."""
        if action == "back":  # a table's own tablet has nowhere else to go: its evening lists no game of it
            return self.mode == "confirm" or bool(getattr(self.app, "directs", True))
        return self.mode == "entry" if action == "save" else True

    # --- the state ------------------------------------------------------------------------------------
    def reload(self) -> None:
        self.session = pairs_session.load(self.store, self.game_id)

    def seating(self):
        return self.session.movement.at(self.round, self.table) if self.round else None

    def go_on(self) -> None:
        """To the first board of this table still to enter (the round it belongs to), or the end."""
        if self.mode == "pauza":
            self.say("")  # the pauza's words end with it
        self.round = self.session.round_at(self.table)
        seating = self.seating()
        if seating is None:
            self.board, self.mode = None, "done"
        elif self.session.facing_phantom(seating):  # nothing to enter: the rules score it
            self.board, self.mode = None, "pauza"
        else:
            done = set(self.session.boards_in(self.round, self.table))
            self.board = next(b for b in seating.boards if b not in done)
            self.mode = "entry"
            form = self.query_one(HandForm)
            form.clear()
            form.prefill({})
        self.show()

    def show(self) -> None:
        s = self.session
        rounds = len(s.movement.rounds)
        seating = self.seating()
        title = t("pt_title", table=self.table, round=self.round or rounds, rounds=rounds)
        self.query_one("#pt-title", Static).update(plain_text(title, style="bold"))
        pairs = self.query_one("#pt-pairs", Static)
        if seating is not None:
            pairs.update(plain_text(pair_line(s, "N-S", seating.ns) + "\n" + pair_line(s, "E-W", seating.ew)))
        else:
            pairs.update(plain_text(t("pt_all_done")))
        self._board_buttons(seating if self.mode != "pauza" else None)
        if self.mode == "pauza":
            real = seating.ew if seating.ns == s.phantom else seating.ns
            boards = ", ".join(str(b) for b in seating.boards)
            self.say(t("pt_phantom", n=real, boards=boards, pct=number_text(float(s.rules["phantom_score"]),
                                                                            get_lang())) + "  " + self._moves(over=False))
        board = self.query_one("#pt-board", Static)
        board.update(plain_text(board_words(self.board), style="bold") if self.board else "")
        self.query_one("#pt-entry").display = self.mode == "entry"
        self.query_one("#pt-confirm").display = self.mode == "confirm"
        self.query_one("#pt-after").display = self.mode in ("traveller", "done") and self.board is not None
        if self.mode == "traveller":
            self._traveller()
        if self.mode == "entry":
            self.query_one(HandForm).refresh_visibility()
        self.refresh_bindings()

    def _board_buttons(self, seating) -> None:
        """The round's boards, one button each (✓: entered); the buttons are made once and relabelled."""
        self.shown_boards = list(seating.boards) if seating is not None else []
        done = set(self.session.boards_in(self.round, self.table)) if seating is not None else set()
        for k, button in enumerate(self.query(".pt-board").results(Button)):
            board = self.shown_boards[k] if k < len(self.shown_boards) else None
            button.display = board is not None
            if board is not None:
                button.label = f"{board} ✓" if board in done else str(board)
                button.variant = "primary" if board == self.board else "default"

    def _traveller(self) -> None:
        trav = self.query_one("#pt-traveller", DataTable)
        trav.clear()
        for row in traveller_rows(self.session, self.board, mark_table=self.table):
            trav.add_row(*row)
        self.query_one("#pt-deal", Static).update(plain_text("\n".join(deal_lines(self.session, self.board))))
        seating = self.seating()
        done = seating is not None and len(self.session.boards_in(self.round, self.table)) == len(seating.boards)
        nxt = self.query_one("#pt-next", Button)
        last = self.round == len(self.session.movement.rounds)
        nxt.label = (t("pt_finish") if last else t("pt_next_round")) if done else t("pt_next")
        if done:
            self.say(self._moves(), error=False)

    def _moves(self, over: bool = True) -> str:
        """Where the pairs of this table go for the next round (the movement's guide card)."""
        seating = self.seating()
        out = [t("pt_round_done", n=self.round)] if over else []
        for pair in (seating.ns, seating.ew):
            if pair == self.session.phantom:
                continue
            seat = self.session.next_seat(self.round, pair)
            if seat:
                out.append(t("pt_goes", n=pair, table=seat[0], side="N-S" if seat[1] == "NS" else "E-W"))
            elif self.round < len(self.session.movement.rounds):
                out.append(t("pt_sits_out", n=pair))
        return "  ".join(out)

    def say(self, text: str, error: bool = False) -> None:
        self._said_error = error and bool(text)
        self.query_one("#pt-message", Static).update(plain_text(text, style="bold red" if error else "green"))

    # --- entering ----------------------------------------------------------------------------------------
    @on(HandForm.Submitted)
    @on(Button.Pressed, "#pt-save")
    def action_save(self) -> None:
        if self.mode != "entry" or self.board is None:
            return
        form = self.query_one(HandForm)
        try:
            values = form.to_save()
        except FormError as e:
            self.say(refusal(form, e.problems), error=True)
            return
        hand = pairs_session.result_hand(self.seating(), self.board, self.round, values)
        s = self.session
        problems = s.module.check_each(s.rules, s.pairs, [hand])
        if problems:
            self.say(refusal(form, problems), error=True)
            return
        self.pending = hand
        points = score_ns(hand, LAW77)
        summary = t("pt_summary", board=self.board, contract=say(contract_text(hand), get_lang()),
                    ns=fmt_number(points), ew=fmt_number(-points))
        self.query_one("#pt-summary", Static).update(Text(summary + "\n" + t("pt_ask_ew"), style="bold"))
        self.mode = "confirm"
        self.say("")
        self.show()
        self.query_one("#pt-accept", Button).focus()

    @on(Button.Pressed, "#pt-accept")
    def accept(self) -> None:
        """E-W accept: the result is committed now (one hand of the session), then the traveller shows."""
        if self.mode != "confirm" or self.pending is None:
            return
        hand, self.pending = self.pending, None
        try:
            self.store.enter(self.game_id, hand)
        except Unreachable as e:  # the database is away: the result stays to be accepted again when it is back
            self.pending = hand
            self.say(e.problems[0].say(get_lang()), error=True)  # not where the database is: a tablet is a stranger
            return
        except ZapisError as e:
            self.reload()
            if hand["board"] in self.session.boards_in(self.round, self.table):  # another tablet of this table
                self.mode = "traveller"
                self.show()
                self.say(t("pt_already", n=hand["board"]), error=True)
                return
            self.mode = "entry"
            self.show()
            self.say(_lines(e.problems, self.query_one(HandForm).labels()), error=True)
            return
        self.reload()
        self.mode = "traveller"
        self.say(t("pt_saved", n=hand["board"]))
        self.show()
        self.query_one("#pt-next", Button).focus()

    @on(Button.Pressed, "#pt-change")
    def change(self) -> None:
        self.pending = None
        self.mode = "entry"
        self.say("")
        self.show()
        self.query_one(HandForm).focus_first()

    @on(Button.Pressed, "#pt-next")
    def next_board(self) -> None:
        self.say("")
        self.go_on()
        if self.mode == "entry":
            self.query_one(HandForm).focus_first()

    @on(Button.Pressed, ".pt-board")
    def pick_board(self, event: Button.Pressed) -> None:
        """A board of the round: one still to enter opens its form; one entered shows its traveller."""
        event.stop()
        if self.mode == "confirm":
            return
        board = self.shown_boards[int(event.button.id.removeprefix("pt-b"))]
        self.board = board
        if board in self.session.boards_in(self.round, self.table):
            self.mode = "traveller"
        else:
            self.mode = "entry"
            form = self.query_one(HandForm)
            form.clear()
            form.prefill({})  # as the next board's form: undoubled chosen, the cursor on the contract
        self.say("")
        self.show()
        if self.mode == "entry":
            self.query_one(HandForm).focus_first()

    def store_changed(self) -> None:
        """Another table or the director wrote: the traveller and the boards follow; what is typed stays."""
        version = self.store.game(self.game_id).version
        if version == self.session.version:
            return
        before = self._entry_view()
        self.reload()
        if self.mode == "entry" and self.board in self.session.boards_in(self.round or 0, self.table):
            self.mode = "traveller"  # the director entered this board meanwhile: its traveller
        elif self.mode in ("done", "pauza") or (self.mode == "entry" and
                                                self.session.round_at(self.table) != self.round):
            self.go_on()  # a result moved away by the director: that board again
            return
        if before is not None and before == self._entry_view():
            return  # another table's result: nothing this table's entry shows has changed, nothing is redrawn
        self.show()

    def _entry_view(self) -> tuple | None:
        """What the entry shows of the session (its round, its pairs by name, its boards entered), or None when
        not entering."""
        if self.mode != "entry":
            return None
        seating = self.seating()
        names = (self.session.names(seating.ns), self.session.names(seating.ew)) if seating is not None else ()
        return self.round, self.board, names, tuple(self.session.boards_in(self.round or 0, self.table))

    def action_back(self) -> None:
        if self.mode == "confirm":
            self.change()
            return
        if len(self.app.screen_stack) > 2:
            self.app.pop_screen()
