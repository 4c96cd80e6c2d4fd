"""A game widget's settings as traits and constructor keywords, declared once: each setting of
the game's table (``core.spec.Setting``) is a synced ``SettingTrait`` with its docstring, a
keyword of the constructor's signature and a line of its ``help()``; a value the match refuses
is a ``SettingError`` that is also a ``traitlets.TraitError``. ``core.widget.GameWidget`` calls
these when a game's widget class is created.
"""

from __future__ import annotations

import inspect
from collections.abc import Mapping
from typing import Any, TypeVar

import traitlets as t

from .spec import Setting
from .spec import SettingError as _MatchSettingError

__all__ = [
    "WIDGET_KEYWORDS",
    "SettingError",
    "SettingTrait",
    "declare_settings",
    "keyword_doc",
    "positional_message",
    "signature",
]

#: Keywords every widget passes on to ipywidgets (layout and the usual DOM widget options).
WIDGET_KEYWORDS = ("layout", "tabbable", "tooltip")


class SettingError(_MatchSettingError, t.TraitError):
    """A setting given a value it cannot take, or may not take now (keyword arguments,
    attributes, traitlets links); the setting keeps its value."""


V = TypeVar("V", str, bool, float)


class SettingTrait(t.TraitType[V, V]):
    """A setting as a widget trait, declared on the widget class with a docstring (so IDEs,
    ``help()`` and mypy see it) and synced (so ``ipywidgets.jslink`` can link it to another
    widget). Its default and help come from the game's settings table (``core.spec.Setting``);
    every value is checked by the match (``Match.check_setting``), so a refused one leaves the
    setting as it was and says why."""

    def validate(self, obj: t.HasTraits, value: object) -> Any:
        name = str(self.name)
        match = getattr(obj, "_match", None)
        try:
            if match is not None:
                return match.check_setting(name, value)
            return type(obj)._table[name].check(value)  # type: ignore[attr-defined]
        except _MatchSettingError as error:
            raise SettingError(str(error), error.message) from None


def declare_settings(cls: type[t.HasTraits], table: Mapping[str, Setting]) -> None:
    """Give ``cls`` its own trait for each setting of ``table`` (the default and help from the
    ``Setting``); each must be declared as a ``SettingTrait`` on the class or a base, and
    nothing else may be declared as one."""
    for name, setting in table.items():
        declared = getattr(cls, name, None)
        if not isinstance(declared, SettingTrait):
            kind = type(setting.default).__name__
            raise TypeError(
                f"{cls.__name__} must declare its setting {name!r} as a trait with a docstring: "
                f"`{name} = SettingTrait[{kind}]()`"
            )
        choices = f" ({', '.join(map(repr, setting.choices))})" if setting.choices else ""
        trait: SettingTrait[Any] = SettingTrait(setting.default, help=f"{setting.doc}{choices}")
        trait.tag(sync=True)
        setattr(cls, name, trait)
        trait.class_init(cls, name)
    stray = sorted(
        {
            name
            for klass in cls.__mro__
            for name, value in vars(klass).items()
            if isinstance(value, SettingTrait) and name not in table
        }
    )
    if stray:
        raise TypeError(f"{cls.__name__} declares {stray} but its game has no such setting")


def positional_message(name: str, args: tuple[object, ...], table: Mapping[str, Setting]) -> str:
    """Why ``Reversi("cpu")`` fails, with the keyword meant when a value names one."""
    hints = []
    for value in args:
        meant = [s.name for s in table.values() if isinstance(value, str) and value in s.choices]
        if meant:
            hints.append(f"{meant[0]}={value!r}")
    suggestion = f"; did you mean {name}({', '.join(hints)})?" if hints else ""
    return f"{name}() takes keyword arguments only (mode=, level=, …), got {args!r}{suggestion}"


def keyword_doc(
    doc: str,
    spec_class: type[object],
    table: Mapping[str, Setting],
    aliases: Mapping[str, str],
) -> str:
    """The class docstring plus one line per constructor keyword, for ``help()`` and tooltips."""
    lines = [doc.rstrip(), "", "Keywords (each setting is also an attribute of the widget):"]
    own_init = vars(spec_class).get("__init__")
    if own_init is not None and own_init.__doc__:
        lines += [f"    {line}" for line in inspect.cleandoc(own_init.__doc__).splitlines()]
    for setting in table.values():
        choices = f" ({', '.join(map(repr, setting.choices))})" if setting.choices else ""
        lines.append(f"    {setting.name}={setting.default!r}: {setting.doc}{choices}")
    lines += [f"    {alias}: another name for {name}" for alias, name in aliases.items()]
    lines.append("    layout, tabbable, tooltip: as for every ipywidget")
    return "\n".join(lines)


def signature(
    table: Mapping[str, Setting],
    spec_params: Mapping[str, inspect.Parameter],
    aliases: Mapping[str, str],
) -> inspect.Signature:
    """The constructor's real keywords, for ``help()`` and IDE tooltips."""
    kw = inspect.Parameter.KEYWORD_ONLY
    params = [p.replace(kind=kw) for p in spec_params.values() if p.kind is kw]
    params += [inspect.Parameter(alias, kw, default=None) for alias in aliases]
    for setting in table.values():
        annotation = type(setting.default).__name__
        params.append(
            inspect.Parameter(setting.name, kw, default=setting.default, annotation=annotation)
        )
    for name in WIDGET_KEYWORDS:
        params.append(inspect.Parameter(name, kw, default=None))
    return inspect.Signature(params)
