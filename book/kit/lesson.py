"""Lesson boards and exercises for every game: static pictures from the engine's SVG.

A board on a book page is a lesson, not a game: a picture with coordinates and a caption, and
marks that say what happened ("before and after": the move, the bracketed lines, the flips; in
Beacon Lines the claims and the regions that changed hands). A picture has no controls, so
nothing on the page pretends to be clickable except an exercise, which answers every square
from a verdict the engine computed at build time (``_static/exercises.js`` reads it; no kernel
is needed).

Game-neutral: a board is an SVG string, or a position whose game package has
``svg.position_svg(position, marks=..., **options)``; ``before_after`` asks the game's book
module ``kit/<game>.py`` for ``move_marks(position, move)``.
"""

from __future__ import annotations

import base64
import importlib
import itertools
import json
import re
from collections.abc import Mapping
from html import escape
from typing import Any

from IPython.display import display

__all__ = ["before_after", "exercise", "lesson", "picture", "print_only"]

_numbers = itertools.count(1)
#: The page's script puts "Right! " or "Not this one. " before a verdict's reason.
_VERDICT_WORDS = re.compile(r"(?i)\s*(right|wrong|correct|not this one)\b")


def _game(position: Any) -> str:
    """``boardbook.reversi.rules.Position`` -> ``"reversi"``."""
    return type(position).__module__.split(".")[1]


def picture(board: Any, marks: Mapping[str, Any] | None = None, **options: Any) -> str:
    """The SVG of ``board`` (an SVG string is returned as it is)."""
    if isinstance(board, str):
        return board
    svg = importlib.import_module(f"boardbook.{_game(board)}.svg")
    return str(svg.position_svg(board, marks=marks, **options))


def _figure(svg: str, caption: str, extra: str = "") -> str:
    return (
        f'<figure class="bb-lesson{extra}"><div class="bb-lesson-board">{svg}</div>'
        f"<figcaption>{escape(caption)}</figcaption></figure>"
    )


def _img(svg: str, alt: str, width: int = 320) -> str:
    """The SVG as an ``<img>`` with a data URL: what a notebook's Markdown may show.

    JupyterLab sanitizes the HTML of Markdown cells and drops inline ``<svg>``, so the live
    copies of the pages (``book/build_lite.py``) use this ``text/markdown`` form of a board.
    """
    data = base64.b64encode(svg.encode()).decode()
    return f'<img src="data:image/svg+xml;base64,{data}" alt="{escape(alt)}" width="{width}">'


def _show(html: str, text: str, markdown: str | None = None) -> None:
    bundle = {"text/html": html, "text/plain": text}
    if markdown is not None:
        bundle["text/markdown"] = markdown
    display(bundle, raw=True)  # type: ignore[no-untyped-call]


def lesson(
    board: Any, caption: str, *, marks: Mapping[str, Any] | None = None, **options: Any
) -> None:
    """Show one lesson board with its caption (``options`` go to the game's ``position_svg``)."""
    if not caption.strip():
        raise ValueError("every lesson board needs a caption")
    svg = picture(board, marks, **options)
    _show(
        _figure(svg, caption),
        f"[board: {caption}]",
        f"{_img(svg, caption)}\n\n*{escape(caption)}*",
    )


def before_after(
    position: Any,
    move: Any,
    caption: str,
    *,
    before: str | None = None,
    after: str | None = None,
    **options: Any,
) -> None:
    """Show ``position`` before and after ``move`` side by side, marked.

    The marks and the two small captions come from ``kit/<game>.py``'s ``move_marks``, which
    returns ``(before_marks, after_marks, before_caption, after_caption)``.
    """
    kit = importlib.import_module(f"kit.{_game(position)}")
    before_marks, after_marks, before_text, after_text = kit.move_marks(position, move)
    result = position.play(move)
    boards = [
        (picture(board, marks, **options), text)
        for board, marks, text in (
            (position, before_marks, before or before_text),
            (result, after_marks, after or after_text),
        )
    ]
    pair = "".join(_figure(svg, text, " bb-lesson-half") for svg, text in boards)
    _show(
        f'<figure class="bb-lesson bb-before-after"><div class="bb-pair">{pair}</div>'
        f"<figcaption>{escape(caption)}</figcaption></figure>",
        f"[before and after: {caption}]",
        " ".join(_img(svg, text, 280) for svg, text in boards)
        + "\n\n"
        + " · ".join(f"*{escape(text)}*" for _, text in boards)
        + f"\n\n**{escape(caption)}**",
    )
    # Nothing returned: a cell ending in before_after(...) must not show a third board.


