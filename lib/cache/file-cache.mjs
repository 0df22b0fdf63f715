// @ts-check
/**
 * The page and data cache on this machine's disk, written to Next's public cache handler
 * interface (next.config.mjs `cacheHandler`: get, set, revalidateTag, resetRequestCache), so no
 * file of Next's own internals is extended or imported.
 *
 * - One file per entry, named by the SHA-256 of its key, holding the entry as V8 serialises it
 *   (pages keep their HTML string, their React payload and segment buffers, their headers).
 *   A write goes to a temporary file first and is renamed into place, so a reader never sees
 *   half an entry, and an instance killed mid-write leaves none.
 * - Entries live in a folder of the build that made them (`.next/cache/pages/<build id>`):
 *   a page names its build's scripts, so a new build never serves an old build's pages, and
 *   the folders of earlier builds are removed when a server starts.
 * - Tags: revalidateTag records when each tag expired (kept in `tags.json` beside the entries,
 *   so a restart does not bring back what an editor expired). An entry whose tags, or a page
 *   whose `x-next-cache-tags`, name a tag expired after it was written is a miss, and the page
 *   is rendered again. Every revalidation here expires at once (revalidatePath, and
 *   revalidateTag with `expire: 0`); a later expiry is honoured when it comes.
 * - A memory copy in front of the disk, bounded by Next's `cacheMaxMemorySize` (0: none).
 * - The disk is bounded too (PAGE_CACHE_MAX_MB, lib/cache/disk-bound.mjs): past it, the entries
 *   used least recently are removed, and are misses from then on.
 * - Freshness (lib/cache/freshness.mjs): an entry made from a version that is no longer its
 *   source's, or older than its lifetime and the stale bound, is a miss.
 *
 * Plain JavaScript: Next loads the cache handler itself when the server starts, unbundled.
 */
import { createHash, randomUUID } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { deserialize, serialize } from "node:v8";
import { BoundedStore } from "./bounded-store.mjs";
import { DiskBound, maxBytesOf } from "./disk-bound.mjs";
import { processSingleton } from "../process/singleton.mjs";
import { outdated } from "./freshness.mjs";

/** A tag expired this long ago can no longer matter: no entry outlives it unrevalidated. */
const TAG_MEMORY_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * What one cache folder holds in this process: shared by every handler Next creates (it makes
 * one per request) for the same build, one set of tags (lib/process/singleton.mjs).
 * @typedef {{
 *   dir: string,
 *   tags: Map<string, number>,
 *   memory: BoundedStore<any> | null,
 *   disk: DiskBound,
 * }} Folder
 */
const folders = processSingleton(
  "cache-folders",
  () => /** @type {Map<string, Folder>} */ (new Map()),
);

/** @param {string} distDir */
function buildIdOf(distDir) {
  try {
    return readFileSync(path.join(distDir, "BUILD_ID"), "utf8").trim() || "development";
  } catch {
    return "development";
  }
}

/** @param {string} file */
function readTags(file) {
  try {
    return new Map(Object.entries(JSON.parse(readFileSync(file, "utf8"))));
  } catch {
    return new Map();
  }
}

/**
 * @param {string} serverDistDir `.next/server`, as Next hands it to the handler
 * @param {number} memoryBytes
 * @returns {Folder}
 */
function folderFor(serverDistDir, memoryBytes) {
  const distDir = path.resolve(serverDistDir, "..");
  const root = path.join(distDir, "cache", "pages");
  const dir = path.join(root, buildIdOf(distDir));
  let folder = folders.get(dir);
  if (folder) return folder;
  mkdirSync(dir, { recursive: true });
  // Earlier builds' pages name scripts this build does not have: never served, so let go.
  for (const name of readdirSync(root)) {
    if (path.join(root, name) !== dir)
      rmSync(path.join(root, name), { recursive: true, force: true });
  }
  folder = {
    dir,
    tags: readTags(path.join(dir, "tags.json")),
    memory: memoryBytes > 0 ? new BoundedStore(memoryBytes) : null,
    disk: new DiskBound(dir, maxBytesOf()),
  };
  folders.set(dir, folder);
  return folder;
}

/** @param {unknown} value */
function byteLength(value) {
  if (typeof value === "string") return value.length * 2;
  if (value instanceof Uint8Array) return value.byteLength;
  return 0;
}

/** What an entry costs in memory, roughly: its text and buffers. @param {any} value */
export function entryBytes(value) {
  let size = 1024 + byteLength(value?.html) + byteLength(value?.rscData) + byteLength(value?.body);
  if (value?.segmentData instanceof Map) {
    for (const [name, buffer] of value.segmentData) size += name.length * 2 + byteLength(buffer);
  }
  if (value?.kind === "FETCH") size += JSON.stringify(value.data ?? null).length * 2;
  return size;
}

/**
 * The tags an entry answers to: a page's or route's from its `x-next-cache-tags` header (they
 * include the path's implicit tags, which revalidatePath expires); a data entry's from the
 * read that asks for it and the tags it was stored with.
 * @param {any} value @param {any} ctx
 */
function tagsOf(value, ctx) {
  if (value?.kind === "FETCH") {
    return [...(ctx?.tags ?? []), ...(ctx?.softTags ?? []), ...(value.tags ?? [])];
  }
  const header = value?.headers?.["x-next-cache-tags"];
  return typeof header === "string" && header ? header.split(",") : [];
}

