"""The header's download menu offers what a reader can use: the page as a notebook (its live
copy, the same file as the link at the page's foot) and a PDF (the browser's print dialog,
which prints the page as print.css lays it out). The theme's own menu is switched off in
_config.yml (``use_download_button: false``): it offered the page's MyST source, hidden
checks and all.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playlive import download_url, edition_of, is_notebook_source

#: The menu's words on a page of each edition.
WORDS = {
    "en": {
        "notebook": "Notebook (.ipynb)",
        "notebook_tip": "Download this page as a Jupyter notebook",
        "print": "Print or PDF",
        "print_tip": "Print this page, or save it as a PDF",
        "menu_tip": "Download this page",
    },
    "ja": {
        "notebook": "ノートブック（.ipynb）",
        "notebook_tip": "このページをJupyterノートブックとしてダウンロード",
        "print": "印刷・PDF",
        "print_tip": "このページを印刷する、またはPDFとして保存する",
        "menu_tip": "このページをダウンロード",
    },
}


def _download_menu(app: Any, pagename: str, templatename: str, context: dict, doctree: Any) -> None:
    buttons = context.get("header_buttons")
    if buttons is None or doctree is None:
        return
    menu = []
    edition, lang = edition_of(app)
    words = WORDS[lang]
    if pagename in app.env.all_docs and is_notebook_source(Path(app.env.doc2path(pagename))):
        menu.append(
            {
                "type": "link",
                "url": download_url(pagename, edition),
                "text": words["notebook"],
                "tooltip": words["notebook_tip"],
                "icon": "fas fa-code",
                "label": "download-notebook-button",
            }
        )
    menu.append(
        {
            "type": "javascript",
            "javascript": "window.print()",
            "text": words["print"],
            "tooltip": words["print_tip"],
            "icon": "fas fa-file-pdf",
            "label": "download-pdf-button",
        }
    )
    buttons.insert(
        0,
        {
            "type": "group",
            "tooltip": words["menu_tip"],
            "icon": "fas fa-download",
            "buttons": menu,
            "label": "download-buttons",
        },
    )


def setup(app: Any) -> dict[str, Any]:
    # After the theme fills header_buttons (its handlers run at priority 501).
    app.connect("html-page-context", _download_menu, priority=600)
    return {"parallel_read_safe": True, "parallel_write_safe": True, "version": "1"}
