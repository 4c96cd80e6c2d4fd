// Bundle every top-level js/<game>.js into ../widgets/boardbook/static/<game>.js (+ .css).
// One self-contained ESM file per game (no code splitting: anywidget loads a single module,
// chunks would be fetched by relative URL and break). `node build.mjs --watch` rebuilds on save.
import { readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import * as esbuild from "esbuild";

const here = dirname(fileURLToPath(import.meta.url));
const outdir = join(here, "..", "widgets", "boardbook", "static");

// Game entries: lower-case names at the top of js/ (config files such as *.config.js excluded).
const entryPoints = readdirSync(here)
  .filter((name) => /^[a-z][a-z0-9_-]*\.js$/.test(name) && !name.includes(".config."))
  .sort()
  .map((name) => join(here, name));

if (entryPoints.length === 0) {
  console.error("build.mjs: no game entry (js/<game>.js) found");
  process.exit(1);
}

const options = {
  entryPoints,
  outdir,
  bundle: true,
  format: "esm",
  splitting: false,
  platform: "browser",
  target: ["es2020"],
  minify: true,
  sourcemap: false,
  legalComments: "none",
  // anywidget#369: a bundled UMD dependency would otherwise see an AMD loader and not export.
  define: { "define.amd": "false" },
  logLevel: "info",
};

if (process.argv.includes("--watch")) {
  const context = await esbuild.context(options);
  await context.watch();
  console.log("build.mjs: watching for changes…");
} else {
  await esbuild.build(options);
}
