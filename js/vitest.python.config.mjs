// Runs js/tests/python/*.check.js on real Python snapshots (tests/test_js_units.py writes them
// and passes their path in BB_PY_SNAPSHOTS); not part of `npm test`, which needs no Python.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    environment: "jsdom",
    include: ["tests/python/**/*.check.js"],
  },
});