/** What a handler's get answers of a stored entry. @param {any} entry */
export function servedEntry(entry) {
  return {
    lastModified: entry.lastModified,
    value: entry.value,
    ...(entry.cacheControl ? { cacheControl: entry.cacheControl } : {}),
  };
}

/** An entry's lifetime in seconds: a page's (its route's) or a data entry's own. @param {any} entry */
export function lifetimeOf(entry) {
  return entry?.cacheControl?.revalidate ?? entry?.value?.revalidate;
}

/**
 * A cache handler class as Next uses one (FileCache, and what wraps it: lib/cache/redis-cache.mjs,
 * lib/cache/cache-handler.mjs). Next's entries and contexts are not public types, so they stay
 * `any`; the constructor takes `...args` because a class that extends one must.
 * @typedef {new (...args: any[]) => {
 *   get(key: string, ...rest: any[]): Promise<any>;
 *   set(key: string, data: any, ctx?: any): Promise<void>;
 *   revalidateTag(...args: any[]): Promise<void>;
 * }} CacheHandlerClass
 */

export class FileCache {
  /** @param {{ serverDistDir?: string, maxMemoryCacheSize?: number }} ctx */
  constructor(ctx) {
    this.folder = folderFor(
      ctx.serverDistDir ?? path.join(process.cwd(), ".next", "server"),
      ctx.maxMemoryCacheSize ?? 0,
    );
  }

  /** The name of `key`'s file in the folder. @param {string} key */
  nameOf(key) {
    return createHash("sha256").update(key).digest("hex");
  }

  /** @param {string} key */
  fileOf(key) {
    return this.folder.disk.file(this.nameOf(key));
  }

  /** Whether one of `tags` expired after `lastModified` (and by now). @param {string[]} tags @param {number} lastModified */
  expired(tags, lastModified) {
    const now = Date.now();
    return tags.some((tag) => {
      const at = this.folder.tags.get(tag);
      return at !== undefined && at > lastModified && at <= now;
    });
  }

  /** @param {string} key @param {any} [ctx] */
  async get(key, ctx) {
    const name = this.nameOf(key);
    let entry = this.folder.memory?.get(key);
    const fromDisk = !entry;
    if (!entry) {
      try {
        entry = deserialize(await readFile(this.folder.disk.file(name)));
      } catch (error) {
        // Never written, or removed to keep the disk within its bound: a miss.
        if (/** @type {any} */ (error)?.code === "ENOENT") this.folder.disk.forget(name);
        return null;
      }
      if (entry?.key !== key) return null;
      this.folder.memory?.set(key, entry, entryBytes(entry.value));
    }
    this.folder.disk.used(name, fromDisk);
    const tags = tagsOf(entry.value, ctx);
    if (this.expired(tags, entry.lastModified)) return null;
    if (await outdated(entry, tags, lifetimeOf(entry))) return null;
    return servedEntry(entry);
  }

  /** @param {string} key @param {any} data @param {any} [ctx] */
  async set(key, data, ctx) {
    const { disk, memory } = this.folder;
    const name = this.nameOf(key);
    const file = disk.file(name);
    if (!data) {
      memory?.delete(key);
      disk.forget(name);
      await rm(file, { force: true });
      return;
    }
    const value = data.kind === "FETCH" ? { ...data, tags: ctx?.tags ?? data.tags ?? [] } : data;
    const entry = {
      key,
      lastModified: Date.now(),
      value,
      // A data entry's lifetime is its own (`revalidate` in the value); a page's is the route's.
      cacheControl: ctx?.fetchCache ? undefined : ctx?.cacheControl,
    };
    memory?.set(key, entry, entryBytes(value));
    const bytes = serialize(entry);
    // Room is made before the file is written, so the folder stays within its bound.
    if (!(await disk.admit(name, bytes.length))) {
      // Larger than the whole bound: not kept, nor the copy it replaces.
      await rm(file, { force: true });
      return;
    }
    const temporary = `${file}.${randomUUID()}.tmp`;
    try {
      await writeFile(temporary, bytes);
      await rename(temporary, file);
      await disk.written(name, bytes.length);
    } catch (error) {
      // No entry, rather than one the bound does not count.
      disk.forget(name);
      await Promise.all([rm(temporary, { force: true }), rm(file, { force: true })]);
      // The folder went away under a running server (an operator cleared the cache): again.
      if (!existsSync(this.folder.dir)) {
        mkdirSync(this.folder.dir, { recursive: true });
        disk.clear();
      } else throw error;
    }
  }

  /**
   * @param {string | string[]} tags
   * @param {{ expire?: number }} [durations] Next's: none, or `expire: 0`, means at once
   */
  async revalidateTag(tags, durations) {
    const now = Date.now();
    const at = durations?.expire ? now + durations.expire * 1000 : now;
    for (const tag of typeof tags === "string" ? [tags] : tags) this.folder.tags.set(tag, at);
    for (const [tag, when] of this.folder.tags) {
      if (when < now - TAG_MEMORY_MS) this.folder.tags.delete(tag);
    }
    const file = path.join(this.folder.dir, "tags.json");
    const temporary = `${file}.${randomUUID()}.tmp`;
    await writeFile(temporary, JSON.stringify(Object.fromEntries(this.folder.tags)));
    await rename(temporary, file);
  }

  resetRequestCache() {}
}
