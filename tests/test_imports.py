"""Engines import without the widget stack (they must also run where anywidget is absent)."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

WIDGET_STACK = ("anywidget", "ipywidgets", "traitlets", "comm", "IPython")


def modules_after(code: str) -> set[str]:
    script = textwrap.dedent(code) + textwrap.dedent(
        """
        import json, sys
        print(json.dumps(sorted(sys.modules)))
        """
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    return set(json.loads(out.stdout.strip().splitlines()[-1]))


def loaded(modules: set[str], names=WIDGET_STACK) -> list[str]:
    return [name for name in names if name in modules]


def test_engine_and_core_imports_do_not_load_the_widget_stack():
    modules = modules_after(
        """
        import boardbook
        from boardbook.reversi import Position
        from boardbook.core import scheduler, stats, i18n
        from boardbook.reversi import texts
        assert Position.start().play("d3").counts == {"black": 4, "white": 1}
        """
    )
    assert "boardbook.reversi.rules" in modules
    assert loaded(modules) == []
    assert "boardbook.core.widget" not in modules


def test_widget_import_is_lazy_and_works():
    modules = modules_after(
        """
        from boardbook import Reversi
        import boardbook.reversi
        assert boardbook.reversi.Reversi is Reversi
        """
    )
    assert "anywidget" in modules and "boardbook.core.widget" in modules


def test_unknown_attribute_is_a_clear_error():
    import boardbook

    try:
        boardbook.Othello  # noqa: B018
    except AttributeError as exc:
        assert "Othello" in str(exc)
    else:  # pragma: no cover
        raise AssertionError("boardbook.Othello should not exist")


def test_a_widget_without_its_built_front_end_still_shows_its_status(tmp_path, monkeypatch):
    """A source checkout without npm: the board says the front end is missing instead of
    failing to load, and the status line (from Python) still shows."""
    from boardbook.core import widget

    monkeypatch.setattr(widget, "_STATIC", tmp_path)
    esm, css = widget.front_end("reversi", "Reversi")
    assert "the Reversi front end is not built" in esm
    assert "export default { render }" in esm and "export function" not in esm
    assert css == ""


def test_every_public_name_resolves():
    import boardbook

    for name in boardbook.__all__:
        assert getattr(boardbook, name) is not None, name


# ---- one registry, one package shape
def test_the_registry_the_game_packages_and_the_js_entries_agree():
    from pathlib import Path

    import boardbook
    from boardbook.core import registry

    package = Path(boardbook.__file__).parent
    repo = package.parent.parent
    games = {p.parent.name for p in package.glob("*/rules.py")}
    assert games == {info.name for info in registry.GAMES}
    entries = {p.stem for p in (repo / "js").glob("*.js") if p.stem not in ("build",)}
    assert entries == {info.js for info in registry.GAMES if info.js}
    for info in registry.GAMES:
        assert (info.widget is None) == (info.js is None), info.name
    assert set(boardbook.__all__) >= {i.widget_name for i in registry.GAMES if i.widget_name}


def test_every_game_package_has_the_same_files_and_entry_points():
    import inspect
    from importlib import import_module

    from boardbook.core import registry
    from boardbook.core.match import GameSpec
    from boardbook.core.widget import GameWidget

    for info in registry.GAMES:
        ai = import_module(f"{info.package}.ai")
        assert isinstance(ai.LEVELS, tuple) and ai.LEVELS, info.name
        params = list(inspect.signature(ai.search_steps).parameters.values())
        assert [p.name for p in params[:2]] == ["position", "level"], info.name
        assert {"rng", "time_budget"} <= {p.name for p in params[2:]}, info.name
        assert all(p.kind is inspect.Parameter.KEYWORD_ONLY for p in params[2:]), info.name
        assert callable(import_module(f"{info.package}.svg").position_svg), info.name
        import_module(f"{info.package}.texts")
        if info.widget is None:
            continue
        cls = registry.widget_class(info.name)
        assert issubclass(cls, GameWidget) and issubclass(cls.spec_class, GameSpec)
        assert cls.spec_class.name == info.name and cls.spec_class.levels == ai.LEVELS
        assert cls.spec_class.title == info.title
        assert cls.spec_class.__module__ == f"{info.package}.game"
        assert "anywidget" not in vars(import_module(f"{info.package}.game"))
        # no game widget overrides a method of the base class (hooks live in the spec)
        overridden = {
            name
            for name, value in vars(cls).items()
            if callable(value) and hasattr(GameWidget, name) and not name.startswith("__")
        }
        assert overridden == set(), (info.name, overridden)
