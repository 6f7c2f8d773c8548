"""The command line: the composition root of zapis. `main` reads the command line (zapis.cli.parser) and runs the
command's function, one module a group of commands; every name the command line had stays importable from here."""

from __future__ import annotations

import argparse  # noqa: F401  (importable from zapis.cli, as before it was a package)
import contextlib  # noqa: F401
import json  # noqa: F401
import os  # noqa: F401
import sys
from pathlib import Path  # noqa: F401
from typing import Any, Sequence  # noqa: F401

from zapis import __version__  # noqa: F401
from zapis.cli.common import (_right, _show, cli_date, evening_at, evening_or_last, open_store,  # noqa: F401
                              parse_overrides, print_plain, season_span)
from zapis.cli.database import cmd_backup, cmd_db, cmd_restore  # noqa: F401
from zapis.cli.evenings import cmd_evening, cmd_import, cmd_players  # noqa: F401
from zapis.cli.export import cmd_export  # noqa: F401
from zapis.cli.parser import (ARGPARSE_PL, _global_options_everywhere, argparse_speaks, asked_lang,  # noqa: F401
                              build_parser)
from zapis.cli.score import cmd_rulesets, cmd_score  # noqa: F401
from zapis.cli.screens import cmd_app, cmd_demo, cmd_serve, cmd_tablets, readable  # noqa: F401
from zapis.cli.standings import _print_ratings, _print_statistics, cmd_standings  # noqa: F401
from zapis.cli.tournaments import _skat_ranking, cmd_movement, cmd_pairs, cmd_skat  # noqa: F401
from zapis.core.errors import Problem, ZapisError  # noqa: F401
from zapis.core.words import Bi  # noqa: F401
from zapis.lang.text import plain, plain_text  # noqa: F401
from zapis.web.session import cli_lang, guarded, probe  # noqa: F401


def main(argv: Sequence[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    lang = cli_lang(asked_lang(argv))
    with argparse_speaks(lang):
        parser = build_parser(lang)
        _global_options_everywhere(parser)
        args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        args.func = cmd_app
    return guarded(lambda: args.func(args), args.lang, args.db)
