"""Click-to-update latency of the Reversi widget in a real JupyterLab (Chromium, headless).

One game (two players, or black against a CPU level); each sample clicks a legal square and
waits until the page shows the new disc (the square's ``data-piece`` changes, then one animation
frame so it is painted); the CPU's reply is not timed. The time
is taken inside the page with ``performance.now()``, so Playwright's own round trips do not
count: this is what a person sees, kernel round trip included. Figures vary with machine load;
they are printed, never asserted.

The same notebook holds a minimal "echo" anywidget (a button whose click goes to Python and
back as a synced counter: the least any widget can do per click), clicked in turn with the
board, so the ratio of the two p50s says what the board costs over the round trip itself on
this machine, at this load.

    .venv/bin/python benchmarks/reversi_latency.py            # 40 clicks, two players
    .venv/bin/python benchmarks/reversi_latency.py --clicks 100
    .venv/bin/python benchmarks/reversi_latency.py --cpu beginner   # black vs the CPU

Needs the built front end (``cd js && npm install && npm run build``) and Debian's Chromium.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "browser"))

from labharness import Lab, LabServer, launch_chromium
from playwright.sync_api import sync_playwright

WARMUP_CLICKS = 3
# Quiet time before each timed click (the flip animations last about 0.6 s).
SETTLE_MS = 700

# Click the square and resolve with the milliseconds until its disc is on the page and painted.
CLICK_AND_TIME = """
async ([boardSelector, coord]) => {
  const root = document.querySelector(boardSelector);
  const square = root.querySelector(`[data-square="${coord}"]`);
  const before = square.dataset.piece || "";
  const start = performance.now();
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => { observer.disconnect(); reject(new Error("no update in 30 s")); }, 30000);
    const observer = new MutationObserver(() => {
      if ((square.dataset.piece || "") !== before) {
        observer.disconnect();
        clearTimeout(timer);
        resolve();
      }
    });
    observer.observe(square, { attributes: true, attributeFilter: ["data-piece"] });
    square.click();
  });
  await new Promise((resolve) => requestAnimationFrame(() => resolve()));
  return performance.now() - start;
}
"""

# The echo widget: a click sends a message; Python sets a synced counter; the page redraws it.
ECHO_CELL = '''import anywidget, traitlets

class Echo(anywidget.AnyWidget):
    _esm = """export default { render({ model, el }) {
      const b = document.createElement("button");
      b.className = "bb-echo";
      const draw = () => { b.textContent = String(model.get("n")); b.dataset.n = b.textContent; };
      b.onclick = () => model.send({ n: model.get("n") + 1 });
      model.on("change:n", draw);
      draw();
      el.append(b);
    } };"""
    n = traitlets.Int(0).tag(sync=True)

    def __init__(self):
        super().__init__()
        self.on_msg(lambda widget, content, buffers: setattr(self, "n", content["n"]))

echo = Echo()
echo'''

ECHO_CLICK_AND_TIME = """
async (selector) => {
  const button = document.querySelector(selector);
  const before = button.dataset.n;
  const start = performance.now();
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => { observer.disconnect(); reject(new Error("no echo in 30 s")); }, 30000);
    const observer = new MutationObserver(() => {
      if (button.dataset.n !== before) {
        observer.disconnect();
        clearTimeout(timer);
        resolve();
      }
    });
    observer.observe(button, { attributes: true, attributeFilter: ["data-n"] });
    button.click();
  });
  await new Promise((resolve) => requestAnimationFrame(() => resolve()));
  return performance.now() - start;
}
"""

# What to do next: a square the person may click now (once no pass card holds the board), or
# "over" when the game has ended and the "New game" button is showing.
NEXT_ACTION = """
(boardSelector) => {
  const root = document.querySelector(boardSelector);
  if (!root || root.querySelector(".bb-card-forced") || root.classList.contains("bb-is-busy")) return null;
  const legal = root.querySelector(".bb-square.bb-target");
  if (legal) return legal.dataset.square;
  const newGame = root.querySelector(".bb-actions [data-action='new_game']");
  return newGame && !newGame.hidden ? "over" : null;
}
"""


def percentile(samples: list[float], fraction: float) -> float:
    """Nearest-rank percentile (no interpolation: every figure printed was measured)."""
    ordered = sorted(samples)
    rank = max(1, round(fraction * len(ordered) + 0.5 - 1e-9))
    return ordered[min(rank, len(ordered)) - 1]


def measure(clicks: int, cpu_level: str | None = None) -> tuple[list[float], list[float]]:
    """Board clicks and echo clicks, interleaved (each board click, then one echo click)."""
    samples: list[float] = []
    echoes: list[float] = []
    with LabServer() as server, sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        page = browser.new_page(viewport={"width": 1280, "height": 1000})
        page.set_default_timeout(60_000)
        lab = Lab(page, server).load()
        options = f"mode='cpu', level={cpu_level!r}, human='black'" if cpu_level else ""
        notebook = lab.open_notebook(
            "latency.ipynb",
            [f"from boardbook import Reversi\nw = Reversi({options})\nw", ECHO_CELL],
        )
        notebook.run_all()
        board_selector = f"[id='{notebook.panel_id}'] .bb-reversi"
        echo_selector = f"[id='{notebook.panel_id}'] button.bb-echo"
        page.locator(f"{board_selector} [data-square='d3']").wait_for()
        page.locator(echo_selector).wait_for()
        played = 0
        while len(samples) < clicks:
            action = page.wait_for_function(NEXT_ACTION, arg=board_selector).json_value()
            if action == "over":
                page.locator(f"{board_selector} .bb-actions [data-action='new_game']").click()
                page.wait_for_function(
                    "(sel) => !!document.querySelector(sel + ' .bb-square.bb-target')",
                    arg=board_selector,
                )
                continue
            # Each click starts from a quiet page and kernel (what follows a click, such as the
            # animations or a stats write, must not land on the other widget's sample), and the
            # two widgets take turns going first.
            page.wait_for_timeout(SETTLE_MS)
            if played % 2:
                echo_ms = page.evaluate(ECHO_CLICK_AND_TIME, echo_selector)
                page.wait_for_timeout(SETTLE_MS)
                elapsed_ms = page.evaluate(CLICK_AND_TIME, [board_selector, action])
            else:
                elapsed_ms = page.evaluate(CLICK_AND_TIME, [board_selector, action])
                page.wait_for_timeout(SETTLE_MS)
                echo_ms = page.evaluate(ECHO_CLICK_AND_TIME, echo_selector)
            played += 1
            if played > WARMUP_CLICKS:
                samples.append(elapsed_ms)
                echoes.append(echo_ms)
        notebook.close()
        browser.close()
    return samples, echoes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clicks", type=int, default=40, help="measured clicks (default 40)")
    parser.add_argument(
        "--cpu", choices=["beginner", "corner", "strong"], help="play black against this CPU level"
    )
    args = parser.parse_args()
    if args.clicks < 1:
        parser.error("--clicks must be at least 1")
    started = time.monotonic()
    samples, echoes = measure(args.clicks, args.cpu)
    mode = f"human (black) vs CPU {args.cpu}" if args.cpu else "two players"
    print(
        f"Reversi click-to-update latency in JupyterLab, {len(samples)} clicks "
        f"(after {WARMUP_CLICKS} warm-up clicks), {mode}, each followed by an echo click:"
    )
    for name, values in (("board", samples), ("echo ", echoes)):
        print(
            f"  {name}  p50 {percentile(values, 0.50):6.1f} ms   p95 {percentile(values, 0.95):6.1f} ms"
            f"   min {min(values):6.1f}   max {max(values):6.1f}   mean {statistics.fmean(values):6.1f}"
        )
    ratio = percentile(samples, 0.50) / percentile(echoes, 0.50)
    print(f"  board / echo p50 ratio: {ratio:.2f} (goal: at most 1.5)")
    print(f"  wall time {time.monotonic() - started:.1f} s (server + browser start included)")


if __name__ == "__main__":
    main()
