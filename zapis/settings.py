"""The user's settings, kept between runs (the language chosen with `l`): a small TOML file in the user's
config directory (platformdirs knows where that is on each system; ZAPIS_HOME moves it, as it moves the data).

Settings are a convenience: a missing, unreadable or damaged file is the same as no file."""

from __future__ import annotations

import os
import tomllib
from pathlib import Path
from typing import Any

import tomli_w

KNOWN = {"lang": ("pl", "en")}  # what may be saved, and its values: nothing else is read back


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
    except (OSError, ValueError):
        return {}
    return {k: v for k, v in data.items() if k in KNOWN and v in KNOWN[k]}


def save(**values: Any) -> bool:
    """Remember these values (written whole to a temporary file, then renamed); False when it cannot be."""
    data = {**load(), **{k: v for k, v in values.items() if k in KNOWN and v in KNOWN[k]}}
    path = config_file()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(".tmp")
        tmp.write_text(tomli_w.dumps(data), encoding="utf-8")
        tmp.replace(path)
    except OSError:
        return False
    return True
