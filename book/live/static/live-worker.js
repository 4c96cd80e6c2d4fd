// The live boards' Web Worker: Pyodide running the real boardbook widgets, off the page's thread.
//
// Served from the site's _live/ folder next to pyodide/ (the runtime, from npm),
// packages.tar.gz (boardbook, anywidget, ipywidgets, comm, traitlets, psygnal and the page
// runtime boardbook_live.py, byte-compiled at build time) and snapshot.gz (the interpreter's
// memory with all of that already imported: book/live/snapshot.mjs). Messages from the page
// are queued until Python is ready, then handed to boardbook_live.handle() as JSON text;
// Python's messages come back the same way. See book/live/README.md.

import { loadPyodide } from "./pyodide/pyodide.mjs";
import createPyodideModule from "./pyodide/pyodide.asm.mjs";

const base = new URL("./", import.meta.url);
const started = performance.now();
const seconds = () => Math.round(performance.now() - started) / 1000;
const queue = [];
let handle = null;

self.onmessage = (event) => {
  if (handle) handle(JSON.stringify(event.data));
  else queue.push(event.data);
};

async function fetchBytes(name, gzipped = false) {
  const response = await fetch(new URL(name, base));
  if (!response.ok) throw new Error(`${name}: HTTP ${response.status}`);
  if (!gzipped) return new Uint8Array(await response.arrayBuffer());
  const inflated = response.body.pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(inflated).arrayBuffer());
}

/** Write a ustar archive's files under `dir` (the packages; no Python needed to unpack). */
function untar(bytes, FS, dir) {
  const decoder = new TextDecoder();
  const field = (at, length) => {
    let end = at;
    while (end < at + length && bytes[end]) end++;
    return decoder.decode(bytes.subarray(at, end));
  };
  const made = new Set();
  let offset = 0;
  let files = 0;
  while (offset + 512 <= bytes.length && bytes[offset]) {
    const name = field(offset, 100);
    const size = parseInt(field(offset + 124, 12).trim() || "0", 8);
    const type = bytes[offset + 156];
    const prefix = field(offset + 345, 155);
    const path = `${dir}/${prefix ? `${prefix}/` : ""}${name}`;
    const start = offset + 512;
    if (type === 48 || type === 0) {
      const folder = path.slice(0, path.lastIndexOf("/"));
      if (!made.has(folder)) {
        FS.mkdirTree(folder);
        made.add(folder);
      }
      FS.writeFile(path, bytes.subarray(start, start + size));
      files++;
    }
    offset = start + Math.ceil(size / 512) * 512;
  }
  return files;
}

// Python's output is not the reader's business: keep it out of the console's errors.
const quiet = { stdout: (line) => console.log(line), stderr: (line) => console.warn(line) };
const indexURL = new URL("pyodide/", base).href;

/** Pyodide restored from the build's snapshot (its memory must first be as large as it). */
async function fromSnapshot(snapshot) {
  const grown = async (options) => {
    const module = await createPyodideModule(options);
    if (module.HEAP8.length < snapshot.length) module._free(module._malloc(snapshot.length));
    return module;
  };
  return loadPyodide({ indexURL, packages: [], _loadSnapshot: snapshot, createPyodideModule: grown, ...quiet });
}

async function boot() {
  const timings = {};
  const packages = fetchBytes("packages.tar.gz", true);
  const snapshot = fetchBytes("snapshot.gz", true).catch(() => null);
  let pyodide = null;
  let restored = false;
  const memory = await snapshot;
  timings.download = seconds();
  if (memory) {
    try {
      pyodide = await fromSnapshot(memory);
      restored = true;
    } catch (error) {
      console.warn("boardbook live: starting without the snapshot:", error);
    }
  }
  if (!pyodide) pyodide = await loadPyodide({ indexURL, packages: [], ...quiet });
  timings.runtime = seconds();
  timings.snapshot = restored;
  // The files too (the snapshot holds the imported modules, not the file system).
  const purelib = pyodide.runPython("import sysconfig; sysconfig.get_path('purelib')");
  untar(await packages, pyodide.FS, purelib);
  const live = pyodide.pyimport("boardbook_live");
  if (!restored) live.prepare(false);
  live.start((text) => self.postMessage(JSON.parse(text)));
  timings.python = seconds();
  handle = (text) => live.handle(text);
  self.postMessage({ type: "ready", timings });
  for (const message of queue.splice(0)) handle(JSON.stringify(message));
}

boot().catch((error) => {
  self.postMessage({ type: "failed", message: String((error && error.message) || error) });
});
