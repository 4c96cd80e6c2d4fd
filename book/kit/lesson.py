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
import inspect
import itertools
import json
import re
from collections.abc import Mapping
from html import escape
from typing import Any

from IPython.display import display

__all__ = ["before_after", "exercise", "lesson", "picture", "print_only"]

_numbers = itertools.count(1)
#: The page's script puts "Right! " or "Not this one. " (正解！, ちがいます。) before a verdict's
#: reason.
_VERDICT_WORDS = re.compile(
    r"(?i)\s*((right|wrong|correct|not this one)\b|正解|不正解|ちがい|違い)"
)

#: The words of an exercise box, in each language (``_static/exercises.js`` has the rest).
EXERCISE_WORDS = {
    "en": {
        "exercise": "Exercise {number}.",
        "prompt": "Click your answer on the board.",
        "hint": "Hint",
        "show": "Show the answer",
        "hint_label": "Hint:",
        "answer_label": "Answer:",
        "answer": "Answer",
        "plain_answer": "Answer: {answer}",
    },
    "ja": {
        "exercise": "練習問題 {number}",
        "prompt": "答えを盤の上でクリックしてください。",
        "hint": "ヒント",
        "show": "答えを見る",
        "hint_label": "ヒント：",
        "answer_label": "答え：",
        "answer": "答え",
        "plain_answer": "答え：{answer}",
    },
}


def _game(position: Any) -> str:
    """``boardbook.reversi.rules.Position`` -> ``"reversi"``."""
    return type(position).__module__.split(".")[1]


def picture(
    board: Any, marks: Mapping[str, Any] | None = None, *, lang: str = "en", **options: Any
) -> str:
    """The SVG of ``board`` (an SVG string is returned as it is), its words in ``lang`` where
    the game's drawing can say them (its ``position_svg`` takes ``lang``) or else the game's
    book module (``kit/<game>.py``'s ``localise_svg``)."""
    if isinstance(board, str):
        return board
    game = _game(board)
    draw = importlib.import_module(f"boardbook.{game}.svg").position_svg
    if "lang" in inspect.signature(draw).parameters:
        return str(draw(board, marks=marks, lang=lang, **options))
    svg = str(draw(board, marks=marks, **options))
    if lang != "en":
        try:
            kit = importlib.import_module(f"kit.{game}")
        except ImportError:
            return svg
        svg = kit.localise_svg(svg, lang) if hasattr(kit, "localise_svg") else svg
    return svg


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
    board: Any,
    caption: str,
    *,
    marks: Mapping[str, Any] | None = None,
    lang: str = "en",
    **options: Any,
) -> None:
    """Show one lesson board with its caption (``options`` go to the game's ``position_svg``)."""
    if not caption.strip():
        raise ValueError("every lesson board needs a caption")
    svg = picture(board, marks, lang=lang, **options)
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
    lang: str = "en",
    **options: Any,
) -> None:
    """Show ``position`` before and after ``move`` side by side, marked.

    The marks and the two small captions come from ``kit/<game>.py``'s ``move_marks``, which
    returns ``(before_marks, after_marks, before_caption, after_caption)``, in ``lang``.
    """
    kit = importlib.import_module(f"kit.{_game(position)}")
    before_marks, after_marks, before_text, after_text = kit.move_marks(position, move, lang)
    result = position.play(move)
    boards = [
        (picture(board, marks, lang=lang, **options), text)
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
    lang: str = "en",
    **options: Any,
) -> None:
    """An exercise: click a square (or Tab to the board, arrows, Enter); the page answers
    from ``verdicts``.

    ``verdicts`` maps every square the board has to ``(right, reason)``; the page puts "Right!"
    or "Not this one." before the reason, so a reason never starts with such words. The answer
    (and its board, when given) is hidden until "Show the answer" and printed below the
    question (the teacher's copy); the student edition (``?student=1``) neither shows nor
    prints hints and answers. ``lang`` is the page's language (the box's own words).
    """
    words = EXERCISE_WORDS[lang]
    if not any(right for right, _ in verdicts.values()):
        raise ValueError(f"an exercise needs a right answer: {question}")
    for square, (_, reason) in verdicts.items():
        if _VERDICT_WORDS.match(reason):
            raise ValueError(
                f"the reason for {square} starts with {reason.split()[0]!r}: the page already "
                f'says "Right!" or "Not this one." before it ({question})'
            )
    number = next(_numbers)
    title = words["exercise"].format(number=number)
    svg = picture(board, marks, lang=lang, **options)
    data = {sq: {"right": right, "reason": reason} for sq, (right, reason) in verdicts.items()}
    shown = ""
    if answer_board is not None:
        shown = _figure(picture(answer_board, lang=lang), answer_caption or answer)
    html = (
        f'<div class="bb-exercise" id="exercise-{number}" data-exercise="{number}">'
        f'<p class="bb-ex-question"><strong>{title}</strong> {escape(question)}</p>'
        f'<div class="bb-ex-board">{svg}</div>'
        f'<p class="bb-ex-feedback" role="status" aria-live="polite">'
        f"{words['prompt']}</p>"
        '<div class="bb-ex-buttons">'
        '<button type="button" class="bb-ex-hint-button" aria-expanded="false" '
        f'aria-controls="exercise-{number}-hint">{words["hint"]}</button>'
        '<button type="button" class="bb-ex-answer-button" aria-expanded="false" '
        f'aria-controls="exercise-{number}-answer">{words["show"]}</button></div>'
        f'<p class="bb-ex-hint" id="exercise-{number}-hint" hidden><strong>'
        f"{words['hint_label']}</strong> {escape(hint)}</p>"
        f'<div class="bb-ex-answer" id="exercise-{number}-answer" hidden><p><strong>'
        f"{words['answer_label']}</strong> {escape(answer)}</p>{shown}</div>"
        f'<script type="application/json" class="bb-ex-data">{_json(data)}</script></div>'
    )
    # A notebook cannot run the page's script: there the answer folds out, with no buttons.
    markdown = (
        f"**{title}** {escape(question)}\n\n{_img(svg, question)}\n\n"
        f"<details><summary>{words['hint']}</summary>{escape(hint)}</details>\n\n"
        f"<details><summary>{words['answer']}</summary>{escape(answer)}"
        + (
            f"<br>{_img(picture(answer_board, lang=lang), answer_caption or answer)}"
            if answer_board is not None
            else ""
        )
        + "</details>"
    )
    plain = words["plain_answer"].format(answer=answer)
    _show(html, f"{title} {question}\n\n{plain}", markdown)


def _json(data: Any) -> str:
    """JSON safe inside a ``<script>`` element."""
    return json.dumps(data, ensure_ascii=False).replace("</", "<\\/")
