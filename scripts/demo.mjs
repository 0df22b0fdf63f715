#!/usr/bin/env node
/**
 * `npm run demo`: builds and serves the site on http://localhost:3000 with sample content,
 * offline. The local stand-in (the same one the end-to-end tests use) plays the outside
 * hosts; the app is pointed at it through the documented environment variables.
 * The stand-in also plays the radio station on the port the radio page asks for (8076):
 * a short generated chime, looped as a live MP3 stream, with a Now Playing title.
 */
import { spawn } from "node:child_process";
import standIn from "../e2e/env.cjs";

const { appEnv, standInArgs, STAND_IN_URL } = standIn;

const PORT = Number(process.env.PORT ?? 3000);
const children = new Set();

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

const env = appEnv({ siteUrl: process.env.SITE_URL ?? `http://localhost:${PORT}` });
const build = run("npx", ["next", "build"], env);
const buildCode = await new Promise((resolve) => build.on("exit", resolve));
if (buildCode !== 0) stopAll(buildCode ?? 1);

console.log(`\nThe Riverbend Chronicle (sample content) on http://localhost:${PORT}\n`);
const server = run("npx", ["next", "start", "-p", String(PORT)], env);
server.on("exit", (code) => stopAll(code ?? 0));
