import { randomUUID } from "node:crypto";
import { logger } from "../ops";
import {
  KEY_PREFIX,
  onRedisReady,
  redisConfigured,
  setRedisLogger,
  withRedis,
  withRedisPatiently,
} from "./redis-client.mjs";

/**
 * Small shared values (a feed's last good copy, a blog answer) and short locks, in Redis when
 * REDIS_URL is set. Every call is bounded by a short timeout and never throws: `{ ok: false }`
 * (or `undefined` for a lock) means "no Redis now", and the caller goes on with what this
 * process holds. See lib/cache/redis-client.mjs for the connection's rules.
 */

// The connection's changes of state go through the app's logger, once each.
setRedisLogger((status, detail) => {
  if (status === "connected")
    logger().info({ event: "redis", status }, `redis: connected (${detail})`);
  else logger().warn({ event: "redis", status, detail }, `redis: unavailable (${detail})`);
});

const SHARED_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** Redis takes whole milliseconds, at least one (a fraction is an error that costs the connection). */
const whole = (ms: number) => Math.max(1, Math.ceil(ms));

export { onRedisReady, redisConfigured };

/**
 * `patient`: the caller has nothing to go on without Redis (what it asks is the one copy of
 * something a reader was shown), so a Redis that is away only for a moment is waited for,
 * briefly (withRedisPatiently).
 */
interface Patience {
  patient?: boolean;
}

export async function sharedGet<T>(
  key: string,
  { patient = false }: Patience = {},
): Promise<{ ok: true; value: T | undefined } | { ok: false }> {
  const run = patient ? withRedisPatiently : withRedis;
  const answer = await run<string | null>((client) => client.get(KEY_PREFIX + key));
  if (!answer.ok) return answer;
  try {
    return { ok: true, value: answer.value === null ? undefined : (JSON.parse(answer.value) as T) };
  } catch {
    return { ok: true, value: undefined };
  }
}

/** Stores `value` (JSON) for `ttlMs`; false when Redis could not take it. */
export async function sharedSet(
  key: string,
  value: unknown,
  ttlMs = SHARED_TTL_MS,
  { patient = false }: Patience = {},
): Promise<boolean> {
  const run = patient ? withRedisPatiently : withRedis;
  const answer = await run((client) =>
    client.set(KEY_PREFIX + key, JSON.stringify(value), { PX: whole(ttlMs) }),
  );
  return answer.ok;
}

/** Entries sent to Redis in one round trip by sharedSetMany. */
const BATCH = 500;

/**
 * Stores each `[key, value]` (JSON) for `ttlMs`, BATCH to a round trip; false when Redis did
 * not take them all.
 */
export async function sharedSetMany(
  entries: Iterable<readonly [string, unknown]>,
  ttlMs = SHARED_TTL_MS,
): Promise<boolean> {
  const all = [...entries];
  for (let start = 0; start < all.length; start += BATCH) {
    const answer = await withRedis((client) => {
      const batch = client.multi();
      for (const [key, value] of all.slice(start, start + BATCH)) {
        batch.set(KEY_PREFIX + key, JSON.stringify(value), { PX: whole(ttlMs) });
      }
      return batch.exec();
    }, 2000);
    if (!answer.ok) return false;
  }
  return true;
}

/**
 * Takes the lock `name` for `ttlMs` (it lapses by itself if its holder dies). Resolves the
 * lock's token, null when another holder has it, undefined when there is no Redis to ask.
 */
export async function sharedLock(name: string, ttlMs: number): Promise<string | null | undefined> {
  const token = randomUUID();
  const answer = await withRedis<string | null>((client) =>
    client.set(`${KEY_PREFIX}lock:${name}`, token, { NX: true, PX: whole(ttlMs) }),
  );
  if (!answer.ok) return undefined;
  return answer.value === "OK" ? token : null;
}

const RELEASE = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) else return 0 end`;

const EXTEND = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("pexpire", KEYS[1], ARGV[2]) else return 0 end`;

/**
 * Keeps the lock for `ttlMs` more if this holder still has it (compare and extend, in one
 * step): a holder that is alive renews it; a holder that dies stops renewing, and the lock
 * lapses within `ttlMs`. False when the lock is no longer this holder's (or Redis is away).
 */
export async function sharedExtend(name: string, token: string, ttlMs: number): Promise<boolean> {
  // The script answers an integer: PEXPIRE's 1, or 0.
  const answer = await withRedis(
    (client) =>
      client.eval(EXTEND, {
        keys: [`${KEY_PREFIX}lock:${name}`],
        arguments: [token, String(whole(ttlMs))],
      }) as Promise<number>,
  );
  return answer.ok && answer.value === 1;
}

/** Releases the lock if this holder still has it (compare and delete, in one step). */
export async function sharedUnlock(name: string, token: string): Promise<void> {
  await withRedis((client) =>
    client.eval(RELEASE, { keys: [`${KEY_PREFIX}lock:${name}`], arguments: [token] }),
  );
}

/**
 * Adds (`present`) or removes `member` in the set `key`; false when Redis could not take it.
 * Atomic, so instances adding at the same moment never lose each other's members.
 */
export async function sharedSetMember(
  key: string,
  member: string,
  present: boolean,
): Promise<boolean> {
  const answer = await withRedis((client) =>
    present ? client.sAdd(KEY_PREFIX + key, member) : client.sRem(KEY_PREFIX + key, member),
  );
  return answer.ok;
}

/** The members of the set `key`, or `{ ok: false }` when Redis cannot answer. */
export async function sharedSetMembers(
  key: string,
): Promise<{ ok: true; value: string[] } | { ok: false }> {
  return withRedis<string[]>((client) => client.sMembers(KEY_PREFIX + key));
}
