// Run a Python file under Pyodide in Node with exactly what the built lite site ships.
//
//   node book/lite/run_in_pyodide.mjs SITE_DIR SCRIPT.py [ARG...]
//
// Loads the runtime from SITE_DIR/static/pyodide/ (the site's own pyodide-lock.json, whose
// entries build_lite.py rewrote to the PyPI wheels it ships), loads the lock packages the
// kernel would, unpacks every wheel of SITE_DIR/pypi/ (boardbook and its pure-Python
// dependencies) plus the kernel's widgetsnbextension stub, then runs SCRIPT.py with
// sys.argv = [SCRIPT.py, ARG...] via runPythonAsync, so top-level `await` works and asyncio
// callbacks (boardbook's search slices) run on Pyodide's event loop.
//
// The site's contents (its notebooks) are mounted read-only-in-spirit at /drive, where the lite
// kernel sees them too.
//
// Nothing is fetched from the network: every file comes from SITE_DIR. Exit code 0 when the
// script ran, 1 with the Python traceback on stderr when it raised.

import { readFileSync, readdirSync, existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [siteArg, scriptArg, ...scriptArgs] = process.argv.slice(2);
if (!siteArg || !scriptArg) {
  console.error("usage: node run_in_pyodide.mjs SITE_DIR SCRIPT.py [ARG...]");
  process.exit(2);
}
const site = resolve(siteArg);
const pyodideDir = join(site, "static", "pyodide");
if (!existsSync(join(pyodideDir, "pyodide.mjs"))) {
  console.error(`${pyodideDir}/pyodide.mjs not found: build the lite site first (book/build_lite.py)`);
  process.exit(2);
}

// Any network access would mean the site is not self-contained: fail loudly instead.
globalThis.fetch = async (url) => {
  throw new Error(`network fetch attempted: ${url}`);
};

const started = performance.now();
const { loadPyodide } = await import(pathToFileURL(join(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({
  indexURL: pyodideDir + "/",
  lockFileURL: join(pyodideDir, "pyodide-lock.json"),
  stdout: (line) => process.stdout.write(line + "\n"),
  stderr: (line) => process.stderr.write(line + "\n"),
});
const runtimeSeconds = (performance.now() - started) / 1000;

// What the JupyterLite kernel loads from the lock (micropip, IPython for the kernel itself) and
// what boardbook's dependencies need from it.
await pyodide.loadPackage(["micropip", "ipython", "traitlets", "platformdirs", "typing-extensions"], {
  messageCallback: () => {},
});

const wheelDirs = [
  join(site, "pypi"),
  join(site, "extensions", "@jupyterlite", "pyodide-kernel-extension", "static", "pypi"),
];
// Into site-packages, as an install would (unpackArchive defaults to the working directory).
const purelib = pyodide.runPython("import sysconfig; sysconfig.get_path('purelib')");
const installed = [];
for (const dir of wheelDirs) {
  for (const name of readdirSync(dir).sort()) {
    if (!name.endsWith(".whl")) continue;
    // The kernel's own wheels (piplite, pyodide_kernel, ipykernel stub) need a browser kernel;
    // only the widgetsnbextension 4 stub (an ipywidgets dependency) is wanted here.
    if (dir !== wheelDirs[0] && !name.startsWith("widgetsnbextension-4")) continue;
    pyodide.unpackArchive(new Uint8Array(readFileSync(join(dir, name))), "wheel", {
      extractDir: purelib,
    });
    installed.push(name);
  }
}
const contents = join(site, "files");
if (existsSync(contents)) {
  pyodide.FS.mkdirTree("/drive");
  pyodide.mountNodeFS("/drive", contents);
}
const readySeconds = (performance.now() - started) / 1000;

pyodide.globals.set("_runner_info", pyodide.toPy({ installed, runtimeSeconds, readySeconds }));
const script = resolve(scriptArg);
pyodide.globals.set("_script_argv", pyodide.toPy([script, ...scriptArgs]));
try {
  await pyodide.runPythonAsync(
    "import importlib, sys\nimportlib.invalidate_caches()\n" +
      "sys.argv = list(_script_argv)\nsys.path.insert(0, '')\n" +
      "__runner_info__ = dict(_runner_info)\n",
  );
  await pyodide.runPythonAsync(readFileSync(script, "utf8"), { filename: script });
} catch (error) {
  console.error(String(error && error.message ? error.message : error));
  process.exit(1);
}
process.exit(0);
