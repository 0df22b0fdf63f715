/**
 * scripts/setup.mjs, what `npm test` and `npm run bench` run first, on a machine that lacks
 * the system programs: a PATH that holds only Node hides everything in /usr/bin. It either
 * installs them (root or sudo, Debian) or stops within seconds with one message.
 */
import { spawnSync } from "node:child_process";
import {
  chmodSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { locate, SYSTEM_PROGRAMS } from "./system-programs.mjs";

const SETUP = path.join(__dirname, "setup.mjs");
/**
 * What a PATH of Node alone still finds: programs in the sbin folders (nginx on Debian) and
 * off PATH (PostgreSQL's).
 */
const offPath = (program: string) =>
  locate(program, { PATH: "" } as unknown as NodeJS.ProcessEnv) !== undefined;
const forTest = SYSTEM_PROGRAMS.filter((entry) => entry.needs.includes("test"));
const hidden = forTest.filter((entry) => !offPath(entry.program));

let dir: string;
let nodeOnly: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "setup-test-"));
  nodeOnly = path.join(dir, "node-only");
  spawnSync("mkdir", [nodeOnly]);
  symlinkSync(process.execPath, path.join(nodeOnly, "node"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function setup(PATH: string, command = "test") {
  const started = performance.now();
  const result = spawnSync(process.execPath, [SETUP, command], {
    env: { PATH, HOME: dir } as unknown as NodeJS.ProcessEnv,
    encoding: "utf8",
    timeout: 20_000,
  });
  return { ...result, seconds: (performance.now() - started) / 1000 };
}

test("the list names a Debian package for each program, and what the test command needs", () => {
  expect(forTest.map((entry) => entry.program).sort()).toEqual(
    ["chromium", "ffmpeg", "icecast2", "java", "nginx", "postgres", "redis-server"].sort(),
  );
  // Load generation is the bench's alone: no check of npm test depends on throughput.
  expect(SYSTEM_PROGRAMS.find((entry) => entry.program === "wrk")?.needs).toEqual(["bench"]);
  for (const entry of SYSTEM_PROGRAMS) expect(entry.package).toMatch(/^[a-z0-9][a-z0-9.+-]+$/);
});

test("npm run test:unit (Jest alone) needs only the programs its tests start", () => {
  const forUnit = SYSTEM_PROGRAMS.filter((entry) => entry.needs.includes("unit"));
  expect(forUnit.map((entry) => entry.program).sort()).toEqual(["postgres", "redis-server"]);
  for (const entry of forUnit) expect(entry.needs).toContain("test");
  const unitHidden = hidden.filter((entry) => forUnit.includes(entry));
  const result = setup(nodeOnly, "unit");
  if (unitHidden.length === 0) {
    // PostgreSQL's and Redis's binaries off this PATH (Debian's folders): nothing to say.
    expect(result.status).toBe(0);
    return;
  }
  expect(result.status).toBe(1);
  expect(result.stderr).toContain("npm run test:unit needs programs this machine does not have");
  for (const entry of unitHidden) expect(result.stderr).toContain(`  ${entry.program} `);
  expect(result.stderr).not.toContain("  chromium ");
});

test("with no way to install, it stops within seconds naming each missing program and one command", () => {
  // No apt-get and no sudo on this PATH: nothing can be installed, whoever runs it.
  expect(hidden.length).toBeGreaterThan(0);
  const result = setup(nodeOnly);
  expect(result.status).toBe(1);
  expect(result.seconds).toBeLessThan(5);
  const message = result.stderr;
  for (const entry of hidden) expect(message).toContain(`  ${entry.program} `);
  for (const entry of forTest.filter((e) => !hidden.includes(e))) {
    expect(message).not.toContain(`  ${entry.program} `);
  }
  const packages = [...new Set(hidden.map((entry) => entry.package))];
  const commands = message.split("\n").filter((line) => line.includes("apt-get install"));
  expect(commands).toEqual([
    `  sudo apt-get install -y --no-install-recommends ${packages.join(" ")}`,
  ]);
  expect(result.stdout).toBe("");
});

const debian = existsSync("/etc/debian_version");
(debian ? test : test.skip)(
  "where it can install (root, or sudo without a password, on Debian), it installs what is missing and says so in one line",
  () => {
    // A stand-in for Debian's tools on the PATH: sudo that runs its command, apt-get that
    // records its calls and, for `install`, puts each package's program on the PATH.
    const stubs = path.join(dir, "stubs");
    const installed = path.join(dir, "installed");
    const calls = path.join(dir, "apt-calls.log");
    spawnSync("mkdir", [stubs, installed]);
    const script = (name: string, body: string) => {
      writeFileSync(path.join(stubs, name), `#!${process.execPath}\n${body}`);
      chmodSync(path.join(stubs, name), 0o755);
    };
    script(
      "sudo",
      `const args = process.argv.slice(2).filter((a) => a !== "-n");
if (args.length === 1 && args[0] === "true") process.exit(0);
const r = require("node:child_process").spawnSync(args[0], args.slice(1), { stdio: "inherit" });
process.exit(r.status ?? 1);`,
    );
    const programOf = Object.fromEntries(SYSTEM_PROGRAMS.map((e) => [e.package, e.program]));
    script(
      "apt-get",
      `const fs = require("node:fs");
const args = process.argv.slice(2);
fs.appendFileSync(${JSON.stringify(calls)}, args.join(" ") + "\\n");
if (process.env.DEBIAN_FRONTEND !== "noninteractive") process.exit(3);
if (args[0] === "install") {
  const programOf = ${JSON.stringify(programOf)};
  for (const pkg of args.filter((a) => !a.startsWith("-")).slice(1)) {
    const file = require("node:path").join(${JSON.stringify(installed)}, programOf[pkg]);
    fs.writeFileSync(file, "#!/bin/sh\\n");
    fs.chmodSync(file, 0o755);
  }
}`,
    );
    const result = setup([nodeOnly, stubs, installed].join(path.delimiter));
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
    const packages = [...new Set(hidden.map((entry) => entry.package))];
    const lines = result.stdout.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      new RegExp(`^setup: installing ${packages.join(", ")} from Debian's packages`),
    );
    expect(readFileSync(calls, "utf8").trim().split("\n")).toEqual([
      "update -qq",
      `install -y -qq --no-install-recommends ${packages.join(" ")}`,
    ]);
    // Run again: everything is there now, so it says nothing and installs nothing.
    const again = setup([nodeOnly, stubs, installed].join(path.delimiter));
    expect(again.status).toBe(0);
    expect(again.stdout).toBe("");
    expect(readFileSync(calls, "utf8").trim().split("\n")).toHaveLength(2);
  },
);

const systemNode = "/usr/bin/node";
const otherLine =
  existsSync(systemNode) &&
  spawnSync(systemNode, ["-p", "process.versions.node.split('.')[0]"], {
    encoding: "utf8",
  }).stdout.trim() !== process.versions.node.split(".")[0];
(otherLine ? test : test.skip)(
  "run on another Node line (the system's), it says how to run it on the project's",
  () => {
    const result = spawnSync(systemNode, [SETUP, "test"], { encoding: "utf8" });
    expect(result.status).toBe(1);
    const { engines } = JSON.parse(
      readFileSync(path.join(__dirname, "..", "package.json"), "utf8"),
    );
    expect(result.stderr).toContain(`This project runs on Node.js ${engines.node}`);
    expect(result.stderr).toContain("npm install");
  },
);
