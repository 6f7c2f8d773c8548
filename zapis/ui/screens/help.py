from __future__ import annotations

from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Markdown

from zapis.lang import get_lang
from zapis.ui.widgets.keybar import KeyBar

HELP = {
    "pl": """# zapis — pomoc

**Wieczór**: `n` nowy wieczór, `e` inny wieczór (szukaj po dacie, tytule, miejscu), `g` nowa gra, `Enter` otwiera grę, `s` klasyfikacja, `x` eksport,
`r` zasady (warianty domowe), `p` gracze, `k` turniej skata (losowanie stołów, ranking), `l` język,
`d` turniej par (brydż sportowy: ruch Howella lub Mitchella, postęp stołów, klasyfikacja na żywo, poprawki),
`Ctrl+P` polecenia (także motyw jasny/ciemny).

**Turniej par przy stołach**: tablet stołu (jego adres z `t`) pokazuje rundę, pary i rozdania; wynik wpisuje się
padem kontraktu, E-W akceptuje jednym dotknięciem, potem widać protokół rozdania. Sędzia (`d`): `Enter` lub `c`
poprawia wynik (także zapis sędziego A60/A50/A40, rozdanie nie grane, inny stół lub rozdanie), `a` dopisuje
wynik, `h` historia.

**Klasyfikacja**: `r` ranking sezonu (`f` rodzaje gier), `t` statystyki sezonu.

**Gra**: wpisz rozdanie w formularzu (cyfry, `Tab` między polami), `Enter` zapisuje. Błędy są pokazane
przed zapisem, z nazwą pola. `Ctrl+Z` cofa ostatnie rozdanie (po pytaniu: `t` cofa), zaznacz wiersz i `Ctrl+E` (lub `Enter`), aby
poprawić wcześniejsze rozdanie; zaznaczony wiersz mówi, jak policzono jego wartość. `Ctrl+R` pokazuje
historię zmian, `Ctrl+G` wykres wyniku po każdym rozdaniu, `b` duże cyfry, `Esc` wraca.

Każde rozdanie jest zapisane na dysku od razu; poprawki i cofnięcia są zapisywane, nie nadpisywane.
""",
    "en": """# zapis — help

**Evening**: `n` new evening, `e` another evening (search by date, title, place), `g` new game, `Enter` opens a game, `s` standings, `x` export,
`r` rulesets (house variants), `p` players, `k` skat tournament (the table draw, the ranking), `l` language,
`d` duplicate pairs session (a Howell or Mitchell movement, the tables' progress, the live ranking, corrections),
`Ctrl+P` commands (light/dark theme too).

**A pairs session at the tables**: a table's tablet (`?table=N`) shows the round, the pairs and the boards; a
result is entered with the contract pad, E-W accept with one tap, then the board's traveller shows. The director
(`d`): `Enter` or `c` corrects a result (an adjusted score A60/A50/A40 too, a board not played, another table or
board), `a` adds a result, `h` the history.

**Standings**: `r` the season's ratings (`f` game families), `t` the season's statistics.

**Game**: enter a hand in the form (digits, `Tab` between fields), `Enter` saves. Problems are shown
before saving, naming the field. `Ctrl+Z` undoes the last hand (after asking: `y` undoes); select a row and press `Ctrl+E` (or
`Enter`) to correct an earlier hand; the selected row says how its value was computed. `Ctrl+R` shows
the history, `Ctrl+G` a chart of the score after each hand, `b` big digits, `Esc` goes back.

Every hand is on disk as soon as it is entered; corrections and undos are recorded, never overwritten.
""",
}

#: a tablet's help: what is tapped, never a key (a tablet has no Tab, Enter, Ctrl or Esc)
HELP_TOUCH = {
    "pl": """# zapis — pomoc

**Rozdanie**: dotykaj pól formularza po kolei; wartość, która kończy pole, sama przenosi do następnego.
Liczby wpisuje klawiatura na ekranie: `→` następne pole, `⌫` kasuje cyfrę, `±` zmienia znak. **Zapisz**
zapisuje rozdanie; jeśli czegoś brakuje, jedno zdanie mówi, w którym polu, i to pole czeka na poprawkę.

**Cofnij** cofa ostatnie rozdanie, po pytaniu. **Popraw** pokazuje numery rozdań: dotknij rozdania do
poprawienia, popraw je i zapisz; **Wróć** zostawia poprawkę i wraca do nowego rozdania. **Historia** pokazuje
każdą zmianę, **Wykres** wynik po każdym rozdaniu, **Duże cyfry** wyniki dużymi cyframi.

**Turniej par**: tablet stołu pokazuje rundę, pary i rozdania; wynik wpisuje się padem kontraktu, E-W
akceptuje go jednym dotknięciem, potem widać protokół rozdania.

**Wróć** z gry prowadzi do gier tego stołu: **Nowa gra** zaczyna następną (gdy sędzia na to pozwala),
**Wyniki** to klasyfikacja wieczoru.

Każde rozdanie jest zapisane na dysku od razu; poprawki i cofnięcia są zapisywane, nie nadpisywane.
""",
    "en": """# zapis — help

**A hand**: tap the form's fields in turn; a value that completes a field moves on to the next by itself.
Numbers come from the keypad on the screen: `→` the next field, `⌫` takes a digit back, `±` the sign.
**Save** saves the hand; if something is missing, one line names the field, and that field waits.

**Undo** undoes the last hand, after asking. **Edit** shows the hands' numbers: tap the hand to correct,
correct it and save; **Back** leaves the correction for a new hand. **History** shows every change,
**Chart** the score after each hand, **Big digits** the totals in large digits.

**A pairs session**: a table's tablet shows the round, the pairs and the boards; a result is entered with the
contract pad, E-W accept it with one tap, then the board's traveller shows.

**Back** from a game leads to this table's games: **New game** starts the next one (when the director
allows it), **Standings** are the evening's.

Every hand is on disk as soon as it is entered; corrections and undos are recorded, never overwritten.
""",
}


class HelpScreen(Screen):
    BINDINGS = [Binding("escape", "app.pop_screen", "back")]

    def compose(self):
        # in a box that has the cursor: the arrows, PgUp/PgDn, Home and End scroll a help longer than the screen
        with VerticalScroll(id="help-text", can_focus=True):
            yield Markdown((HELP_TOUCH if getattr(self.app, "touch", False) else HELP)[get_lang()])
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one("#help-text").focus()
