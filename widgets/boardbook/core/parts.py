"""How ``state`` travels to the page: in parts, each a synced trait sent only when it changed.

ipywidgets sends a trait's whole value whenever it changes, so one ``state`` trait re-sent
about 7-10 KB per click, a quarter of it labels that change only with the language. The state
is cut by how often each piece changes (js/PROTOCOL.md, "Parts"): the texts (the language), the
setup (a setting, a new game, a result), the coach (its analysis deepens alone), the board and
tray (a move), the game's own part, and the turn (every answer: status, input, last move, …).
Only the parts whose value changed are set, in one comm message (``GameWidget._publish``).

Each part carries ``rev``, the publication that last changed it, and ``_revs`` names every
part's current ``rev``: a page that applies a message's traits one by one (marimo) draws once
every part it shows matches ``_revs``, never a mix of two publications (js/shared/model.js).
"""

from __future__ import annotations

from collections.abc import Mapping

__all__ = ["PARTS", "REVISIONS", "TURN", "Parts"]

#: The part that holds every key no other part names (what changes with every answer).
TURN = "_turn"

#: Trait name -> the ``state`` keys it carries; ``TURN`` carries the rest.
PARTS: dict[str, tuple[str, ...]] = {
    "_texts": ("labels", "options"),
    "_setup": ("protocol", "game", "settings", "stats", "human_side", "game_number"),
    "_coach": ("coach",),
    "_board": ("board", "tray"),
    "_extra": ("extra",),
    TURN: (),
}

#: The trait naming each part's current ``rev``.
REVISIONS = "_revs"

_OWNER = {key: name for name, keys in PARTS.items() for key in keys}


def split(state: Mapping[str, object]) -> dict[str, dict[str, object]]:
    """``state`` cut into its parts (every part present, perhaps empty)."""
    parts: dict[str, dict[str, object]] = {name: {} for name in PARTS}
    for key, value in state.items():
        if key == "rev":
            raise ValueError("'rev' is the parts' own key, not a state key")
        parts[_OWNER.get(key, TURN)][key] = value
    return parts


class Parts:
    """The parts last published for one widget, and their revisions."""

    def __init__(self) -> None:
        self._sent: dict[str, dict[str, object]] = {}
        self._revision = 0
        self.revs: dict[str, int] = {}

    def changed(self, state: Mapping[str, object]) -> dict[str, dict[str, object]]:
        """The traits to set for ``state``: each part that differs from the one last
        published (with a new ``rev``), and ``_revs``; empty when nothing changed."""
        out: dict[str, dict[str, object]] = {}
        fresh = split(state)
        revision = self._revision + 1
        for name, content in fresh.items():
            if self._sent.get(name) != content:
                self._sent[name] = content
                self.revs[name] = revision
                out[name] = {"rev": revision, **content}
        if out:
            self._revision = revision
            out[REVISIONS] = dict(self.revs)
        return out
