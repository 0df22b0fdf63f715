// @ts-check
/**
 * The shared page cache (REDIS_URL set): Next's cache entries (ISR pages, route answers, the
 * data cache of unstable_cache) and their tags live in Redis, so every instance serves what
 * any instance rendered and a tag revalidated on one is expired for all.
 *
 * Storage and tags are @fortedigital/nextjs-cache-handler's `redis-strings` handler (its key
 * format, its tag maps, its expiries). Its own CacheHandler class is not used: it can only
 * fall back to its own handlers (an in-memory LRU), while this site must fall back to its
 * file cache on disk (lib/cache/file-cache.mjs). So `redisFirst(Base)` extends that cache:
 *
 * - get: Redis first, bounded by a short timeout. An answer from Redis (entry or miss) is the
 *   truth; only when Redis cannot answer is the local disk read.
 * - set: written to the local disk (the fallback) and to Redis; no copy is kept in memory.
 * - revalidateTag: recorded locally and in Redis.
 * - An entry Redis did not take (a timeout, or Redis skipped for a moment after one) is kept
 *   for a while, and written to Redis the next time its key is read there and Redis holds
 *   nothing newer. Without that, every page rendered during a moment's timeout was rendered
 *   again once Redis answered, though nothing had changed: Redis, the truth, did not have it.
 *   Written late with the time it was made, it still yields to a tag expired since (the
 *   handler compares the two) and to a newer version (lib/cache/freshness.mjs).
 * - Freshness: the same rules as the file cache (lib/cache/freshness.mjs), versions read
 *   from Redis.
 * - The handler's tag maps are pruned of expired entries now and then
 *   (lib/cache/redis-tag-maps.mjs).
 *
 * Every entry expires in Redis once no read can use it: its lifetime, plus the stale bound past
 * which it is a miss anyway (lib/cache/freshness.mjs), plus CLOCK_MARGIN_SECONDS for clocks
 * that differ between the instances and Redis; at most MAX_EXPIRE_SECONDS, the expiry of an
 * entry that never revalidates. So Redis holds at most what was written in the last 7 days,
 * and a page's entry for about 6.5 minutes (300 s), with or without `maxmemory`.
 */
import { promisify } from "node:util";
import { constants, gunzipSync, gzip } from "node:zlib";
import createRedisHandler from "@fortedigital/nextjs-cache-handler/redis-strings";
import { BoundedStore } from "./bounded-store.mjs";
import { entryBytes, lifetimeOf, servedEntry } from "./file-cache.mjs";
import { processSingleton } from "../process/singleton.mjs";
import { STALE_BOUND_SECONDS, outdated } from "./freshness.mjs";
import { KEY_PREFIX, redisClient, withRedis } from "./redis-client.mjs";
import { pruneTagMaps } from "./redis-tag-maps.mjs";

const MAX_EXPIRE_SECONDS = 7 * 24 * 60 * 60;
const CLOCK_MARGIN_SECONDS = 60;
/** A read takes three round trips (entry, tag map, tag times); a revalidation scans the tag map. */
const GET_TIMEOUT_MS = 400;
const SET_TIMEOUT_MS = 1000;
const REVALIDATE_TIMEOUT_MS = 2000;

/** The most memory the entries waiting for Redis may hold (a page is about 0.5 MB). */
const UNSHARED_MAX_BYTES = 16 * 1024 * 1024;

/**
 * Entries written to the disk that Redis did not take, by key, waiting to be shared. One store
 * per process (Next makes a handler per request).
 * @type {BoundedStore<{ lastModified: number; entry: any }>}
 */
const unshared = processSingleton("cache-unshared", () => new BoundedStore(UNSHARED_MAX_BYTES));

const gzipped = promisify(gzip);
/** Smaller values (tag lists) are stored as they are. */
const COMPRESS_FROM_BYTES = 1024;
/**
 * Values read as bytes: a gzipped entry is not text. 36, the type byte "$", is RESP's bulk
 * string (the redis package's RESP_TYPES.BLOB_STRING, which the test holds it to), named here
 * so that this module, loaded at every start, does not load the package (redis-package.mjs).
 */
const AS_BYTES = { 36: Buffer };

