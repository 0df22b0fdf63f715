#!/usr/bin/env node
/**
 * `npm run demo`: builds and serves a sample network of two publications with sample content,
 * offline: The Riverbend Chronicle on http://localhost:3000 and The Lakeside Ledger on
 * http://lakeside.localhost:3000 (one build, one server, each publication by its host). The local stand-in (the same one the end-to-end tests use) plays the outside
 * hosts; the app is pointed at it through the documented environment variables.
 * The stand-in also plays the radio station on the port the radio page asks for (8076):
 * a short generated chime, looped as a live MP3 stream, with a Now Playing title.
 * The archive is kept between runs in data/demo/archive.sqlite (the tests' is emptied each
 * run): the sample feeds carry items of the last 10 days, so /archive has days from the first
 * run, and each run adds the days since.
 */
import { spawn } from "node:child_process";
import standIn from "../e2e/env.cjs";

const { appEnv, standInArgs, STAND_IN_URL, writePublicationsFile } = standIn;

/** @import { ChildProcess } from "node:child_process" */

const PORT = Number(process.env.PORT ?? 3000);
/** @type {Set<ChildProcess>} */
const children = new Set();

/** @param {string} command @param {string[]} args @param {Record<string, string>} [env] */
function run(command, args, env = {}) {
  const child = spawn(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  children.add(child);
  child.on("exit", () => children.delete(child));
  return child;
}

function stopAll(code = 0) {
  for (const child of children) child.kill("SIGTERM");
  process.exit(code);
}
process.on("SIGINT", () => stopAll(0));
process.on("SIGTERM", () => stopAll(0));

/** @param {string} url */
async function waitFor(url, attempts = 50) {
  for (let i = 0; i < attempts; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not come up`);
}

run("node", standInArgs({ radio: true }));
await waitFor(`${STAND_IN_URL}/__health`);

const SITE = process.env.SITE_URL ?? `http://localhost:${PORT}`;
// A network of two publications (lib/publication): the Chronicle on localhost and the Lakeside
// Ledger on lakeside.localhost, which browsers resolve to this machine. The build never reads
// the file; the server does, at start.
const LAKESIDE = `http://lakeside.localhost:${PORT}`;
const env = {
  ...appEnv({ siteUrl: SITE, archiveFile: process.env.ARCHIVE_FILE ?? "data/demo/archive.sqlite" }),
  PUBLICATIONS_FILE: writePublicationsFile("demo", { riverbend: SITE, lakeside: LAKESIDE }),
};
const build = run("npx", ["next", "build"], env);
/** @type {number | null} */
const buildCode = await new Promise((resolve) => build.on("exit", resolve));
if (buildCode !== 0) stopAll(buildCode ?? 1);

console.log(
  `\nA sample network: The Riverbend Chronicle on ${SITE} and The Lakeside Ledger on ${LAKESIDE}\n`,
);
const server = run("node", ["server.mjs", "-p", String(PORT)], env);
server.on("exit", (code) => stopAll(code ?? 0));
