#!/usr/bin/env node
/**
 * `npm start`: the production server. Next.js behind one host check, so one build serves every
 * publication of the network, each by its Host (see docs/network.md).
 *
 *   node server.mjs [-p 3000] [-H 0.0.0.0]
 *
 * For each request it
 *  - lets GET /api/health through whatever the host (load balancers ask by address);
 *  - finds the publication the Host header names (port ignored; PUBLICATIONS_FILE, validated
 *    at start), or the one embedded publication when there is no file (any host);
 *  - answers 421 Misdirected Request for a host that is no publication's: nothing is rendered
 *    or stored for it;
 *  - answers 400 for a Next-Router-State-Tree header Next cannot parse, which Next would
 *    answer 500 (lib/serving/router-state.mjs, vercel/next.js#92907);
 *  - passes the publication's key to Next in the `publication` request header, which it always
 *    overwrites (a reader cannot choose it), and which the one rewrite in next.config.mjs turns
 *    into the route segment app/[publication]: pages are then cached per publication like any page.
 *
 * X-Forwarded-Host and Forwarded never choose a publication and are removed before Next sees
 * the request, unless TRUST_FORWARDED_HOST=1 says a trusted proxy in front sets them.
 *
 * A plain Node module (no TypeScript, no Next import at the top) because it runs before Next
 * and must start in milliseconds; the check per request is one Map lookup.
 */
import http from "node:http";
import module from "node:module";
import { hostKey, requestHostKey } from "./lib/publication/hosts.mjs";
import { validateInThread } from "./lib/publication/validate-in-thread.mjs";
import compression from "compression";
import { processSingleton } from "./lib/process/singleton.mjs";
import { CompressedPages, compressResponse } from "./lib/serving/compressed-pages.mjs";
import { refuseUnparseableRouterState } from "./lib/serving/router-state.mjs";

/** @import { IncomingMessage, ServerResponse } from "node:http" */
/** @import { ShutdownTasks } from "./lib/process/shutdown.ts" */

const argv = process.argv.slice(2);
/** @template T @param {string} short @param {string} long @param {T} fallback @returns {string | T} */
function option(short, long, fallback) {
  const index = argv.findIndex((arg) => arg === short || arg === long);
  const value = index >= 0 ? argv[index + 1] : undefined;
  return value || fallback;
}
const port = Number(option("-p", "--port", process.env.PORT ?? 3000));
const hostname = option("-H", "--hostname", process.env.HOSTNAME ?? "0.0.0.0");
// The project folder is where it is started, as for `next start` (a test instance runs a copy).
const dir = process.cwd();

// Before Next and React load: they pick their production builds from it.
// Next's types make NODE_ENV read-only (for the app's code): a cast lets it be set here.
/** @type {Record<string, string | undefined>} */ (process.env).NODE_ENV = "production";
// V8's compiled code for every module loaded from here on (Next's server, the app's chunks, their
// packages) kept on disk and reused by the next start: a restarted instance answers sooner.
// Node's own cache (module.enableCompileCache), in its default folder under the system's temp
// folder, or NODE_COMPILE_CACHE's; a cache it cannot use is skipped, never an error.
module.enableCompileCache?.();
// The publications file (PUBLICATIONS_FILE) validated on the second core while Next loads and
// prepares here (the app waits for it before its first read of the file): a network's thousands
// of publications took this thread about 0.3 s at every start.
const publicationsFile = process.env.PUBLICATIONS_FILE?.trim();
const validating = publicationsFile ? validateInThread(publicationsFile) : null;
const { default: next } = await import("next");
// Compression is done here, not by Next (next.config.mjs `compress: false`): the `compression`
// middleware, with pages sent in one piece compressed once (lib/serving/compressed-pages.mjs).
// It releases its zlib stream itself when a client leaves early (compression 1.8).
// Typed as Express middleware, it uses only Node's request and response: a cast says so.
const compress =
  /** @type {(req: IncomingMessage, res: ServerResponse, next: () => void) => void} */ (
    compression()
  );