/**
 * The client the storage handler is given: entries (a page is its HTML, its React payload and
 * that payload again as a segment: about 270 kB of text, 65 kB gzipped) go to Redis gzipped,
 * and come back as the text the handler wrote. Writing gzips on libuv's threads; reading
 * inflates on the event loop, under a millisecond a page. Through libuv's threads, which the
 * file cache's disk work shares, the reads queued: `npm run bench:redis` with Redis gave 455
 * requests a second and a p99 of 0.9 s, against 633 and 0.25 s inline (645 and 0.29 s
 * uncompressed). A value that is not gzip (written before, or small) is read as it is: its
 * first byte is JSON's, never gzip's 0x1f. A value that begins as gzip but does not inflate is a
 * miss, not a failure of Redis.
 * The handler reads and writes entries with `withAbortSignal(signal).get / .set`; every other
 * command (tag maps, expiries, deletions) goes to the client untouched.
 * @param {any} client
 * @returns {any}
 */
export function compressingEntries(client) {
  /** @param {any} target */
  const wrap = (target) =>
    new Proxy(target, {
      get(object, property, receiver) {
        if (property === "withAbortSignal")
          return (/** @type {AbortSignal} */ signal) => wrap(object.withAbortSignal(signal));
        if (property === "get") {
          return async (/** @type {string} */ key) => {
            /** @type {Buffer | null} */
            const bytes = await object.withTypeMapping(AS_BYTES).get(key);
            if (bytes === null || bytes === undefined) return null;
            if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return bytes.toString("utf8");
            try {
              return gunzipSync(bytes).toString("utf8");
            } catch (error) {
              // Not one this site wrote (Redis writes a value whole). A miss: the page is made
              // again and its entry written over this one. Thrown, it would count as Redis
              // failing, and Redis would be skipped for every page on each read of this key.
              console.warn(`redis: entry ${key} is not valid gzip, read as a miss (${error})`);
              return null;
            }
          };
        }
        if (property === "set") {
          return async (
            /** @type {string} */ key,
            /** @type {unknown} */ value,
            /** @type {unknown[]} */ ...rest
          ) =>
            object.set(
              key,
              typeof value === "string" && value.length >= COMPRESS_FROM_BYTES
                ? await gzipped(value, { level: constants.Z_BEST_SPEED })
                : value,
              ...rest,
            );
        }
        const member = Reflect.get(object, property, receiver);
        return typeof member === "function" ? member.bind(object) : member;
      },
    });
  return wrap(client);
}

/** @type {WeakMap<object, ReturnType<typeof createRedisHandler>>} */
const handlers = new WeakMap();

/** The storage handler bound to the current client (a new one after REDIS_URL changes). */
export function storage(/** @type {any} */ client) {
  let handler = handlers.get(client);
  if (!handler) {
    handler = createRedisHandler({
      client: compressingEntries(client),
      keyPrefix: `${KEY_PREFIX}next:`,
      timeoutMs: SET_TIMEOUT_MS,
      keyExpirationStrategy: "EXAT",
    });
    handlers.set(client, handler);
  }
  return handler;
}

/** @param {any} data @param {any} ctx */
function tagsOf(data, ctx) {
  const header = data?.headers?.["x-next-cache-tags"];
  if (typeof header === "string" && header) return header.split(",");
  return ctx?.tags ?? data?.tags ?? [];
}

/** @param {any} data @param {any} ctx */
function revalidateOf(data, ctx) {
  const value = ctx?.cacheControl?.revalidate ?? data?.revalidate;
  return typeof value === "number" && value > 0 ? value : null;
}

/**
 * When an entry written at `lastModified` with a lifetime of `revalidate` seconds goes stale and
 * expires, in the storage handler's terms (`expireAt` becomes the key's EXAT).
 * @param {number} lastModified @param {number | null} revalidate
 */
export function lifespan(lastModified, revalidate) {
  const expireAge = revalidate
    ? Math.min(revalidate + STALE_BOUND_SECONDS + CLOCK_MARGIN_SECONDS, MAX_EXPIRE_SECONDS)
    : MAX_EXPIRE_SECONDS;
  const at = Math.floor(lastModified / 1000);
  return {
    lastModifiedAt: at,
    staleAt: at + (revalidate ?? expireAge),
    expireAt: at + expireAge,
    staleAge: revalidate ?? expireAge,
    expireAge,
    revalidate: revalidate ?? undefined,
  };
}

/**
 * The entry under `key` in Redis. An entry that is not JSON (not one this site wrote) is a miss,
 * written over once the page is made again; not Redis failing, which would skip Redis for all.
 * @param {string} key @param {any} ctx
 */
