#!/usr/bin/env node
/**
 * `npm run start:cached`: the production server behind the cache tier, on one machine.
 * The production server (server.mjs, `npm start`) listens on 127.0.0.1:NEXT_PORT (default 3001) and Debian's nginx on PORT
 * (default 3000) with deploy/nginx/riverbend.conf, the file operators install, its addresses
 * rewritten to these ports and a temporary folder for the cache, logs and sockets. Ctrl-C or
 * SIGTERM stops both and removes the folder. Build first (`npm run build`).
 *
 * nginx opens its port only once the app answers (GET /api/health), so no reader meets a tier
 * whose app is still starting. Should the app restart later, nginx answers from its stored
 * copies, or with a page that retries by itself (503, Retry-After), never a 502.
 *
 * `--no-app` starts only nginx, in front of an app that is already running on NEXT_PORT (the
 * end-to-end tests and the benchmark use it that way).
 */
import { spawn, spawnSync } from "node:child_process";
import {
  chownSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const PORT = Number(process.env.PORT ?? 3000);
const NEXT_PORT = Number(process.env.NEXT_PORT ?? 3001);
const withApp = !process.argv.includes("--no-app");
const NGINX = process.env.NGINX_BIN ?? "/usr/sbin/nginx";
const root = path.resolve(import.meta.dirname, "..");

/**
 * The shipped file with its install-time addresses replaced by this run's. `nextPorts` puts
 * several instances behind the tier (`npm run soak` runs two), in place of `nextPort`.
 * @param {string} source
 * @param {{ port: number; nextPort?: number; nextPorts?: (number | undefined)[]; dir: string }} where
 */
export function localConfig(source, { port, nextPort, nextPorts = [nextPort], dir }) {
  /** @type {[from: string, to: string][]} */
  const replacements = [
    ["    listen 80;\n", `    listen 127.0.0.1:${port};\n`],
    ["    listen [::]:80;\n", ""],
    ["server 127.0.0.1:3001;", nextPorts.map((each) => `server 127.0.0.1:${each};`).join("\n    ")],
    ["/var/cache/nginx/riverbend", path.join(dir, "cache")],
  ];
  let text = source;
  for (const [from, to] of replacements) {
    if (!text.includes(from))
      throw new Error(`deploy/nginx/riverbend.conf no longer has "${from.trim()}"`);
    text = text.split(from).join(to);
  }
  return text.split("/run/nginx-riverbend-gate.sock").join(path.join(dir, "gate.sock"));
}

/** nginx's main file around the site's, every path in `dir`. @param {string} dir */
export function mainConfig(dir) {
  const asRoot = process.getuid?.() === 0;
  return `# Written by scripts/start-cached.mjs for one run; removed when it stops.
${asRoot ? "user nobody nogroup;\n" : ""}worker_processes auto;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    sendfile on;
    tcp_nopush on;
    keepalive_requests 10000;
    access_log ${dir}/access.log;
    client_body_temp_path ${dir}/body;
    proxy_temp_path ${dir}/proxy;
    fastcgi_temp_path ${dir}/fastcgi;
    uwsgi_temp_path ${dir}/uwsgi;
    scgi_temp_path ${dir}/scgi;
    include ${dir}/riverbend.conf;
}
`;
}

/**
 * Resolves once `url` answers at all (the app is listening and routing); polls every 100 ms.
 * @param {string} url
 */
export async function appAnswering(url) {
  for (;;) {
    try {
      await fetch(url, { signal: AbortSignal.timeout(2_000) });
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** @param {string} target @param {number} uid @param {number} gid */
export function chownTree(target, uid, gid) {
  chownSync(target, uid, gid);
  for (const entry of readdirSync(target, { withFileTypes: true })) {
    const full = path.join(target, entry.name);
    if (entry.isDirectory()) chownTree(full, uid, gid);
    else chownSync(full, uid, gid);
  }
}

if (import.meta.main ?? process.argv[1] === import.meta.filename) {
  const dir = mkdtempSync(path.join(tmpdir(), "riverbend-nginx-"));
  mkdirSync(path.join(dir, "cache"));
  const source = readFileSync(path.join(root, "deploy/nginx/riverbend.conf"), "utf8");
  writeFileSync(
    path.join(dir, "riverbend.conf"),
    localConfig(source, { port: PORT, nextPort: NEXT_PORT, dir }),
  );
  writeFileSync(path.join(dir, "nginx.conf"), mainConfig(dir));
  // Workers drop to nobody when started as root: they must be able to write the cache.
  if (process.getuid?.() === 0) chownTree(dir, 65534, 65534);

  const test = spawnSync(NGINX, ["-t", "-q", "-p", dir, "-c", path.join(dir, "nginx.conf")], {
    encoding: "utf8",
  });
  if (test.status !== 0) {
    console.error(test.stderr || test.stdout);
    rmSync(dir, { recursive: true, force: true });
    process.exit(1);
  }

  /** @type {import("node:child_process").ChildProcess[]} */
  const children = [];
  let stopping = false;
  /** @param {number} code */
  function stop(code) {
    if (stopping) return;
    stopping = true;
    for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
    // nginx removes its socket and pid file on a clean stop; the folder goes after.
    setTimeout(() => {
      rmSync(dir, { recursive: true, force: true });
      process.exit(code);
    }, 300);
  }
  /** @param {string} command @param {string[]} args @param {Record<string, string>} [env] */
  function run(command, args, env = {}) {
    const child = spawn(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
    children.push(child);
    child.on("exit", (code) => stop(code ?? 1));
    return child;
  }
  process.on("SIGINT", () => stop(0));
  process.on("SIGTERM", () => stop(0));

  if (withApp) {
    // As `npm start`: glibc's arenas for the archive's threads kept to two (docs/memory.md).
    run(
      process.execPath,
      [path.join(root, "server.mjs"), "-p", String(NEXT_PORT), "-H", "127.0.0.1"],
      { MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? "2" },
    );
    await appAnswering(`http://127.0.0.1:${NEXT_PORT}/api/health`);
  }
  if (stopping) await new Promise(() => undefined);
  run(NGINX, ["-p", dir, "-c", path.join(dir, "nginx.conf")]);
  console.log(
    `The Riverbend Chronicle behind its cache tier on http://127.0.0.1:${PORT} ` +
      `(app on 127.0.0.1:${NEXT_PORT}${withApp ? "" : ", started elsewhere"}; nginx files in ${dir})`,
  );
}
