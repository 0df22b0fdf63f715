// @ts-check
/**
 * The process's one Redis connection (REDIS_URL), shared by the page cache (lib/cache/redis-cache.mjs,
 * loaded unbundled by Next) and the app's shared store (lib/cache/shared-store.ts): one per process
 * (lib/process/singleton.mjs), made again when REDIS_URL changes.
 *
 * Redis is an accelerator, never a dependency. The client connects lazily, never queues
 * commands while disconnected (they fail at once), and reconnects by itself with a backoff.
 * Every command is bounded by COMMAND_TIMEOUT_MS; after a failure or a timeout Redis is skipped
 * for COOL_DOWN_MS, so a slow or stopped Redis costs one short wait, not one per request.
 * A connection that stays open but answers nothing for WEDGED_MS (a server that froze, a link
 * that drops what it carries) is closed and made again: the client cannot tell it from a slow
 * one (its pings wait for their answer for ever), and would keep it, and every command queued
 * on it, until the process ends.
 * Each change of state (connected / unavailable) is reported once.
 *
 * Plain JavaScript for the same reason as lib/cache/cache-handler.mjs.
 */
import { processSingleton } from "../process/singleton.mjs";
import { redisPackage } from "./redis-package.mjs";

const COMMAND_TIMEOUT_MS = 250;
const COOL_DOWN_MS = 1000;
/**
 * Commands unanswered this long, with none answered meanwhile: the connection is given up and
 * made again. Longer than a ping's interval, so a live connection has answered something.
 */
const WEDGED_MS = 5000;
/** Every key this app writes starts with this. */
export const KEY_PREFIX = "riverbend:";

const holder = processSingleton("redis", () => ({
  /** @type {RedisState | undefined} */ current: undefined,
}));

/**
 * @typedef {{
 *   url: string | undefined;
 *   client: RedisClient | null;
 *   status: "idle" | "connected" | "unavailable";
 *   skipUntil: number;
 *   unansweredSince: number | null;
 *   log: ((status: "connected" | "unavailable", detail: string) => void) | null;
 *   ready: Set<() => void>;
 * }} RedisState
 */

/** @typedef {ReturnType<typeof import("redis").createClient>} RedisClient */

/** @returns {RedisState} */
function state() {
  const url = process.env.REDIS_URL?.trim() || undefined;
  let s = holder.current;
  if (!s || s.url !== url) {
    s?.client?.destroy?.();
    s = {
      url,
      client: null,
      status: "idle",
      skipUntil: 0,
      unansweredSince: null,
      log: s?.log ?? null,
      ready: s?.ready ?? new Set(),
    };
    holder.current = s;
  }
  return s;
}

/** Where the address is shown in logs: without a password. */
function shown(url = "") {
  try {
    const u = new URL(url);
    u.password = "";
    u.username = "";
    return u.href;
  } catch {
    return "REDIS_URL";
  }
}

/**
 * @param {RedisState} s
 * @param {"connected" | "unavailable"} status
 * @param {string} [detail]
 * @param {boolean} [always] told even when the state is the same (a connection given up)
 */
function report(s, status, detail = "", always = false) {
  if (s.status === status && !always) return;
  s.status = status;
  const text = status === "connected" ? shown(s.url) : detail;
  if (s.log) s.log(status, text);
  else if (status === "connected") console.info(`redis: connected (${text})`);
  else console.warn(`redis: unavailable (${text})`);
  if (status !== "connected") return;
  for (const listener of s.ready) {
    // A listener's failure is its own: the connection and the other listeners go on.
    try {
      listener();
    } catch (error) {
      console.error(`redis: a listener failed when Redis became usable: ${error}`);
    }
  }
}

/** Sets how state changes are logged (lib/cache/shared-store.ts installs the app's logger). */
export function setRedisLogger(/** @type {RedisState["log"]} */ log) {
  state().log = log;
}

/**
 * Calls `listener` each time Redis becomes usable: the first connection, every reconnection
 * (Redis may have come back empty: a restart without persistence, a new server), and the end
 * of a cool-down after a failed or slow command. Every command that failed did so while Redis
 * was not usable, so a listener can redo then what failed. Returns a function that removes
 * the listener.
 */
