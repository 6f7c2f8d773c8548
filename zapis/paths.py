"""Where zapis keeps its files: the built-in rulesets and the user's data directory."""

from __future__ import annotations

import os
import sys
from pathlib import Path


def builtin_rulesets_dir() -> Path:
    """The shipped rulesets: inside the wheel (zapis/rulesets), or the checkout's rulesets/."""
    inside = Path(__file__).resolve().parent / "rulesets"
    if inside.is_dir():
        return inside
    return Path(__file__).resolve().parent.parent / "rulesets"


def data_dir() -> Path:
    """The user's data directory (ZAPIS_HOME overrides it)."""
    if os.environ.get("ZAPIS_HOME"):
        return Path(os.environ["ZAPIS_HOME"])
    if sys.platform == "win32":
        base = Path(os.environ.get("APPDATA", Path.home() / "AppData" / "Roaming"))
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Application Support"
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / "zapis"


def user_rulesets_dir() -> Path:
    """House variants saved by the user; found by id like the built-in ones."""
    return data_dir() / "rulesets"


def documents_dir() -> Path:
    """The user's documents folder (platformdirs knows it on each system), else the home folder: where an export
    goes the first time."""
    try:
        from platformdirs import user_documents_dir

        docs = Path(user_documents_dir())
        if docs.is_dir():
            return docs
    except Exception:  # noqa: BLE001 - no documents folder to be found: the home folder will do
        pass
    return Path.home()


def is_db_address(db: object) -> bool:
    """A PostgreSQL database's address (postgresql://...), not a SQLite file's path."""
    return isinstance(db, str) and db.startswith(("postgresql://", "postgres://"))


def beside(db: str | Path) -> Path:
    """What the files kept beside a database are named after (its tablets' login secret, its server's addresses):
    a SQLite database's own file; for a PostgreSQL database, a name of its own in the user's data directory, made
    from its address without the password (the files beside it then stay on this machine)."""
    if not is_db_address(db):
        return Path(db)
    import hashlib

    bare = without_password(str(db))
    return data_dir() / "postgresql" / hashlib.sha256(bare.encode()).hexdigest()[:16]


def without_password(address: str) -> str:
    """A database's address with its password (if any) as ***: to name it in a message, a log or a file name."""
    import re

    return re.sub(r"(://[^:/@]+):[^@/]*@", r"\1:***@", address)
