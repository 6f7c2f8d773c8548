"""Nothing is saved that was not typed, seen as a person sees it: the real app in a real terminal (tmux, 80x24),
keys sent one at a time at a typing pace, the screen read back as plain text (no colours: the ▶ and ✗ marks
must say it alone), the hands read back from the database after the app has quit.

The database is made with the CLI (an evening, then three small records imported to table 1): skat (card points
0-120), kop (the old side's points 0-104) and a bridge rubber (7NT cannot be made +1). The audit's sequences are
typed into them: `1 3 0`, `1 1 0`, `7 n n + 1 Enter`; each refusal must stay in its box and name its field, and a
correct hand typed afterwards must be saved exactly.

tmux runs on a server of its own (a private socket, no configuration file), so a tmux the developer has open is
never touched, and the app gets this test's environment (its own ZAPIS_HOME). Without tmux the test is skipped
with the reason; in CI (CI set) a missing tmux fails it: .ci/run installs Debian's tmux."""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

from zapis.store import Store

TMUX = shutil.which("tmux")
PACE = 0.35  # seconds between keys: a scorekeeper's pace (a pad's typed word lives 1.2 s)
WIDTH, HEIGHT = 80, 24

RECORDS = {  # ruleset: players, as a club's record file writes them
    "skat-tournament": ["Ala", "Bartek", "Celina"],
    "kop-wolsztyn": ["Ala", "Bartek", "Celina", "Darek"],
    "bridge-rubber": ["Ala", "Bartek", "Celina", "Darek"],
}


