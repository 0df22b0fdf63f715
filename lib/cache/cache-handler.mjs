// @ts-check
/**
 * The page cache (next.config.mjs `cacheHandler`): the project's file cache (lib/cache/file-cache.mjs,
 * Next's public cache handler interface), except that answers with status 404 are kept in a
 * small bounded memory store and never written to disk.
 *
 * Unknown addresses land on cached (incremental) routes: a single segment on
 * app/[publication]/[section], anything deeper on app/[publication]/[[...path]], an unknown post
 * on app/[publication]/blog/[slug]. Each answer would
 * otherwise be stored like a page, one set of files in .next per address (~70 kB), so random
 * addresses would fill the disk. Kept here, a repeated dead link is still served without a
 * render, the store never holds more than MAX_BYTES, and it is emptied whenever a tag is
 * revalidated (a post published under a slug that was 404 shows at once).
 *
 * With REDIS_URL set (at start; the build never uses Redis), the cache is shared: Redis first,
 * the file cache as the fallback when Redis cannot answer (lib/cache/redis-cache.mjs). The
 * 404 rule wraps either, so 404 answers stay in this process's memory, never in Redis.
 *
 * Plain JavaScript: Next loads this file itself when the server starts, unbundled.
 */
import { processSingleton } from "../process/singleton.mjs";
import { BoundedStore } from "./bounded-store.mjs";
import { FileCache, entryBytes } from "./file-cache.mjs";
import { redisFirst } from "./redis-cache.mjs";

/** At most this many bytes of 404 answers are kept (about 140 at ~70 kB each). */
export const MAX_BYTES = 10 * 1024 * 1024;

/** @param {any} data */
function isNotFoundAnswer(data) {
  return (data?.kind === "APP_PAGE" || data?.kind === "APP_ROUTE") && data.status === 404;
}

/**
 * A cache handler class that keeps 404 answers in `store` and hands everything else to `Base`.
 * @template {import("./file-cache.mjs").CacheHandlerClass} T
 * @param {T} Base
 * @param {BoundedStore<any>} store 404 entries, shared by every handler instance
 */
export function keepNotFoundInMemory(Base, store) {
  return class NotFoundInMemory extends Base {
    /** @param {string} key @param {any[]} rest */
    async get(key, ...rest) {
      return store.get(key) ?? super.get(key, ...rest);
    }

    /** @param {string} key @param {any} data @param {any} ctx */
    async set(key, data, ctx) {
      if (isNotFoundAnswer(data)) {
        store.set(
          key,
          { value: data, lastModified: Date.now(), cacheControl: ctx?.cacheControl },
          entryBytes(data),
        );
        return;
      }
      store.delete(key);
      return super.set(key, data, ctx);
    }

    /** @param {any[]} args */
    async revalidateTag(...args) {
      store.clear();
      return super.revalidateTag(...args);
    }
  };
}

/** Redis serves the running site only: a build writes its pages to its own output, as always. */
const shared =
  Boolean(process.env.REDIS_URL?.trim()) && process.env.NEXT_PHASE !== "phase-production-build";

// One 404 store per process (lib/process/singleton.mjs).
export default keepNotFoundInMemory(
  shared ? redisFirst(FileCache) : FileCache,
  processSingleton("cache-not-found", () => new BoundedStore(MAX_BYTES)),
);