const compressedPages = new CompressedPages();

let embeddedKey = "localhost";
try {
  embeddedKey = hostKey(new URL(process.env.SITE_URL?.trim() || "http://localhost:3000").hostname);
} catch {
  // lib/env.ts reports a malformed SITE_URL at start and stops the server.
}
const trustForwarded = process.env.TRUST_FORWARDED_HOST?.trim() === "1";

const MISDIRECTED = "This host is not a publication of this network.\n";

/**
 * Host → publication key (null: the embedded publication answers any host), once Next is
 * prepared and the thread is done. A mistake in the file stops the server here, before it
 * listens (the app's instrumentation runs after prepare, on the file already validated).
 */
async function hostTable() {
  if (!validating) return null;
  // A thread that could not run is an error like any other at start: the server stops with it.
  const found = await validating;
  if ("problems" in found) {
    for (const problem of found.problems) console.error(`PUBLICATIONS_FILE: ${problem}`);
    console.error('Invalid publications file: see README.md, "Running a network".');
    process.exit(1);
  }
  return new Map(found.publications.map(({ key }) => [key, key]));
}

const app = next({ dev: false, dir, hostname, port });
await app.prepare();
const table = await hostTable();
const handle = app.getRequestHandler();

/** @param {IncomingMessage} req @returns {string | null} */
function publicationOf(req) {
  let host = req.headers.host;
  if (trustForwarded) {
    const forwarded = req.headers["x-forwarded-host"];
    if (typeof forwarded === "string" && forwarded)
      host = /** @type {string} split() gives at least one */ (forwarded.split(",")[0]).trim();
  }
  if (table === null) return embeddedKey;
  return table.get(requestHostKey(host)) ?? null;
}

const server = http.createServer((req, res) => {
  const headers = req.headers;
  delete headers["publication"];
  const key = publicationOf(req);
  if (!trustForwarded) {
    delete headers["x-forwarded-host"];
    delete headers.forwarded;
  }
  if (key === null) {
    // Health checks, and WebSub hubs at WEBSUB_CALLBACK_ORIGIN: the deployment's, not a publication's.
    if (
      req.url === "/api/health" ||
      req.url?.startsWith("/api/health?") ||
      req.url?.startsWith("/api/websub/")
    ) {
      handle(req, res);
      return;
    }
    res.writeHead(421, {
      "content-type": "text/plain; charset=utf-8",
      "cache-control": "no-store",
      "content-length": Buffer.byteLength(MISDIRECTED),
    });
    res.end(req.method === "HEAD" ? undefined : MISDIRECTED);
    return;
  }
  // Next would answer it 500 (vercel/next.js#92907): a bad request, answered 400 here.
  if (refuseUnparseableRouterState(req, res)) return;
  headers["publication"] = key;
  compressResponse(req, res, compress, compressedPages);
  handle(req, res);
});

server.listen(port, hostname, () => {
  const where = table ? `${table.size} publications` : `the embedded publication (${embeddedKey})`;
  console.log(`▲ Ready on http://${hostname}:${port}, serving ${where}`);
});

/**
 * Stops taking requests, then runs what the app asked to run before exit (lib/process
 * shutdown.ts: the archive writes what it has queued and ends its threads), then exits, within
 * 5 s whatever happens.
 */
async function stop() {
  setTimeout(() => process.exit(0), 5_000).unref();
  const closed = new Promise((resolve) => server.close(resolve));
  /** @type {ShutdownTasks} */
  const { tasks } = processSingleton("shutdown-tasks", () => ({ tasks: [] }));
  // One after another, as they were registered; a task may add one (an engine opened to
  // write the last flush adds its own close).
  for (let task = tasks.shift(); task; task = tasks.shift()) await task().catch(() => undefined);
  await closed;
  process.exit(0);
}
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
