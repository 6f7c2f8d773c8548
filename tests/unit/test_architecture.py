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


def module_name(path: Path, root: Path) -> str:
    rel = path.relative_to(root.parent).with_suffix("").parts
    return ".".join(rel[:-1] if rel[-1] == "__init__" else rel)


def graph(files: list[Path], root: Path) -> dict[str, set[str]]:
    """Which of zapis's modules each module imports, at its top or inside a function; `from zapis.store import db`
    names the module zapis.store.db (not the package), a relative import is read from where it stands."""
    names = {module_name(f, root): f for f in files}
    out: dict[str, set[str]] = {}
    for name, f in names.items():
        deps: set[str] = set()
        here = name.split(".") if f.name == "__init__.py" else name.split(".")[:-1]
        for node in ast.walk(ast.parse(f.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                deps |= {a.name for a in node.names if a.name in names}
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    base = ".".join(here[:len(here) - node.level + 1] + ([node.module] if node.module else []))
                subs = [f"{base}.{a.name}" for a in node.names]
                deps |= {s for s in subs if s in names}
                if base in names and not all(s in names for s in subs):
                    deps.add(base)
        out[name] = deps - {name}
    return out


def circles(g: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected parts of more than one module (Tarjan's algorithm, iteratively)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []
    for start in sorted(g):
        if start in index:
            continue
        work = [(start, iter(sorted(g[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        while work:
            v, todo = work[-1]
            w = next(todo, None)
            if w is not None:
                if w not in index:
                    index[w] = low[w] = len(index)
                    stack.append(w)
                    work.append((w, iter(sorted(g.get(w, ())))))
                elif w in stack:
                    low[v] = min(low[v], index[w])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                part = []
                while True:
                    w = stack.pop()
                    part.append(w)
                    if w == v:
                        break
                if len(part) > 1:
                    found.append(sorted(part))
    return found


def test_no_circle_of_imports_not_even_inside_a_function():
    assert circles(graph(FILES, ZAPIS)) == []


def test_a_circle_is_found(tmp_path):
    """Three modules in a ring, one of the imports inside a function and one relative, and one that only leans on
    the ring: the ring is found, the one outside it is not."""
    root = tmp_path / "zapis"
    (root / "ui").mkdir(parents=True)
    files = {"__init__.py": "", "ui/__init__.py": "", "ui/a.py": "from zapis.ui import b\n",
             "ui/b.py": "def f():\n    from . import c\n", "ui/c.py": "import zapis.ui.a\n",
             "ui/d.py": "from zapis.ui.a import x\n"}
    for rel, text in files.items():
        (root / rel).write_text(text, encoding="utf-8")
    assert circles(graph(sorted(root.rglob("*.py")), root)) == [["zapis.ui.a", "zapis.ui.b", "zapis.ui.c"]]


MAX_LINES = 600


def test_no_module_is_longer_than_a_reader_holds_in_mind():
    long = {str(f.relative_to(ZAPIS)): n for f in FILES if (n := len(f.read_text(encoding="utf-8").splitlines()))
            > MAX_LINES}
    assert long == {}