export function onRedisReady(/** @type {() => void} */ listener) {
  const listeners = state().ready;
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True when REDIS_URL is set: the shared tier is configured (it may still be down). */
export function redisConfigured() {
  return Boolean(state().url);
}

/**
 * The connected client, or null when REDIS_URL is unset, Redis is not reachable now, or it
 * failed less than COOL_DOWN_MS ago. Connects on first use, once the package is in.
 * @returns {RedisClient | null}
 */
export function redisClient() {
  const s = state();
  if (!s.url) return null;
  if (!s.client) {
    const redis = redisPackage(redisClient, (error) => report(s, "unavailable", error.message));
    if (!redis) return null;
    const client = redis.createClient({
      url: s.url,
      // Commands fail at once while disconnected instead of waiting for a reconnection.
      disableOfflineQueue: true,
      // Finds a dead connection (e.g. a stopped server that kept the socket open).
      pingInterval: 5000,
      socket: {
        connectTimeout: 1000,
        // Retries for ever, from 100 ms up to every 2 s.
        reconnectStrategy: (/** @type {number} */ retries) => Math.min(100 * 2 ** retries, 2000),
      },
    });
    client.on("ready", () => {
      s.skipUntil = 0;
      s.unansweredSince = null;
      report(s, "connected");
    });
    client.on("error", (/** @type {Error} */ error) => report(s, "unavailable", error.message));
    client.on("end", () => report(s, "unavailable", "connection closed"));
    client.connect().catch((/** @type {Error} */ error) => report(s, "unavailable", error.message));
    s.client = client;
  }
  if (!s.client.isReady || Date.now() < s.skipUntil) return null;
  return s.client;
}

/**
 * Runs `command` with the client, bounded by `timeoutMs`. Resolves `{ ok: false }` (never
 * rejects) when Redis is unset, down, slow or answers an error; the caller then uses what
 * this process holds.
 * @template T
 * @param {(client: RedisClient) => Promise<T>} command
 * @param {number} [timeoutMs]
 * @returns {Promise<{ ok: true; value: T } | { ok: false }>}
 */
export async function withRedis(command, timeoutMs = COMMAND_TIMEOUT_MS) {
  const client = redisClient();
  if (!client) return { ok: false };
  return ask(client, command, timeoutMs, false);
}

/**
 * `command` sent on `client`: its answer, and Redis known usable; or its failure recorded.
 * `endCoolDown`: an answer ends a cool-down for every caller (a patient command, sent through
 * it on purpose). Not for a command sent before the cool-down began: a slow Redis answering
 * one late would lift the cool-down meant to spare the others its wait.
 * @template T
 * @param {RedisClient} client
 * @param {(client: RedisClient) => Promise<T>} command
 * @param {number} timeoutMs
 * @param {boolean} endCoolDown
 * @returns {Promise<{ ok: true; value: T } | { ok: false }>}
 */
async function ask(client, command, timeoutMs, endCoolDown) {
  try {
    const value = await answerWithin(command(client), timeoutMs);
    const s = state();
    if (endCoolDown) s.skipUntil = 0;
    s.unansweredSince = null;
    report(s, "connected");
    return { ok: true, value };
  } catch (error) {
    redisFailed(error);
    return { ok: false };
  }
}

/** How long a patient command (withRedisPatiently) waits for Redis to be usable again. */
const PATIENT_WAIT_MS = 1000;

/**
 * withRedis, for a command whose failure costs more than a short wait: the one copy of what a
 * page showed (a feed's copy written as the page is made, read back by an instance that
 * restarted with nothing in memory). When Redis cannot be used now for a passing reason, the
 * first connection still being made or the cool-down after one slow answer on a connection
 * that is up, it waits for it (at most PATIENT_WAIT_MS) and asks once more. A Redis that refuses
 * connections or dropped one is not waited for: the command fails at once, as withRedis's do.
 * @template T
 * @param {(client: RedisClient) => Promise<T>} command
 * @param {number} [timeoutMs]
 * @returns {Promise<{ ok: true; value: T } | { ok: false }>}
 */
export async function withRedisPatiently(command, timeoutMs = COMMAND_TIMEOUT_MS) {
  const first = await withRedis(command, timeoutMs);
  if (first.ok) return first;
  const s = state();
  const deadline = Date.now() + PATIENT_WAIT_MS;
  // Still connecting for the first time: wait for the connection (its own timeout is 1 s).
  while (s.status === "idle" && !s.client?.isReady && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 20));
  const client = s.client;
  if (!client?.isReady || Date.now() >= deadline) return first;
  return ask(client, command, Math.max(timeoutMs, deadline - Date.now()), true);
}

/**
 * `answer`, or a rejection once `ms` have passed without it. The rejection first lets the
 * event loop read its sockets once more: after a long task of this process (a render, the
 * status of a large network) the answer may be there unread, and then it was not Redis that
 * was slow. Timers run before sockets are read, so without that wait every command in flight
 * during such a task would count as Redis failing.
 * @template T
 * @param {Promise<T>} answer
 * @param {number} ms
 * @returns {Promise<T>}
 */
export function answerWithin(answer, ms) {
  /** @type {NodeJS.Timeout | undefined} */
  let timer;
  /** @type {Promise<never>} */
  const late = new Promise((_, reject) => {
    timer = setTimeout(() => setImmediate(() => reject(new NoAnswerError(ms))), ms);
  });
  return Promise.race([answer, late]).finally(() => clearTimeout(timer));
}

/** A command that had no answer in its time (answerWithin). */
class NoAnswerError extends Error {
  /** @param {number} ms */
  constructor(ms) {
    super(`no answer within ${ms} ms`);
    this.name = "NoAnswerError";
  }
}

/**
 * Whether `error` says Redis did not answer in time, rather than answered with an error: our
 * own timeout, or the client's (a command's timeout or abort signal, as the page cache's
 * storage handler gives each command).
 * @param {unknown} error
 */
function unanswered(error) {
  if (!(error instanceof Error)) return false;
  return (
    error instanceof NoAnswerError || error.name === "AbortError" || error.name === "TimeoutError"
  );
}

/**
 * A command failed or timed out: skip Redis for a moment. Commands that have gone unanswered
 * for WEDGED_MS with none answered meanwhile: the connection is closed (what was queued on it
 * fails) and the next use makes a new one.
 */
function redisFailed(/** @type {unknown} */ error) {
  const s = state();
  const now = Date.now();
  s.skipUntil = now + COOL_DOWN_MS;
  const detail = error instanceof Error ? error.message : String(error);
  if (!unanswered(error)) return report(s, "unavailable", detail);
  s.unansweredSince ??= now;
  if (now - s.unansweredSince < WEDGED_MS || !s.client) return report(s, "unavailable", detail);
  const wedged = s.client;
  s.client = null;
  s.unansweredSince = null;
  report(s, "unavailable", `no answer for ${WEDGED_MS / 1000} s, connecting again`, true);
  try {
    wedged.destroy();
  } catch {
    // Closed already.
  }
}
