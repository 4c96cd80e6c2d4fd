"""The front end's own unit tests (vitest + jsdom in js/tests/), run as part of the one test command.

They check the shared board kit (keyboard navigation, labels, status line, cards) and the
Reversi view; here they only need to pass, and their summary is shown on failure.
"""

import shutil
import subprocess
from pathlib import Path

import pytest

JS = Path(__file__).resolve().parents[1] / "js"


@pytest.mark.timeout(300)
def test_front_end_unit_tests_pass():
    npm = shutil.which("npm")
    assert npm, "npm is needed to run the front-end tests"
    if not (JS / "node_modules" / "vitest").is_dir():
        subprocess.run([npm, "ci", "--no-audit", "--no-fund"], cwd=JS, check=True)
    result = subprocess.run(
        [npm, "test", "--silent"], cwd=JS, capture_output=True, text=True, timeout=280, check=False
    )
    summary = (result.stdout + result.stderr)[-4000:]
    assert result.returncode == 0, summary
    assert "passed" in summary
