#!/usr/bin/env node
/**
 * `node scripts/setup.mjs <test|bench>`: what `npm test` and `npm run bench` do first (npm's
 * `pretest` and `prebench`), and `.ci/run` too.
 *  1. The Node.js the scripts run on is the project's line (package.json `engines`): npm puts
 *     node_modules/.bin first on a script's PATH, and the `node` package there is that line's
 *     own binary, so this holds even where the system's Node is older.
 *  2. The system programs of scripts/system-programs.mjs: installed where this process may
 *     (root, or sudo without a password, on Debian or Ubuntu), with one line saying so;
 *     anywhere else it stops at once with one message naming each missing program and the one
 *     command that installs them all.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { npmCommand, requireSystemPrograms } from "./system-programs.mjs";

const root = path.resolve(import.meta.dirname, "..");
const command = process.argv[2] ?? "test";
if (!["test", "unit", "bench"].includes(command)) {
  console.error(`usage: node scripts/setup.mjs <test|unit|bench> (not "${command}")`);
  process.exit(2);
}

/**
 * `^X.Y.Z` (the form package.json's engines uses): same major, at least X.Y.Z.
 * @param {string} version @param {string} range
 */
function satisfiesCaret(version, range) {
  const wanted = range.match(/^\^(\d+)\.(\d+)\.(\d+)$/);
  if (!wanted) throw new Error(`package.json engines.node should read ^X.Y.Z, not "${range}"`);
  const have = version.replace(/^v/, "").split(".").map(Number);
  const want = wanted.slice(1).map(Number);
  if (have[0] !== want[0]) return false;
  for (let i = 1; i < 3; i++) {
    // Both have three parts: Node's version is X.Y.Z, and the range matched three.
    if (have[i] !== want[i])
      return /** @type {number} */ (have[i]) > /** @type {number} */ (want[i]);
  }
  return true;
}

const { engines } = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
if (!satisfiesCaret(process.version, engines.node)) {
  console.error(
    [
      `This project runs on Node.js ${engines.node}; this is ${process.version} (${process.execPath}).`,
      `npm install puts that Node in node_modules/.bin (the "node" package) and npm's scripts run on it:`,
      `run \`npm install\`, then \`${npmCommand(command)}\` (not the script with the system's node).`,
    ].join("\n"),
  );
  process.exit(1);
}

requireSystemPrograms(command);