function readShared(key, ctx) {
  return withRedis(
    (client) =>
      storage(client)
        .get(key, { implicitTags: ctx?.softTags ?? [] })
        .catch((/** @type {unknown} */ error) => {
          if (!(error instanceof SyntaxError)) throw error;
          console.warn(`redis: entry ${key} is not valid JSON, read as a miss (${error})`);
          return null;
        }),
    GET_TIMEOUT_MS,
  );
}

/**
 * What a read answers of an entry from Redis: null past its lifespan, past the stale bound or
 * superseded (lib/cache/freshness.mjs).
 * @param {any} entry @param {any} ctx
 */
async function judged(entry, ctx) {
  if (!entry) return null;
  if (entry.lifespan && entry.lifespan.expireAt < Date.now() / 1000) return null;
  const tags = [...(entry.tags ?? []), ...(ctx?.tags ?? [])];
  if (await outdated(entry, tags, lifetimeOf(entry) ?? entry.lifespan?.revalidate)) return null;
  return servedEntry(entry);
}

/**
 * @template {new (...args: any[]) => any} T
 * @param {T} Base the local cache used when Redis cannot answer
 */
export function redisFirst(Base) {
  return class RedisFirst extends Base {
    /**
     * Without Next's memory copy of the entries (cacheMaxMemorySize): every read asks Redis
     * first, so a copy here would only be read when Redis cannot answer, and the disk answers
     * then. Measured in `npm run soak`: it held up to 50 MB of Next's estimate, about twice that
     * in memory (a page's text is two bytes a character), in each instance, never read.
     * Next passes one argument, its context (`...args`: a class that extends a type parameter
     * must take them so).
     * @param {any[]} args
     */
    constructor(...args) {
      super({ ...args[0], maxMemoryCacheSize: 0 });
    }

    /** @param {string} key @param {any} ctx @param {any[]} rest */
    async get(key, ctx, ...rest) {
      const read = () => readShared(key, ctx);
      let answer = await read();
      if (!answer.ok) return super.get(key, ctx, ...rest);
      const waiting = unshared.get(key);
      if (waiting) unshared.delete(key);
      if (waiting && waiting.lastModified > /** @type {any} */ (answer.value?.lastModified ?? 0)) {
        // Made here while Redis did not answer, and newer than what Redis holds: shared now,
        // then read back, so the handler judges it against the tags expired meanwhile.
        const shared = await withRedis(
          (client) => storage(client).set(key, waiting.entry),
          SET_TIMEOUT_MS,
        );
        if (shared.ok) answer = await read();
        if (!answer.ok) return super.get(key, ctx, ...rest);
      }
      return judged(/** @type {any} */ (answer.value), ctx);
    }

    /**
     * Redis and the disk at once: Next sends a page before its entry is stored, so the shared
     * copy must not wait for the local one (a disk write of the page's files took longer than
     * the Redis write it delayed).
     * @param {string} key @param {any} data @param {any} ctx
     */
    async set(key, data, ctx) {
      const local = super.set(key, data, ctx);
      if (!data) return local;
      const lastModified = Date.now();
      const entry = {
        lastModified,
        lifespan: lifespan(lastModified, revalidateOf(data, ctx)),
        tags: tagsOf(data, ctx),
        value: data,
        ...(ctx?.cacheControl ? { cacheControl: ctx.cacheControl } : {}),
      };
      const shared = withRedis((client) => storage(client).set(key, entry), SET_TIMEOUT_MS).then(
        (done) => {
          if (!done.ok) return unshared.set(key, { lastModified, entry }, entryBytes(data));
          unshared.delete(key);
          // In the background: the tag maps lose the fields of expired entries, now and then.
          void pruneTagMaps(redisClient(), storage);
        },
      );
      await Promise.all([local, shared]);
    }

    /** @param {string | string[]} tags @param {any[]} rest */
    async revalidateTag(tags, ...rest) {
      await super.revalidateTag(tags, ...rest);
      const list = typeof tags === "string" ? [tags] : tags;
      for (const tag of list) {
        // Redis unreachable: the other instances see this tag's entries expire only when
        // they do (docs/known-limits.md).
        const done = await withRedis((c) => storage(c).revalidateTag(tag), REVALIDATE_TIMEOUT_MS);
        if (!done.ok) return;
      }
    }
  };
}
