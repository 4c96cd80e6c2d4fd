"""The harness itself: a click in JupyterLab reaches Python and Python's answer reaches the page.

Uses a tiny anywidget defined in the notebook, so a failure here points at the browser/JupyterLab
machinery, not at boardbook's widgets.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.timeout(120)]

PROBE_WIDGET = '''
import anywidget, traitlets

class Probe(anywidget.AnyWidget):
    _esm = """
    function render({ model, el }) {
      const button = document.createElement("button");
      button.dataset.square = "d3";
      const label = document.createElement("span");
      label.className = "probe-label";
      const draw = () => { label.textContent = "clicks:" + model.get("clicks"); };
      button.textContent = "d3";
      button.addEventListener("click", () => model.send({ kind: "play", square: "d3" }));
      model.on("change:clicks", draw);
      draw();
      el.append(button, label);
      return () => model.off("change:clicks", draw);
    }
    export default { render };
    """
    clicks = traitlets.Int(0).tag(sync=True)
    squares = []

    def __init__(self):
        super().__init__()
        self.on_msg(self._on_intent)

    def _on_intent(self, widget, content, buffers):
        self.squares.append(content["square"])
        self.clicks += 1

probe = Probe()
probe
'''


def test_click_reaches_python_and_answer_reaches_page(open_notebook):
    notebook = open_notebook([PROBE_WIDGET, "print('squares', probe.squares)"])
    notebook.run_all()
    label = notebook.output(0).locator(".probe-label")
    expect(label).to_have_text("clicks:0")
    expect(notebook.output(1)).to_contain_text("squares []")

    notebook.output(0).locator('[data-square="d3"]').click()
    expect(label).to_have_text("clicks:1")

    notebook.run_cell(1)
    expect(notebook.output(1)).to_contain_text("squares ['d3']")
