/**
 * The one list of the system programs the project's checks need, and the Debian packages that
 * give them. `npm test` (through `scripts/setup.mjs`), `npm run test:unit`, `npm run bench`, its
 * parts and `.ci/run` all read it; nothing else names a package.
 *
 * `npm install && npm run demo` needs none of them.
 */
import { spawnSync } from "node:child_process";
import { accessSync, constants, existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/**
 * `program`: the command looked up; `package`: the Debian (and Ubuntu) package that installs
 * it; `needs`: which commands use it; `why`: one line for the message.
 * @typedef {{ program: string; package: string; needs: Command[]; why: string }} SystemProgram
 * @typedef {"test" | "unit" | "bench"} Command the npm command a program is for: `npm test`,
 *   `npm run test:unit` (Jest alone) and `npm run bench`
 */

/** @type {SystemProgram[]} */
export const SYSTEM_PROGRAMS = [
  {
    program: "chromium",
    package: "chromium",
    needs: ["test", "bench"],
    why: "the end-to-end tests, Lighthouse and the bench's photo bytes (Playwright drives it)",
  },
  {
    program: "icecast2",
    package: "icecast2",
    needs: ["test", "bench"],
    why: "a real radio station for the radio tests and bench",
  },
  {
    program: "ffmpeg",
    package: "ffmpeg",
    needs: ["test", "bench"],
    why: "feeds the test station, and makes the test photos",
  },
  {
    program: "java",
    package: "default-jre-headless",
    needs: ["test"],
    why: "runs the Nu Html Checker (vnu-jar)",
  },
  {
    program: "redis-server",
    package: "redis-server",
    needs: ["test", "unit", "bench"],
    why: "the shared-cache tests and bench start their own Redis",
  },
  {
    program: "postgres",
    package: "postgresql",
    needs: ["test", "unit", "bench"],
    why: "the archive's shared engine: the tests and bench:archive start their own",
  },
  {
    program: "nginx",
    package: "nginx",
    needs: ["test", "bench"],
    why: "the cache tier (deploy/nginx) and the bench's static reference",
  },
  {
    program: "wrk",
    package: "wrk",
    needs: ["bench"],
    why: "load for the benches' throughput figures",
  },
];

/**
 * Folders off PATH where Debian puts a program: PostgreSQL's programs live in
 * /usr/lib/postgresql/<major>/bin (the newest major first), which no PATH names.
 * @type {Record<string, (() => string[]) | undefined>}
 */
const OFF_PATH = {
  postgres: () => {
    const root = "/usr/lib/postgresql";
    try {
      return readdirSync(root)
        .filter((name) => /^\d+$/.test(name))
        .sort((a, b) => Number(b) - Number(a))
        .map((major) => path.join(root, major, "bin"));
    } catch {
      return [];
    }
  },
};

/**
 * Where a program is found: the directories of `PATH`, then the system's sbin folders (nginx
 * lives in /usr/sbin, which a user's PATH often lacks), then the program's own folders off
 * PATH (OFF_PATH). Undefined when it is nowhere.
 * @param {string} program
 * @param {NodeJS.ProcessEnv} [env]
 * @returns {string | undefined}
 */
export function locate(program, env = process.env) {
  const dirs = [
    ...(env.PATH ?? "").split(path.delimiter).filter(Boolean),
    "/usr/local/sbin",
    "/usr/sbin",
    "/sbin",
    ...(OFF_PATH[program]?.() ?? []),
  ];
  for (const dir of dirs) {
    const file = path.join(dir, program);
    try {
      accessSync(file, constants.X_OK);
      return file;
    } catch {
      // not here
    }
  }
  return undefined;
}

/**
 * The entries of the list that `command` needs and that are not on this machine.
 * @param {string} command
 * @param {NodeJS.ProcessEnv} [env]
 */
export function missingPrograms(command, env = process.env) {
  return SYSTEM_PROGRAMS.filter(
    (entry) =>
      /** @type {string[]} */ (entry.needs).includes(command) && !locate(entry.program, env),
  );
}

/** Debian or Ubuntu (or a derivative): the only systems whose package names the list gives. */
function isDebianLike() {
  try {
    const release = readFileSync("/etc/os-release", "utf8");
    return /^(ID|ID_LIKE)=.*\b(debian|ubuntu)\b/m.test(release);
  } catch {
    return existsSync("/etc/debian_version");
  }
}

/**
 * How this process may install packages: as root, with `sudo` that asks for no password, or
 * not at all (another system, no apt-get, or a user without those rights).
 * @param {NodeJS.ProcessEnv} env
 */
function installer(env) {
  const aptGet = locate("apt-get", env);
  if (!aptGet || !isDebianLike()) return undefined;
  if (process.getuid?.() === 0) return { prefix: [], aptGet };
  const sudo = locate("sudo", env);
  if (sudo && spawnSync(sudo, ["-n", "true"], { stdio: "ignore", env }).status === 0) {
    // sudo resets the environment: apt-get is told to ask nothing through `env` instead.
    const envProgram = locate("env", env);
    const quiet = envProgram ? [envProgram, "DEBIAN_FRONTEND=noninteractive"] : [];
    return { prefix: [sudo, "-n", ...quiet], aptGet };
  }
  return undefined;
}

/** How a reader types `command`. @param {string} command */
export function npmCommand(command) {
  return { test: "npm test", unit: "npm run test:unit" }[command] ?? `npm run ${command}`;
}

/** The one command that installs `packages`. @param {string[]} packages */
export function installCommand(packages) {
  return `sudo apt-get install -y --no-install-recommends ${packages.join(" ")}`;
}

/**
 * Makes sure the programs `command` needs are here. Installs the missing ones where it can and
 * says so in one line; anywhere else throws one message naming each missing program and the
 * command that installs them all.
 * @param {string} command
 * @param {{ env?: NodeJS.ProcessEnv; log?: (line: string) => void }} [options]
 * @returns {string[]} the packages installed
 */
export function ensureSystemPrograms(command, { env = process.env, log = console.log } = {}) {
  const missing = missingPrograms(command, env);
  if (missing.length === 0) return [];
  const packages = [...new Set(missing.map((entry) => entry.package))];
  const how = installer(env);
  if (how) {
    log(
      `setup: installing ${packages.join(", ")} from Debian's packages (${missing.map((entry) => entry.program).join(", ")} missing for ${npmCommand(command)})`,
    );
    const aptEnv = { ...env, DEBIAN_FRONTEND: "noninteractive" };
    const apt = (/** @type {string[]} */ args) => {
      const [file, ...rest] = [...how.prefix, how.aptGet, ...args];
      // The list holds apt-get at least: `file` is a program.
      return spawnSync(/** @type {string} */ (file), rest, {
        stdio: ["ignore", "ignore", "inherit"],
        env: aptEnv,
      }).status;
    };
    // The package lists may be absent on a fresh machine: read them first.
    if (
      apt(["update", "-qq"]) === 0 &&
      apt(["install", "-y", "-qq", "--no-install-recommends", ...packages]) === 0
    ) {
      const still = missingPrograms(command, env);
      if (still.length === 0) return packages;
      throw new Error(
        failure(command, still, "apt-get installed the packages but these are still not found"),
      );
    }
    throw new Error(failure(command, missing, "apt-get could not install them"));
  }
  throw new Error(failure(command, missing));
}

/** @param {string} command @param {SystemProgram[]} missing @param {string} [reason] */
function failure(command, missing, reason) {
  const packages = [...new Set(missing.map((entry) => entry.package))];
  const lines = missing.map(
    (entry) => `  ${entry.program.padEnd(13)} (${entry.package}): ${entry.why}`,
  );
  return [
    `${npmCommand(command)} needs programs this machine does not have${reason ? ` (${reason})` : ""}:`,
    ...lines,
    `Install them all with:`,
    `  ${installCommand(packages)}`,
    ...(isDebianLike()
      ? []
      : [
          "(Those are Debian and Ubuntu package names; on another system install the same programs.)",
        ]),
  ].join("\n");
}

/**
 * ensureSystemPrograms for a script: on failure, prints the message and exits with 1.
 * @param {string} command
 */
export function requireSystemPrograms(command) {
  try {
    return ensureSystemPrograms(command);
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}
