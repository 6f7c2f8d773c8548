"""The card evening on disk: an embedded SQLite database with an append-only hand log."""

from zapis.store.db import ConflictError, Store, default_db_path
from zapis.store.postgres import Unreachable

__all__ = ["Store", "ConflictError", "Unreachable", "default_db_path"]