def print_only(board: Any, caption: str, **options: Any) -> None:
    """A picture for print only (next to a live widget, which print cannot show)."""
    _show(_figure(picture(board, **options), caption, " bb-print-only"), f"[picture: {caption}]")


def exercise(
    board: Any,
    question: str,
    verdicts: Mapping[str, tuple[bool, str]],
    *,
    hint: str,
    answer: str,
    answer_board: Any = None,
    answer_caption: str = "",
    marks: Mapping[str, Any] | None = None,
    **options: Any,
) -> None:
    """An exercise: click a square (or Tab to the board, arrows, Enter); the page answers
    from ``verdicts``.

    ``verdicts`` maps every square the board has to ``(right, reason)``; the page puts "Right!"
    or "Not this one." before the reason, so a reason never starts with such words. The answer
    (and its board, when given) is hidden until "Show the answer" and printed below the
    question (the teacher's copy); the student edition (``?student=1``) neither shows nor
    prints hints and answers.
    """
    if not any(right for right, _ in verdicts.values()):
        raise ValueError(f"an exercise needs a right answer: {question}")
    for square, (_, reason) in verdicts.items():
        if _VERDICT_WORDS.match(reason):
            raise ValueError(
                f"the reason for {square} starts with {reason.split()[0]!r}: the page already "
                f'says "Right!" or "Not this one." before it ({question})'
            )
    number = next(_numbers)
    svg = picture(board, marks, **options)
    data = {sq: {"right": right, "reason": reason} for sq, (right, reason) in verdicts.items()}
    shown = ""
    if answer_board is not None:
        shown = _figure(picture(answer_board), answer_caption or answer)
    html = (
        f'<div class="bb-exercise" id="exercise-{number}" data-exercise="{number}">'
        f'<p class="bb-ex-question"><strong>Exercise {number}.</strong> {escape(question)}</p>'
        f'<div class="bb-ex-board">{svg}</div>'
        f'<p class="bb-ex-feedback" role="status" aria-live="polite">'
        "Click your answer on the board.</p>"
        '<div class="bb-ex-buttons">'
        '<button type="button" class="bb-ex-hint-button" aria-expanded="false" '
        f'aria-controls="exercise-{number}-hint">Hint</button>'
        '<button type="button" class="bb-ex-answer-button" aria-expanded="false" '
        f'aria-controls="exercise-{number}-answer">Show the answer</button></div>'
        f'<p class="bb-ex-hint" id="exercise-{number}-hint" hidden><strong>Hint:</strong> '
        f"{escape(hint)}</p>"
        f'<div class="bb-ex-answer" id="exercise-{number}-answer" hidden><p><strong>Answer:'
        f"</strong> {escape(answer)}</p>{shown}</div>"
        f'<script type="application/json" class="bb-ex-data">{_json(data)}</script></div>'
    )
    # A notebook cannot run the page's script: there the answer folds out, with no buttons.
    markdown = (
        f"**Exercise {number}.** {escape(question)}\n\n{_img(svg, question)}\n\n"
        f"<details><summary>Hint</summary>{escape(hint)}</details>\n\n"
        f"<details><summary>Answer</summary>{escape(answer)}"
        + (
            f"<br>{_img(picture(answer_board), answer_caption or answer)}"
            if answer_board is not None
            else ""
        )
        + "</details>"
    )
    _show(html, f"Exercise {number}. {question}\n\nAnswer: {answer}", markdown)


def _json(data: Any) -> str:
    """JSON safe inside a ``<script>`` element."""
    return json.dumps(data, ensure_ascii=False).replace("</", "<\\/")
