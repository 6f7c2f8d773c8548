"""The user's settings, kept between runs (the language chosen with `l`, the folder of the last export): a small
TOML file in the user's config directory (platformdirs knows where that is on each system; ZAPIS_HOME moves it, as
it moves the data). A served tablet chooses nothing here: the server's settings are the director's. The server
remembers one thing of its tablets: the size of the last table's tablet (`zapis serve` makes each table's session
at it before the tablets come: zapis.web.spares).

Settings are a convenience: a missing, unreadable or damaged file is the same as no file."""

from __future__ import annotations

import os
import tomllib
from pathlib import Path
from typing import Any

import tomli_w

#: what may be saved, and its values (a tuple of choices, a type, or "size": a tablet's, tablet_size): nothing else
#: is read back
KNOWN: dict[str, tuple | type | str] = {"lang": ("pl", "en"), "export_dir": str, "tablet_size": "size"}

#: a remembered tablet's size, columns x rows: a tablet's, not what any client may send (apps._size allows more)
TABLET_COLUMNS, TABLET_ROWS = (40, 200), (15, 100)


def tablet_size(text: Any) -> tuple[int, int] | None:
    """"100x40" as (100, 40), within a tablet's sizes (None: not one)."""
    if not isinstance(text, str) or text.count("x") != 1:
        return None
    columns, rows = text.split("x")
    if not (columns.isascii() and columns.isdigit() and rows.isascii() and rows.isdigit()):
        return None
    size = int(columns), int(rows)
    ok = TABLET_COLUMNS[0] <= size[0] <= TABLET_COLUMNS[1] and TABLET_ROWS[0] <= size[1] <= TABLET_ROWS[1]
    return size if ok else None


def _valid(key: str, value: Any) -> bool:
    allowed = KNOWN.get(key)
    if isinstance(allowed, tuple):
        return value in allowed
    if allowed == "size":
        return tablet_size(value) is not None
    if allowed is str:  # a folder: one line of text, not absurdly long
        return isinstance(value, str) and 0 < len(value) <= 4096 and not any(c in value for c in "\0\n\r")
    return False


def config_file() -> Path:
    home = os.environ.get("ZAPIS_HOME")
    if home:
        return Path(home) / "config" / "settings.toml"
    from platformdirs import user_config_dir

    return Path(user_config_dir("zapis", appauthor=False)) / "settings.toml"


def load() -> dict[str, Any]:
    try:
        with open(config_file(), "rb") as f:
            data = tomllib.load(f)
    except (OSError, ValueError, RecursionError):  # unreadable, not TOML, or nested past the reader: as if none
        return {}
    return {k: v for k, v in data.items() if _valid(k, v)}


def save(**values: Any) -> bool:
    """Remember these values (written whole to a temporary file, then renamed); False when it cannot be."""
    data = {**load(), **{k: v for k, v in values.items() if _valid(k, v)}}
    path = config_file()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(".tmp")
        tmp.write_text(tomli_w.dumps(data), encoding="utf-8")
        tmp.replace(path)
    except OSError:
        return False
    return True
