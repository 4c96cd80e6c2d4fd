"""The one list of boardbook's games: the package, the widget, the JS entry, the starter cells.

``boardbook/__init__.py`` (the lazy widget attributes), ``lab.py`` (the starter notebook) and
the tests read it (the book's kit does not); adding a game is one entry here
(docs/adding-a-game.md).
A game whose widget is not built yet is listed without a widget name ("engine only").
Importing this module imports no game and no widget stack.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import import_module
from typing import Any

__all__ = ["GAMES", "GameInfo", "Starter", "game", "spec_class", "widget_class", "widget_modules"]


@dataclass(frozen=True)
class Starter:
    """One entry of the starter notebook: a heading, a sentence and the code cell."""

    title: str
    text: str
    code: str


@dataclass(frozen=True)
class GameInfo:
    """One game: ``name`` is the package (``boardbook.<name>``), the JS entry (``js/<name>.js``),
    the texts' prefix and the stats key; ``widget_name`` the widget class in
    ``boardbook.<name>.widget`` (None while the game is engine only). Everything else is
    derived from these, or read from the game's spec (``title``)."""

    name: str
    widget_name: str | None = None
    starter: tuple[Starter, ...] = ()

    @property
    def package(self) -> str:
        return f"boardbook.{self.name}"

    @property
    def widget(self) -> str | None:
        """``"module:Class"`` of the widget, or None while the game is engine only."""
        return None if self.widget_name is None else f"{self.package}.widget:{self.widget_name}"

    @property
    def js(self) -> str | None:
        """The JS entry (``js/<js>.js`` built to ``static/<js>.js``), or None."""
        return None if self.widget_name is None else self.name

    @property
    def title(self) -> str:
        """The game's title, from its spec (imports its hooks, not the widget stack); the
        package name for an engine-only game without hooks."""
        spec = spec_class(self.name)
        return self.name if spec is None else str(spec.title)


GAMES: tuple[GameInfo, ...] = (
    GameInfo(
        "reversi",
        "Reversi",
        starter=(
            Starter(
                "Reversi",
                "Two players on one device; click a dotted square. Use the **CPU** button in "
                "the mode bar to play the computer instead.",
                "from boardbook import Reversi\n\nReversi()",
            ),
            Starter(
                "Reversi against the CPU",
                'Levels: `"beginner"`, `"corner"`, `"strong"`; `human` is `"black"`, `"white"` '
                'or `"alternate"`. The board is also a Python object: `game.play("d3")`, '
                "`game.undo()`, `game.position`.",
                'game = Reversi(mode="cpu", level="strong", human="black")\ngame',
            ),
        ),
    ),
    GameInfo(
        "beacon",
        "BeaconLines",
        starter=(
            Starter(
                "Beacon Lines",
                "Seven regions, both sides choose at once. You play Red against the "
                "equilibrium CPU.",
                "from boardbook import BeaconLines\n\n"
                'BeaconLines(mode="cpu", opponent="equilibrium", rules="v1")',
            ),
        ),
    ),
    GameInfo(
        "quads",
        "Quads",
        starter=(
            Starter(
                "Quads",
                "Quarto where 2×2 squares also win. Two players on one device: give your "
                "opponent a piece from the tray, then place the piece you were given.",
                "from boardbook import Quads\n\nQuads()",
            ),
            Starter(
                "Quads against the CPU",
                'Levels: `"random"`, `"careful"`, `"thoughtful"`, `"clever"`, `"perfect"`; '
                '`human` is `"first"`, `"second"` or `"alternate"`; `squares=False` plays '
                'classic Quarto. In Python: `game.play("D2:7")`, `game.undo()`, `game.position`.',
                'game = Quads(mode="cpu", level="clever", human="first")\ngame',
            ),
            Starter(
                "Quads daily puzzle",
                "One puzzle per day (the date in Japan): win within the stated number of your "
                "moves against the perfect CPU.",
                "Quads.puzzle()",
            ),
        ),
    ),
    GameInfo(
        "towergate",
        "TowerGate",
        starter=(
            Starter(
                "Tower Gate",
                "Climb onto a height-3 tower to win; every level keeps its builder's colour. "
                "You play terracotta against the CPU: choose a worker, a dotted square, then a "
                "hatched square to build. Click any square to see its levels.",
                "from boardbook import TowerGate\n\nTowerGate()",
            ),
            Starter(
                "Tower Gate with blessings",
                'Levels: `"easy"`, `"normal"`, `"strong"`; `setup` is `"fixed"` or `"free"`; '
                'each side\'s blessing is `"none"`, `"wind"`, `"mason"`, `"repaint"` or '
                '`"leap"`. The board is a Python object too: `game.play("B4-C3^C4")`, '
                "`game.undo()`, `game.position`.",
                'game = TowerGate(level="strong", setup="free", blessing_terracotta="mason")\ngame',
            ),
        ),
    ),
)


def game(name: str) -> GameInfo:
    """The entry called ``name``; KeyError naming every game otherwise."""
    for info in GAMES:
        if info.name == name:
            return info
    raise KeyError(f"no game {name!r}; the games are {', '.join(g.name for g in GAMES)}")


def spec_class(name: str) -> Any:
    """The ``GameSpec`` subclass of game ``name`` (in ``boardbook.<name>.game``), or None for a
    game without hooks yet. Imports the game, not the widget stack."""
    info = game(name)
    try:
        hooks = import_module(f"{info.package}.game")
    except ModuleNotFoundError as error:
        if error.name != f"{info.package}.game":
            raise
        return None
    from .spec import GameSpec

    for value in vars(hooks).values():
        if isinstance(value, type) and issubclass(value, GameSpec) and value.name == name:
            return value
    raise LookupError(f"{info.package}.game defines no GameSpec named {name!r}")


def widget_modules() -> dict[str, str]:
    """``{"Reversi": "boardbook.reversi.widget", …}`` for every game with a widget."""
    return {
        info.widget_name: f"{info.package}.widget" for info in GAMES if info.widget_name is not None
    }


def widget_class(name: str) -> Any:
    """The widget class of game ``name`` (imports the widget stack)."""
    info = game(name)
    if info.widget is None:
        raise LookupError(f"{info.name} has no widget yet (engine only: {info.package})")
    module, attribute = info.widget.split(":")
    return getattr(import_module(module), attribute)
