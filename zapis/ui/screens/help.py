from __future__ import annotations

from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Footer, Markdown

from zapis.ui.i18n import get_lang

HELP = {
    "pl": """# zapis — pomoc

**Wieczór**: `n` nowy wieczór, `g` nowa gra, `Enter` otwiera grę, `s` klasyfikacja, `x` eksport,
`r` zasady (warianty domowe), `p` gracze, `k` turniej skata (losowanie stołów, ranking), `l` język,
`Ctrl+P` polecenia (także motyw jasny/ciemny).

**Klasyfikacja**: `r` ranking sezonu (`f` rodzaje gier), `t` statystyki sezonu.

**Gra**: wpisz rozdanie w formularzu (cyfry, `Tab` między polami), `Enter` zapisuje. Błędy są pokazane
przed zapisem, z nazwą pola. `Ctrl+Z` cofa ostatnie rozdanie, zaznacz wiersz i `Ctrl+E` (lub `Enter`), aby
poprawić wcześniejsze rozdanie; zaznaczony wiersz mówi, jak policzono jego wartość. `Ctrl+R` pokazuje
historię zmian, `Ctrl+G` wykres wyniku po każdym rozdaniu, `b` duże cyfry, `Esc` wraca.

Każde rozdanie jest zapisane na dysku od razu; poprawki i cofnięcia są zapisywane, nie nadpisywane.
""",
    "en": """# zapis — help

**Evening**: `n` new evening, `g` new game, `Enter` opens a game, `s` standings, `x` export,
`r` rulesets (house variants), `p` players, `k` skat tournament (the table draw, the ranking), `l` language,
`Ctrl+P` commands (light/dark theme too).

**Standings**: `r` the season's ratings (`f` game families), `t` the season's statistics.

**Game**: enter a hand in the form (digits, `Tab` between fields), `Enter` saves. Problems are shown
before saving, naming the field. `Ctrl+Z` undoes the last hand; select a row and press `Ctrl+E` (or
`Enter`) to correct an earlier hand; the selected row says how its value was computed. `Ctrl+R` shows
the history, `Ctrl+G` a chart of the score after each hand, `b` big digits, `Esc` goes back.

Every hand is on disk as soon as it is entered; corrections and undos are recorded, never overwritten.
""",
}


class HelpScreen(Screen):
    BINDINGS = [Binding("escape", "app.pop_screen", "back")]

    def compose(self):
        yield Markdown(HELP[get_lang()])
        yield Footer(compact=True, show_command_palette=False)  # every key visible at 80 columns, no English "palette"
