import type { KnipConfig } from "knip";

/**
 * Unused files, exports, types and dependencies, checked by `npm run lint` twice:
 *
 * - `knip`: the whole repository, tests and tools included (their entries below, and the
 *   plugins': Next's app router files, proxy.ts and instrumentation.ts, Jest's *.test.ts,
 *   Playwright's specs and the web servers its config starts, the package.json scripts).
 * - `knip --production`: only what ships, the entries marked `!` and Next's own, over the
 *   project files marked `!` (app/, components/, lib/ and the root files that run in
 *   production). Tests, e2e/ and scripts/ are not in it, so an export of lib/ that only a test
 *   or a spec uses is reported here: production code that nothing in production calls.
 *
 * The non-production project patterns must not overlap the production ones: in production mode
 * each is negated, and a broad one would take the production files away with it.
 */
const config: KnipConfig = {
  entry: [
    // Next loads it when building and starting, so what it imports is production code. knip's
    // next plugin would take it as a configuration file, which production mode leaves out:
    // the plugin is told of no configuration file (`next` below) and this names it instead.
    "next.config.mjs!",
    // next.config.mjs names the cache handler by file URL, not by import.
    "lib/cache/cache-handler.mjs!",
    // Tools an npm script runs, or that one of them spawns, or that an editor runs by hand
    // (scripts/generate-*.mjs). server.mjs comes from the `start` script, the stand-in and the
    // station from playwright.config.ts's webServer commands.
    "scripts/*.mjs",
    "e2e/redis/*.cjs",
    // The trivial Next app the benches build beside the site (scripts/bench*.mjs).
    "bench/trivial/next.config.mjs",
    "bench/trivial/app/**/{layout,page,route}.{js,jsx}",
  ],
  project: [
    "{app,components,lib}/**/*.{ts,tsx,mts,mjs}!",
    "{server.mjs,proxy.ts,instrumentation.ts,instrumentation-node.ts,next.config.mjs}!",
    "{e2e,scripts,bench}/**/*.{ts,tsx,mts,cts,js,jsx,mjs,cjs}",
    // Helpers the tests import (test-support/archive-engines.ts): test code, checked as such.
    "test-support/**/*.ts",
  ],
  // The plugin still makes Next's own files entries (app router files, proxy.ts,
  // instrumentation.ts), in production mode too.
  next: { config: [] },
  // A function the module itself calls and also exports for its unit tests is production code:
  // the export is the tests' way in, not code only they run. What nothing in production calls
  // at all is still reported.
  ignoreExportsUsedInFile: true,
  // The stand-in's CommonJS catalogues are read by destructuring their default import
  // (`const { itemPhoto } = catalogue`), which knip does not follow: its exports would be
  // reported unused though the stand-in's servers use them. Test support, not production.
  ignoreIssues: { "e2e/stand-in/**": ["exports", "types"] },
  // System programs (scripts/system-programs.mjs), not npm packages.
  ignoreBinaries: ["redis-cli", "getent", "ss", "wrk", "ffmpeg"],
};

export default config;
