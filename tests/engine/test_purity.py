"""The engine is pure Python: no Django import anywhere in game/engine."""

from __future__ import annotations

import ast
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "game" / "engine"


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


def test_engine_files_exist() -> None:
    assert len(list(ENGINE.glob("*.py"))) >= 8


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