def zapis(*args: str) -> str:
    """The CLI, as a person runs it; its output."""
    done = subprocess.run([sys.executable, "-m", "zapis", *args], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, (args, done.stdout, done.stderr)
    return done.stdout


class Terminal:
    """One tmux session on a server of its own: keys in, the screen out as plain text."""

    def __init__(self, command: list[str], status: Path):
        tag = uuid.uuid4().hex[:10]
        self.socket, self.name = f"zapis-test-{os.getpid()}-{tag}", f"zapis-entry-{tag}"
        self.env = {**os.environ, "LC_ALL": "C.UTF-8"}  # the marks and the Polish letters, whatever the locale
        # the app's exit status is written to a file (tmux 3.3 does not always tell it); the pane stays when the
        # app ends (remain-on-exit), so a screen is there to be read whatever happened
        self.status = status
        shell = f"{shlex.join(command)}; echo $? > {shlex.quote(str(status))}"
        self.tmux("new-session", "-d", "-s", self.name, "-x", str(WIDTH), "-y", str(HEIGHT), shell,
                  ";", "set-option", "-t", self.name, "remain-on-exit", "on")
        self.shots: list[str] = []  # every screen looked at, for a failure's report

    def tmux(self, *args: str) -> str:
        done = subprocess.run([TMUX, "-u", "-L", self.socket, "-f", os.devnull, *args], capture_output=True,
                              text=True, env=self.env, timeout=20)
        assert done.returncode == 0, (args, done.stderr)
        return done.stdout

    def screen(self) -> list[str]:
        rows = [r.rstrip() for r in self.tmux("capture-pane", "-p", "-t", self.name).split("\n")[:HEIGHT]]
        self.shots.append("\n".join(rows))
        return rows

    def press(self, *keys: str) -> None:
        """Each key on its own, PACE apart: one character is typed as it is (-l), a longer word is a key's name
        (Enter, BSpace, Tab, Up, Escape, C-q)."""
        for k in keys:
            if len(k) == 1:
                self.tmux("send-keys", "-t", self.name, "-l", k)
            else:
                self.tmux("send-keys", "-t", self.name, k)
            time.sleep(PACE)

    def until(self, test, what: str, limit: float = 30.0) -> list[str]:
        """The screen once `test(rows)` holds (looked at every 0.1 s, `limit` seconds at most)."""
        deadline = time.monotonic() + limit
        while True:
            rows = self.screen()
            if test(rows):
                return rows
            if time.monotonic() > deadline:
                pytest.fail(f"{what}: never on the screen; it shows\n" + "\n".join(rows))
            time.sleep(0.1)

    def shows(self, text: str, limit: float = 30.0) -> list[str]:
        return self.until(lambda rows: any(text in r for r in rows), repr(text), limit)

    def exit_status(self, limit: float = 15.0) -> int:
        """The app's exit status, once it has ended."""
        deadline = time.monotonic() + limit
        while not (self.status.exists() and self.status.read_text().strip()):
            if time.monotonic() > deadline:
                pytest.fail("the app has not ended; it shows\n" + "\n".join(self.screen()))
            time.sleep(0.1)
        return int(self.status.read_text())

    def close(self) -> None:
        """The session and this test's own server ended, and the server's socket file removed (tmux leaves it)."""
        where = subprocess.run([TMUX, "-L", self.socket, "display-message", "-p", "#{socket_path}"],
                               capture_output=True, text=True, timeout=20).stdout.strip()
        subprocess.run([TMUX, "-L", self.socket, "kill-session", "-t", self.name], capture_output=True, timeout=20)
        subprocess.run([TMUX, "-L", self.socket, "kill-server"], capture_output=True, timeout=20)
        if where.endswith(self.socket):
            Path(where).unlink(missing_ok=True)


# --- the screen, read as a person reads it ------------------------------------------------------------------------
def marked(rows: list[str], mark: str = "▶") -> list[str]:
    """The form's rows whose label carries the mark (the cursor's ▶, an error's ✗)."""
    return [r for r in rows if r.startswith(mark + " ")]


def message(rows: list[str]) -> list[str]:
    """The message lines: between the game's "Dalej:" line and the form's "Rozdanie N" header."""
    start = next((i for i, r in enumerate(rows) if r.startswith(" Dalej:")), None)
    end = next((i for i, r in enumerate(rows) if start is not None and i > start and re.match(r" Rozdanie \d+ ", r)),
               None)
    if end is None:  # not the game screen (yet): no message to read
        return ["(no message area on the screen)"]
    return [r.strip() for r in rows[start + 1:end] if r.strip()]


def labelled(r: str, label: str) -> bool:
    """Is `r` the form's row of this field: its label after the two columns of the mark, and no longer word (kontra
    is not kontrakt; a box may stand right after a long label: "oczka starych0-104")?"""
    return re.match(re.escape(label) + r"(?![^\W\d_])", r[2:]) is not None


def row(rows: list[str], label: str) -> str:
    """The form's row of a field."""
    return next(r for r in rows if labelled(r, label))


def on(label: str, value: str = ""):
    """The cursor's mark is on this field's row alone, and the row ends with `value` (a box's text, after the bar ║ the
    box with the cursor has)."""
    def test(rows):
        m = marked(rows)
        return len(m) == 1 and labelled(m[0], label) and m[0].endswith(value)
    return test


def open_game(term: Terminal, position: int, title: str) -> list[str]:
    """The evening's list: the cursor to the top (Up past the first row stays there), down to the game, Enter."""
    term.shows("Stoły i gry")
    term.press("Up", "Up", "Up", *["Down"] * position, "Enter")
    term.shows(f"stół 1 · {title}")
    return term.until(lambda r: len(marked(r)) == 1, "the cursor's ▶ in the new hand's form")


@pytest.fixture
def tmux_needed():
    if TMUX is None:
        if os.environ.get("CI"):
            pytest.fail("tmux is missing in CI: .ci/run installs Debian's tmux")
        pytest.skip("tmux is not installed (apt-get install tmux): the app is not run in a real terminal")


def test_the_audits_keys_in_a_real_terminal_save_only_what_was_typed(tmux_needed, tmp_path):
    db = tmp_path / "club.db"
    zapis("--db", str(db), "evening", "new", "--date", "2026-11-26")
    games = {}
    for ruleset, players in RECORDS.items():
        record = tmp_path / f"{ruleset}.toml"
        names = ", ".join(f'"{p}"' for p in players)
        record.write_text(f'format = "zapis/1"\nruleset = "{ruleset}"\nplayers = [{names}]\n', encoding="utf-8")
        out = zapis("--db", str(db), "import", str(record), "--evening", "1", "--table", "1")
        games[ruleset] = int(re.match(r"game (\d+) ", out).group(1))
    assert list(games.values()) == [1, 2, 3]  # the list shows them in this order: #1, #2, #3

    term = Terminal([sys.executable, "-m", "zapis", "--db", str(db), "--lang", "pl", "app"], tmp_path / "status")
    try:
        rows = term.shows("Stoły i gry", limit=30)
        assert len(rows) == HEIGHT and max(map(len, rows)) <= WIDTH

        # skat: card points 0-120. `1 3 0`: 13 stays in its box with the cursor, the 0 is refused there
        open_game(term, 0, "Skat: lista turniejowa")
        term.until(on("rozgrywający"), "▶ on the declarer")
        term.press("a", "h")  # Ala, hearts
        term.until(on("szczyty"), "▶ on the matadors")
        term.press("1")  # 1 of -11..11 waits for a second digit (or Tab)
        term.until(on("szczyty", "║1"), "▶ still on the matadors, holding 1")
        term.press("Tab")
        term.until(on("oczka"), "▶ on the card points")
        term.press("1", "3", "0")
        rows = term.until(lambda r: message(r) == ["oczka: od 0 do 120"], "the refusal naming the card points")
        assert on("oczka", "║13")(rows), marked(rows)  # the box holds 13, the cursor is still there
        assert row(rows, "szczyty").split() == ["szczyty", "1"]  # nothing went back into the box before
        term.press("BSpace")  # Backspace never moves the cursor; mended, the line goes
        rows = term.until(lambda r: on("oczka", "║1")(r) and message(r) == [], "13 mended to 1, the line gone")
        term.press("BSpace", "7", "0", "Enter")
        term.shows("Zapisano rozdanie 1.")
        # the next hand's form, the cursor at its top (the form is reset in the frame after the saved line)
        term.until(on("rozgrywający"), "▶ on the next hand's declarer")
        term.press("Escape")

        # kop: the old side's points 0-104. `1 1 0`: 11 stays, the 0 is refused naming the field
        open_game(term, 1, "Kop (zasady wolsztyńskie)")
        term.until(on("starzy"), "▶ on the old side")
        term.press("a", "c")  # Ala and Celina: the side is complete, the cursor moves on
        term.until(on("oczka starych"), "▶ on the old side's points")
        term.press("1", "1", "0")
        rows = term.until(lambda r: message(r) == ["oczka starych: od 0 do 104"], "the refusal naming the points")
        assert re.fullmatch(r"▶ oczka starych\s*║11", marked(rows)[0]), marked(rows)
        assert "✓Ala" in row(rows, "starzy") and "✓Celina" in row(rows, "starzy")
        term.press("BSpace", "BSpace")
        term.until(lambda r: on("oczka starych")(r) and message(r) == [], "the box emptied, the cursor kept")
        term.press("6", "0", "Enter")
        term.shows("Zapisano rozdanie 1.")
        term.press("Escape")

        # rubber: 7NT needs all 13 tricks, so `7 n n + 1 Enter` is refused in the result and saves nothing
        open_game(term, 2, "Brydż robrowy")
        term.until(on("kontrakt"), "▶ on the contract")
        term.press("7", "n", "n", "+", "1")
        rows = term.until(lambda r: any(m.startswith("wynik: „+1” — nie ma takiej wartości (") for m in message(r)),
                          "the refusal naming the result")
        assert message(rows) == ["wynik: „+1” — nie ma takiej wartości (możliwe: -13 … =)"]
        assert on("wynik")(rows), marked(rows)
        assert row(rows, "kontrakt").split() == ["kontrakt", "7n"] and "✓N Ala" in row(rows, "rozgrywający")
        assert "✓" not in row(rows, "wynik")  # no result chosen by the refused keys
        term.press("Enter")
        rows = term.until(lambda r: message(r) == ["wynik: brak"], "the save refused: the result missing")
        assert on("wynik")(rows), marked(rows)
        term.press("=", "Enter")  # mended: 7NT by N made
        term.shows("Zapisano rozdanie 1.")
        # a double typed with the contract; Enter before the declarer marks ▶ the first missing field, ✗ the next
        term.until(on("kontrakt"), "▶ on the next hand's contract")
        term.press("4", "s", "x")
        rows = term.until(on("rozgrywający"), "▶ on the declarer after 4sx")
        assert "✓X" in row(rows, "kontra")
        term.press("Enter")
        # (the lines above the message tell the rubber's state since the first hand: the message is the last lines)
        rows = term.until(lambda r: message(r)[-2:] == ["rozgrywający: brak", "wynik: brak"], "both missing, said")
        assert on("rozgrywający")(rows) and [r.split()[:2] for r in marked(rows, "✗")] == [["✗", "wynik"]], rows
        term.press("s", "=", "Enter")
        term.shows("Zapisano rozdanie 2.")

        term.press("C-q")
        assert term.exit_status() == 0  # the app quit by Ctrl+Q, with no error
    except BaseException:
        (tmp_path / "screens.txt").write_text("\n\n".join(term.shots[-20:]), encoding="utf-8")
        raise
    finally:
        term.close()

    # read back after the app has quit: exactly the hands typed, nothing the refused keys would have made
    shown = " ".join(zapis("--db", str(db), "evening", "show", "1").split())
    assert "game #1: Skat: lista turniejowa (Seeger-Fabian) [1 hand] Ala 70, Bartek 0, Celina 0" in shown, shown
    assert "game #2: Kop (zasady wolsztyńskie) [1 hand] Ala 1, Bartek -1, Celina 1, Darek -1" in shown, shown
    # 7NT= 220 below the line and the grand slam's 1000; 4♠X= 240 and 50 for the insult; the rubber won 2-0: 700
    assert "game #3: Brydż robrowy (zapis międzynarodowy) [finished] Ala 2210, Bartek 0, Celina 2210" in shown, shown
    store = Store(db)
    try:
        assert store.hands(games["skat-tournament"]) == [
            {"declarer": "Ala", "game": "hearts", "matadors": 1, "card_points": 70}]
        assert store.hands(games["kop-wolsztyn"]) == [{"game": "ordinary", "old": ["Ala", "Celina"], "old_points": 60}]
        assert store.hands(games["bridge-rubber"]) == [
            {"contract": "7NT", "declarer": "N", "tricks": 13},
            {"contract": "4S", "declarer": "S", "double": "X", "tricks": 10}]
    finally:
        store.close()
