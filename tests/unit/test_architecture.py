"""The "never" rules of docs/architecture.md, read from the code's own imports (those inside functions too)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ZAPIS = Path(__file__).resolve().parents[2] / "zapis"
#: the parts, as docs/architecture.md draws them
PARTS = ("core", "modules", "lang", "club", "io", "store", "ui", "web")
#: what may be imported of the UI from outside it: the app factory (and the new database's question)
FACTORY = {"zapis.ui.app"}
IMPURE = ("textual", "rich", "sqlite3", "socket", "aiohttp", "subprocess", "zapis.lang", "zapis.club", "zapis.io",
          "zapis.store", "zapis.ui", "zapis.web", "zapis.cli")


def part(path: Path) -> str:
    rel = path.relative_to(ZAPIS)
    return rel.parts[0] if len(rel.parts) > 1 else rel.stem


def imports(path: Path) -> set[str]:
    """Every module a file imports, at its top or inside a function (`from zapis import x` names zapis.x)."""
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            out.add(node.module)
            out |= {f"{node.module}.{a.name}" for a in node.names if node.module == "zapis"}
    return out


FILES = sorted(ZAPIS.rglob("*.py"))


def offenders(parts: tuple[str, ...], bad) -> list[str]:
    return [f"{f.relative_to(ZAPIS)}: {m}" for f in FILES if part(f) in parts for m in sorted(imports(f)) if bad(m)]


def test_the_core_and_the_modules_are_pure():
    assert offenders(("core", "modules"), lambda m: m.split(".")[0] in IMPURE or m.startswith(IMPURE)) == []


def test_nothing_below_the_ui_imports_it():
    assert offenders(("lang", "club", "io", "store"), lambda m: m.startswith(("zapis.ui", "textual"))) == []


def test_the_web_and_the_command_line_reach_the_ui_only_through_its_factory():
    assert offenders(("web", "cli"), lambda m: m.startswith("zapis.ui") and m not in FACTORY) == []


def test_nothing_below_the_web_imports_it_or_the_command_line():
    assert offenders(("core", "modules", "lang", "club", "io", "store"),
                     lambda m: m.startswith(("zapis.web", "zapis.cli"))) == []


def test_at_most_six_modules_loose_at_the_top():
    loose = sorted(p.name for p in ZAPIS.glob("*.py"))
    assert len(loose) <= 6, loose
    assert {p.name for p in ZAPIS.iterdir() if p.is_dir() and (p / "__init__.py").exists()} >= set(PARTS)


@pytest.mark.parametrize("rule", [test_the_core_and_the_modules_are_pure, test_nothing_below_the_ui_imports_it])
def test_a_rule_can_fail(rule, monkeypatch, tmp_path):
    """The check reads what a file imports: a module of the core that imports Textual (inside a function) or a
    part below the UI that imports a screen is found."""
    bad = {"core": "def f():\n    import textual.app\n", "lang": "from zapis.ui.screens import game\n"}
    name = "core" if rule is test_the_core_and_the_modules_are_pure else "lang"
    path = tmp_path / "zapis" / name / "_fake.py"
    path.parent.mkdir(parents=True)
    path.write_text(bad[name], encoding="utf-8")
    assert imports(path) & {"textual.app", "zapis.ui.screens"}
    monkeypatch.setattr(f"{__name__}.ZAPIS", tmp_path / "zapis")
    monkeypatch.setattr(f"{__name__}.FILES", [path])
    with pytest.raises(AssertionError):
        rule()
