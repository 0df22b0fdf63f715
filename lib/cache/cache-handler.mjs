// @ts-check
/**
 * The page cache (next.config.ts `cacheHandler`): Next's own file-system cache, except that
 * answers with status 404 are kept in a small bounded memory store and never written to disk.
 *
 * Unknown addresses land on cached (incremental) routes: a single segment on app/[section],
 * anything deeper on app/[[...path]], an unknown post on app/blog/[slug]. Each answer would
 * otherwise be stored like a page, one set of files in .next per address (~70 kB), so random
 * addresses would fill the disk. Kept here, a repeated dead link is still served without a
 * render, the store never holds more than MAX_BYTES, and it is emptied whenever a tag is
 * revalidated (a post published under a slug that was 404 shows at once).
 *
 * With REDIS_URL set (at start; the build never uses Redis), the cache is shared: Redis first,
 * the file-system cache as the fallback when Redis cannot answer (lib/cache/redis-cache.mjs). The
 * 404 rule wraps either, so 404 answers stay in this process's memory, never in Redis.
 *
 * Every page it stores or serves has the framework's scripts loaded after the first paint
 * (lib/serving/scripts-after-paint.mjs).
 *
 * Plain JavaScript: Next loads this file itself when the server starts, unbundled.
 */
import FileSystemCacheModule from "next/dist/server/lib/incremental-cache/file-system-cache.js";
import { BoundedStore } from "./bounded-store.mjs";
import { redisFirst } from "./redis-cache.mjs";
import { scriptsAfterPaint } from "../serving/scripts-after-paint.mjs";

/** Next's default handler, the one used when no `cacheHandler` is configured (a CommonJS module). */
const FileSystemCache = FileSystemCacheModule.default ?? FileSystemCacheModule;

/** At most this many bytes of 404 answers are kept (about 140 at ~70 kB each). */
export const MAX_BYTES = 10 * 1024 * 1024;

/** @param {unknown} value */
function byteLength(value) {
  if (typeof value === "string") return Buffer.byteLength(value);
  if (value instanceof Uint8Array) return value.byteLength;
  return 0;
}

/** @param {any} data a cache entry's value */
function entrySize(data) {
  let size = byteLength(data.html) + byteLength(data.rscData) + byteLength(data.body);
  if (data.segmentData instanceof Map) {
    for (const [path, buffer] of data.segmentData) size += path.length + byteLength(buffer);
  }
  return size;
}

/** @param {any} data */
function isNotFoundAnswer(data) {
  return (data?.kind === "APP_PAGE" || data?.kind === "APP_ROUTE") && data.status === 404;
}

/**
 * A cache handler class that keeps 404 answers in `store` and hands everything else to `Base`.
 * @template {new (ctx: any) => any} T
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
          entrySize(data),
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

/** @param {any} data */
function isPage(data) {
  return data?.kind === "APP_PAGE" && typeof data.html === "string";
}

/**
 * A cache handler class whose pages load the framework's scripts after the first paint.
 *
 * A page is rewritten when it is stored, in place: Next answers the request that rendered it
 * from the very entry it hands to `set` (response-cache's handleRevalidate), so the first
 * answer carries the rewrite too, and the disk and Redis hold it rewritten. And when it is
 * served: pages prerendered by the build are read from its output, never stored through here.
 * A page served from memory is looked at once (the entry object is remembered).
 * @template {new (ctx: any) => any} T
 * @param {T} Base
 */
export function loadScriptsAfterPaint(Base) {
  /** @type {WeakSet<object>} */
  const rewritten = new WeakSet();
  /** @param {any} value */
  const rewrite = (value) => {
    if (isPage(value) && !rewritten.has(value)) {
      value.html = scriptsAfterPaint(value.html);
      rewritten.add(value);
    }
  };
  return class ScriptsAfterPaint extends Base {
    /** @param {string} key @param {any[]} rest */
    async get(key, ...rest) {
      const entry = await super.get(key, ...rest);
      rewrite(entry?.value);
      return entry;
    }

    /** @param {string} key @param {any} data @param {any} ctx */
    async set(key, data, ctx) {
      rewrite(data);
      return super.set(key, data, ctx);
    }
  };
}

/** Redis serves the running site only: a build writes its pages to its own output, as always. */
const shared =
  Boolean(process.env.REDIS_URL?.trim()) && process.env.NEXT_PHASE !== "phase-production-build";

export default loadScriptsAfterPaint(
  keepNotFoundInMemory(
    shared ? redisFirst(FileSystemCache) : FileSystemCache,
    new BoundedStore(MAX_BYTES),
  ),
);
