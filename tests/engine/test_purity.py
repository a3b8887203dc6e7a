"""The engine is pure Python: importing it loads no Django module, and its imports form
a graph with no cycle, the games' registry on top and the hand's state below every game."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "game" / "engine"
ROOT = ENGINE.parents[1]


def _imports(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    names: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.append(node.module)
        elif isinstance(node, ast.Call) and getattr(node.func, "attr", None) == "import_module":
            names += [a.value for a in node.args if isinstance(a, ast.Constant)]
    return names


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _engine_graph() -> dict[str, set[str]]:
    """Each engine module and the engine modules it imports (relative or absolute, at any
    depth of the file: an import inside a function is an import too)."""
    graph: dict[str, set[str]] = {}
    for path in sorted(ENGINE.rglob("*.py")):
        name = _module_name(path)
        package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
        targets: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                if node.level:
                    base = package.split(".")
                    base = base[: len(base) - node.level + 1]
                    module = ".".join([*base, node.module] if node.module else base)
                else:
                    module = node.module or ""
                targets.add(module)
                targets |= {f"{module}.{a.name}" for a in node.names}
            elif isinstance(node, ast.Import):
                targets |= {a.name for a in node.names}
        graph[name] = {t for t in targets if t in _all_modules()} - {name}
    return graph


def _all_modules() -> set[str]:
    return {_module_name(p) for p in ENGINE.rglob("*.py")}


def test_engine_files_exist() -> None:
    # The modules docs/engine.md describes are where it says they are.
    expected = {
        "errors",
        "cards",
        "melds",
        "arrange",
        "moves",
        "options",
        "layoffs",
        "scoring",
        "score_sheet",
        "deal",
        "view",
        "state",
        "rounds",
        "coach",
        "bots",
        "english",
        "cli",
        "selfplay",
        "games.basic",
        "games.gin",
        "games.knock",
        "games.closed",
    }
    present = {m.removeprefix("game.engine.") for m in _all_modules()}
    assert expected <= present, sorted(expected - present)


def test_importing_the_engine_loads_no_django_module() -> None:
    code = (
        "import sys, game.engine, game.engine.cli, game.engine.selfplay; "
        "loaded = sorted(m for m in sys.modules if m == 'django' or m.startswith('django.')); "
        "print(loaded); sys.exit(1 if loaded else 0)"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_no_django_import_in_engine() -> None:
    offenders = [
        f"{path.name}: {name}"
        for path in sorted(ENGINE.rglob("*.py"))
        for name in _imports(path)
        if name == "django" or name.startswith("django.")
    ]
    assert offenders == []


def test_no_django_text_in_engine() -> None:
    for path in sorted(ENGINE.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        assert "import django" not in text and "from django" not in text, path.name


def _find_cycle(graph: dict[str, set[str]]) -> list[str]:
    """A cycle of ``graph`` as a list of nodes (first == last), or []."""
    done: set[str] = set()

    def visit(node: str, path: list[str]) -> list[str]:
        if node in path:
            return [*path[path.index(node) :], node]
        if node in done:
            return []
        for target in sorted(graph.get(node, ())):
            found = visit(target, [*path, node])
            if found:
                return found
        done.add(node)
        return []

    for module in sorted(graph):
        found = visit(module, [])
        if found:
            return found
    return []


def test_the_engine_imports_form_no_cycle() -> None:
    graph = _engine_graph()
    # The facade (game/engine/__init__.py) re-exports everything: it is the top. Any module
    # importing it would close a cycle, so it stays in the graph as a target.
    graph["game.engine"] = set()
    assert _find_cycle(graph) == []
    assert not [m for m, targets in graph.items() if "game.engine" in targets]


def test_a_cycle_would_be_found() -> None:
    assert _find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _find_cycle({"a": {"b"}, "b": set()}) == []


def test_the_state_imports_no_game_and_no_game_imports_the_registry() -> None:
    graph = _engine_graph()
    # The graph reads relative imports (and imports inside functions) too.
    assert {"game.engine.state", "game.engine.games.closed"} <= graph["game.engine.games.gin"]
    games = {m for m in graph if m.startswith("game.engine.games")}
    for low in ("game.engine.state", "game.engine.view", "game.engine.deal", "game.engine.scoring"):
        assert not graph[low] & games, (low, graph[low] & games)
    for game in games - {"game.engine.games"}:
        assert "game.engine.games" not in graph[game], game


def test_the_facade_exports_the_whole_public_api() -> None:
    import game.engine as engine

    for name in ("Hand", "Deal", "Move", "AnyMove", "IllegalMove", "Game", "PlayerView", "advise"):
        assert name in engine.__all__ and hasattr(engine, name), name
    for cls in ("DrawStock", "DrawDiscard", "Discard", "LayDown", "LayOff", "Knock"):
        assert cls in engine.__all__, cls
    errors = ("EngineError", "IllegalMove", "InvalidNotation", "SetupError", "UnknownOption")
    for name in errors:
        assert issubclass(getattr(engine, name), engine.EngineError), name


def test_every_exception_of_the_engine_is_in_its_errors_module() -> None:
    raised = {"Exception", "ValueError", "EngineError", "IllegalMove", "InvalidNotation"}
    elsewhere = [
        f"{path.relative_to(ENGINE)}: {node.name}"
        for path in sorted(ENGINE.rglob("*.py"))
        if path.name != "errors.py"
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.ClassDef)
        and any(isinstance(b, ast.Name) and b.id in raised for b in node.bases)
    ]
    # The command line's own request error is the CLI's, not the engine's API.
    assert elsewhere == ["cli.py: RequestError"]
