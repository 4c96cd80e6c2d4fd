// A memory snapshot of Pyodide with the live boards' packages already imported.
//
//   node book/live/snapshot.mjs PYODIDE_DIR PACKAGES.tar.gz OUT.gz
//
// Starting Python and importing ipywidgets, anywidget and the four games (Reversi's edge table
// is computed at import) is most of a cold start: tens of seconds of interpreter work on a
// loaded 2-core machine. The build does it once, here, with the same Pyodide build the site
// ships, and saves the interpreter's memory (Pyodide's `_makeSnapshot`, the mechanism its own
// hosted runtimes use); the worker restores that memory instead of repeating the work, and
// falls back to a normal start if the restore fails. Nothing of this machine is in it: the
// environment is Pyodide's virtual one, and the worker re-seeds `random` after the restore.

import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";

const [pyodideDir, packages, out] = process.argv.slice(2);
if (!pyodideDir || !packages || !out) {
  console.error("usage: node snapshot.mjs PYODIDE_DIR PACKAGES.tar.gz OUT.gz");
  process.exit(2);
}
globalThis.fetch = async (url) => {
  throw new Error(`network fetch attempted: ${url}`);
};
const { loadPyodide } = await import(pathToFileURL(resolve(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: resolve(pyodideDir) + "/", packages: [], _makeSnapshot: true });
const purelib = pyodide.runPython("import sysconfig; sysconfig.get_path('purelib')");
pyodide.unpackArchive(new Uint8Array(readFileSync(packages)), "gztar", { extractDir: purelib });
pyodide.runPython("import boardbook_live; boardbook_live.prepare()");
const snapshot = pyodide.makeMemorySnapshot();
writeFileSync(out, gzipSync(snapshot, { level: 6 }));
console.log(`snapshot: ${(snapshot.length / 1e6).toFixed(1)} MB of memory → ${out}`);
