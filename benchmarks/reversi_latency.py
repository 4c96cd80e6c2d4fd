"""Click-to-update latency of the Reversi widget in a real JupyterLab (Chromium, headless).

One game (two players, or black against a CPU level); each sample clicks a legal square and
waits until the page shows the new disc (the square's ``data-piece`` changes, then one animation
frame so it is painted); the CPU's reply is not timed. The time
is taken inside the page with ``performance.now()``, so Playwright's own round trips do not
count: this is what a person sees, kernel round trip included. Figures vary with machine load;
they are printed, never asserted.

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

# What to do next: a square the person may click now (once no pass card holds the board), or
# "over" when the game has ended and the "New game" button is showing.
NEXT_ACTION = """
(boardSelector) => {
  const root = document.querySelector(boardSelector);
  if (!root || root.querySelector(".bb-card-pass") || root.classList.contains("bb-is-busy")) return null;
  const legal = root.querySelector(".bb-square.bb-legal");
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


def measure(clicks: int, cpu_level: str | None = None) -> list[float]:
    samples: list[float] = []
    with LabServer() as server, sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        page = browser.new_page(viewport={"width": 1280, "height": 1000})
        page.set_default_timeout(60_000)
        lab = Lab(page, server).load()
        options = f"mode='cpu', level={cpu_level!r}, human='black'" if cpu_level else ""
        notebook = lab.open_notebook(
            "latency.ipynb", [f"from boardbook import Reversi\nw = Reversi({options})\nw"]
        )
        notebook.run_all()
        board_selector = f"[id='{notebook.panel_id}'] .bb-reversi"
        page.locator(f"{board_selector} [data-square='d3']").wait_for()
        played = 0
        while len(samples) < clicks:
            action = page.wait_for_function(NEXT_ACTION, arg=board_selector).json_value()
            if action == "over":
                page.locator(f"{board_selector} .bb-actions [data-action='new_game']").click()
                page.wait_for_function(
                    "(sel) => !!document.querySelector(sel + ' .bb-square.bb-legal')",
                    arg=board_selector,
                )
                continue
            elapsed_ms = page.evaluate(CLICK_AND_TIME, [board_selector, action])
            played += 1
            if played > WARMUP_CLICKS:
                samples.append(elapsed_ms)
        notebook.close()
        browser.close()
    return samples


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
    samples = measure(args.clicks, args.cpu)
    mode = f"human (black) vs CPU {args.cpu}" if args.cpu else "two players"
    print(
        f"Reversi click-to-update latency in JupyterLab, {len(samples)} clicks "
        f"(after {WARMUP_CLICKS} warm-up clicks), {mode}:"
    )
    print(f"  p50 {percentile(samples, 0.50):7.1f} ms")
    print(f"  p95 {percentile(samples, 0.95):7.1f} ms")
    print(
        f"  min {min(samples):7.1f} ms   max {max(samples):7.1f} ms   "
        f"mean {statistics.fmean(samples):7.1f} ms"
    )
    print(f"  wall time {time.monotonic() - started:.1f} s (server + browser start included)")


if __name__ == "__main__":
    main()
