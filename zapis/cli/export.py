"""`zapis export`: an evening or a season's report written to the screen, a file or a folder."""

from __future__ import annotations

import argparse
import os
import sys

from zapis.cli.common import open_store, season_span
from zapis.core.errors import Problem, ZapisError
from zapis.core.words import Bi
from zapis.web.session import cli_lang


def cmd_export(args: argparse.Namespace) -> int:
    from zapis.io.export import export

    if args.season:  # the season's report: standings, ratings, statistics
        from zapis.io.export.season import export_season

        if args.format == "toml":
            raise ZapisError([Problem("--format", Bi("toml: zapisy gier eksportuje się z wieczoru (--evening E)",
                                                  "toml: game records are exported per evening (--evening E)"))])
        if args.format in ("pbn", "usebio", "travellers", "site"):
            raise ZapisError([Problem("--format", Bi(f"{args.format}: turniej par eksportuje się z wieczoru "
                                                     "(--evening E)", f"{args.format}: a pairs session is exported "
                                                     "per evening (--evening E)"))])
        start, end = season_span(args.season)
        files = export_season(open_store(args), start, end, args.format, cli_lang(args.lang))
    else:
        files = export(open_store(args), args.evening, args.format, cli_lang(args.lang))
    return write_files(files, args.output, args.replace)


def write_files(files: dict[str, str], output: str | None, replace: bool) -> int:
    """The files on the screen (no -o), in one file, or in a folder (made, with the folders a name asks for:
    a results site of several sessions has one a session); nothing is replaced without --replace, each file
    written whole or not at all."""
    from pathlib import Path

    if output is None:
        for name, text in files.items():
            if len(files) > 1:
                print(f"# --- {name}")
            sys.stdout.write(text.lstrip("\ufeff"))
        return 0
    out = Path(output)
    folder = out.is_dir() or (len(files) > 1 and not out.suffix and not out.exists() and out.parent.is_dir())
    if out.is_dir():
        paths = [out / name for name in files]
    elif len(files) > 1:  # several files: -o fresh.csv writes fresh-hands.csv and fresh-standings.csv
        paths = [out.with_name(f"{out.stem}-{name}") for name in files] if out.suffix else \
            [out / name for name in files]
    else:
        paths = [out]
    problems = []
    for path in paths:
        if not path.parent.is_dir() and not (folder and out in path.parents):
            problems.append(Problem(str(path), Bi("nie ma takiego folderu", "the folder does not exist")))
        elif path.exists() and not replace:
            problems.append(Problem(str(path), Bi("już istnieje: wybierz inną nazwę albo --replace",
                                                   "exists already: choose another name, or --replace")))
        elif path.exists() and not path.is_file():
            problems.append(Problem(str(path), Bi("to nie zwykły plik", "is not a regular file")))
    if problems:
        raise ZapisError(problems)
    for path, text in zip(paths, files.values()):
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(f".{path.name}.partial")
        try:
            tmp.write_text(text, encoding="utf-8")
            os.replace(tmp, path)
        except OSError as e:
            tmp.unlink(missing_ok=True)
            raise ZapisError([Problem(str(path), Bi(f"nie da się zapisać ({e.strerror or e})",
                                                           f"cannot be written ({e.strerror or e})"))]) from None
        print(path)
    return 0
