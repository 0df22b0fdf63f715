/**
 * The import rules of docs/architecture.md ("Folders"), checked by `npm run lint`.
 *
 * - No cycles, anywhere in the repository.
 * - lib/ never imports app/ or components/.
 * - Outside its own folder, a folder of lib/ is reached through its front door,
 *   lib/<folder>/index.ts, from app/, components/, the root files (proxy.ts, next.config.mjs,
 *   instrumentation*.ts, server.mjs) and the other folders of lib/ alike. A file at the top of
 *   lib/ (lib/env.ts, lib/dates.ts, ...) is its own front door.
 *
 * Doors by path, the only exceptions, each for a reason the front door cannot serve:
 * - UNBUNDLED: .mjs modules that Next (the cache handler) or server.mjs load as they are, so they
 *   must be imported by their file and cannot hide behind a TypeScript index.
 * - BROWSER_SAFE: small files a client component imports (lib/radio-texts.ts, lib/sitemap-texts.ts: the radio's texts
 *   and timings). Each imports nothing (rule below), so the browser's bundle carries only those
 *   values, where the front door would bring the server's modules with it. A folder that needs
 *   one names it here.
 * - proxy.ts runs before routing on its own few addresses; it takes the blog's pagination rules
 *   (lib/blog/pagination.ts, pure) by path rather than the blog's whole data layer.
 *
 * Tests (*.test.ts), e2e/ and scripts/ may reach inner files, as they test or run them; they
 * still may not make a cycle, and lib/'s tests still may not import app/ or components/.
 */
const UNBUNDLED = [
  "^lib/cache/[^/]+\\.mjs$",
  "^lib/serving/compressed-pages\\.mjs$",
  "^lib/serving/router-state\\.mjs$",
  "^lib/publication/publications-file\\.mjs$",
  "^lib/publication/hosts\\.mjs$",
  "^lib/publication/validated-files\\.mjs$",
  "^lib/publication/validate-in-thread\\.mjs$",
  "^lib/process/singleton\\.mjs$",
  "^lib/validation/rules\\.mjs$",
];
const BROWSER_SAFE = ["^lib/radio-texts\\.ts$", "^lib/sitemap-texts\\.ts$"];
const DOORS = ["^lib/[^/]+/index\\.ts$", ...UNBUNDLED, ...BROWSER_SAFE];

const TESTS_AND_TOOLS = ["\\.test\\.tsx?$", "^e2e/", "^scripts/"];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "A module reaches itself through others: two concerns tangled.",
      from: {},
      to: { circular: true },
    },
    {
      name: "lib-not-to-app-or-components",
      severity: "error",
      comment: "lib/ is the domain and data layer; routes and UI import it, never the reverse.",
      from: { path: "^lib/" },
      to: { path: "^(app|components)/" },
    },
    {
      name: "front-door-from-outside-lib",
      severity: "error",
      comment: "Reach a folder of lib/ through its index.ts (or a door listed in this file).",
      from: {
        path: "^(app/|components/|[^/]+\\.(ts|tsx|mjs)$)",
        pathNot: [...TESTS_AND_TOOLS, "^proxy\\.ts$"],
      },
      to: { path: "^lib/[^/]+/", pathNot: DOORS },
    },
    {
      name: "front-door-from-proxy",
      severity: "error",
      comment: "proxy.ts: front doors, and the pure rules it needs before routing.",
      from: { path: "^proxy\\.ts$" },
      to: { path: "^lib/[^/]+/", pathNot: [...DOORS, "^lib/blog/pagination\\.ts$"] },
    },
    {
      name: "front-door-between-lib-folders",
      severity: "error",
      comment: "Another folder of lib/ is reached through its index.ts (or a door listed here).",
      from: { path: "^lib/([^/]+)/", pathNot: TESTS_AND_TOOLS },
      to: { path: "^lib/[^/]+/", pathNot: ["^lib/$1/", ...DOORS] },
    },
    {
      name: "news-rooms-through-their-doors",
      severity: "error",
      comment:
        "A room of lib/news (ingest/, store/, schedule/, websub/, …) reaches another room " +
        "through that room's index.ts; sections.ts and types.ts are the whole folder's vocabulary.",
      from: { path: "^lib/news/([^/]+)/", pathNot: TESTS_AND_TOOLS },
      to: { path: "^lib/news/[^/]+/", pathNot: ["^lib/news/$1/", "^lib/news/[^/]+/index\\.ts$"] },
    },
    {
      name: "news-rooms-not-through-the-folder-door",
      severity: "error",
      comment:
        "lib/news/index.ts is the door for everyone else; a room inside uses the rooms' doors.",
      from: { path: "^lib/news/[^/]+/", pathNot: TESTS_AND_TOOLS },
      to: { path: "^lib/news/index\\.ts$" },
    },
    {
      name: "front-door-from-lib-top-files",
      severity: "error",
      comment: "lib/env.ts and its neighbours reach a folder of lib/ through its index.ts too.",
      from: { path: "^lib/[^/]+\\.(ts|tsx|mjs)$", pathNot: TESTS_AND_TOOLS },
      to: { path: "^lib/[^/]+/", pathNot: DOORS },
    },
    {
      name: "browser-safe-door-imports-nothing",
      severity: "error",
      comment: "A browser-safe door is imported by client components: it brings nothing along.",
      from: { path: BROWSER_SAFE },
      to: {},
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: {
      path: [
        "(^|/)\\.next/",
        "^node_modules/",
        "^test-results/",
        "^playwright-report/",
        "^e2e/\\.tmp/",
      ],
    },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".mts", ".mjs", ".js", ".cjs", ".d.ts", ".json"],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
