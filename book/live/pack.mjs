// Pack the live boards' Python packages into one archive of bytecode, with the site's Pyodide.
//
//   node book/live/pack.mjs PYODIDE_DIR OUT.tar.gz RUNTIME.py WHEEL...
//
// Unpacks every wheel (and the page runtime RUNTIME.py) into a folder inside Pyodide, compiles
// every module to bytecode with Pyodide's own Python (the byte code is version specific: the
// build machine's Python may be another one), drops the sources, caches, tests and the
// front-end folders a page never loads, and writes the folder as a plain ustar archive,
// gzipped. The reader's browser then unpacks one file with a few lines of JS (no Python) and
// imports without compiling anything.

import { readFileSync, writeFileSync } from "node:fs";
import { basename, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, out, runtime, ...wheels] = process.argv.slice(2);
if (!pyodideDir || !out || !runtime) {
  console.error("usage: node pack.mjs PYODIDE_DIR OUT.tar.gz RUNTIME.py WHEEL...");
  process.exit(2);
}
globalThis.fetch = async (url) => {
  throw new Error(`network fetch attempted: ${url}`);
};
const { loadPyodide } = await import(pathToFileURL(resolve(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: resolve(pyodideDir) + "/", packages: [] });
const folder = "/pack";
pyodide.FS.mkdirTree(folder);
for (const wheel of wheels) {
  pyodide.unpackArchive(new Uint8Array(readFileSync(wheel)), "wheel", { extractDir: folder });
}
pyodide.FS.writeFile(`${folder}/${basename(runtime)}`, readFileSync(runtime));
pyodide.runPython(`
import compileall, os, shutil, tarfile

folder = ${JSON.stringify(folder)}
# Front-end folders and tests a page never loads (the bridge imports the bundles from the site).
for name in ("anywidget/nbextension", "anywidget/labextension", "ipywidgets/tests",
             "ipywidgets/widgets/tests", "traitlets/tests"):
    shutil.rmtree(os.path.join(folder, name), ignore_errors=True)
for name in os.listdir(folder):
    if name.endswith(".data"):  # a wheel's data files (lab extensions): not importable
        shutil.rmtree(os.path.join(folder, name))
for root, dirs, files in os.walk(folder):
    for name in dirs:
        if name == "__pycache__":
            shutil.rmtree(os.path.join(root, name))
if not compileall.compile_dir(folder, quiet=1, legacy=True, optimize=0):
    raise SystemExit("byte-compiling the live packages failed")
with tarfile.open("/out.tar.gz", "w:gz", format=tarfile.USTAR_FORMAT, compresslevel=9) as tf:
    for root, dirs, files in os.walk(folder):
        dirs.sort()
        for name in sorted(files):
            if name.endswith(".py"):
                continue  # the .pyc beside it is what imports
            path = os.path.join(root, name)
            info = tf.gettarinfo(path, os.path.relpath(path, folder))
            info.mtime, info.uid, info.gid, info.uname, info.gname = 0, 0, 0, "", ""
            with open(path, "rb") as f:
                tf.addfile(info, f)
`);
writeFileSync(out, pyodide.FS.readFile("/out.tar.gz"));
console.log(`packed ${wheels.length} wheels into ${out}`);
