# ruff: noqa: PLE1142  (top-level await: runPythonAsync runs this file)
"""Runs INSIDE Pyodide (via book/lite/run_in_pyodide.mjs): every code cell of live notebooks.

    node book/lite/run_in_pyodide.mjs SITE tests/lite/pyodide_notebooks.py reversi/rules.ipynb ...

Paths are relative to the site's contents, which the runner mounts at /drive as the lite
kernel does; each notebook runs in its own folder (the kernel's working directory).
The cells run in one IPython shell per notebook, as a reader's "Run All" would, except the
setup cell (``%pip install``): the runner has already installed the site's wheels. Prints one
JSON object on its last line: per notebook, whether every cell ran, the first error, timings.
"""

import json
import os
import sys
import time

from IPython.core.interactiveshell import InteractiveShell

SETUP_TAG = "boardbook-lite-setup"


def load(path: str) -> dict:
    with open(path, encoding="utf-8") as handle:
        return json.load(handle)


async def run_notebook(path: str) -> dict:
    full = os.path.join("/drive", path)
    nb = load(full)
    os.chdir(os.path.dirname(full))
    InteractiveShell.clear_instance()
    shell = InteractiveShell.instance()
    started = time.perf_counter()
    ran = 0
    for index, cell in enumerate(nb["cells"]):
        if cell["cell_type"] != "code" or SETUP_TAG in cell.get("metadata", {}).get("tags", []):
            continue
        source = "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]
        try:
            transformed, failure = shell.transform_cell(source), None
        except Exception:  # noqa: BLE001 - reported by run_cell_async like IPython does
            transformed, failure = source, sys.exc_info()
        result = await shell.run_cell_async(
            source,
            store_history=True,
            transformed_cell=transformed,
            preprocessing_exc_tuple=failure,
        )
        ran += 1
        error = result.error_before_exec or result.error_in_exec
        if error is not None:
            return {
                "ok": False,
                "cells_run": ran,
                "failed_cell": index,
                "source": source[:300],
                "error": f"{type(error).__name__}: {error}",
                "seconds": round(time.perf_counter() - started, 2),
            }
    return {"ok": True, "cells_run": ran, "seconds": round(time.perf_counter() - started, 2)}


results = {}
for notebook in sys.argv[1:]:
    results[notebook] = await run_notebook(notebook)  # noqa: F704 (runPythonAsync allows it)
print(json.dumps(results))
