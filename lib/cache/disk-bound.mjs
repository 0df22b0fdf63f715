// @ts-check
/**
 * The page cache's bound on disk (PAGE_CACHE_MAX_MB): the entries' files of one cache folder
 * (lib/cache/file-cache.mjs) take at most that much. A crawler walking every dated page of every
 * publication would otherwise leave one file per address, kept until the next build.
 *
 * - Each entry's file is counted in whole 4 kB blocks, as a disk holds it. Before an entry is
 *   written, room is made for it: the entries used least recently (read or written) are
 *   removed until the folder, the new entry counted, is within the bound. An entry larger than
 *   the whole bound is not written. A removed entry is a miss, and its page is rendered again.
 * - The index (each entry's size, in order of use; about 160 bytes an entry) is this process's
 *   memory. It is built once, from the folder, when the process first uses the folder: each
 *   file's size, and its modification time as its last use (a read from disk sets that time, so
 *   the order outlives a restart). From then on every write, removal and read keeps it in step:
 *   no walk of the folder per write. Writes wait for that first walk; reads do not.
 * - One process per folder. Each instance runs its own copy of `.next` (docs/instances.md), so
 *   its own folder. Processes that shared one (a build's workers writing its data entries) would
 *   each hold it to the bound as they see it: together, at most the bound each.
 * - Slack: an entry being written again keeps its old file until its new one is in place, so
 *   the folder may pass the bound by the entries being rewritten at that moment (a page each);
 *   `tags.json`, the expired tags (lib/cache/file-cache.mjs), is not an entry and not counted.
 *
 * Plain JavaScript: the cache handler, which Next loads unbundled, imports it.
 */
import { readdir, rm, stat, utimes } from "node:fs/promises";
import path from "node:path";
import { BoundedStore } from "./bounded-store.mjs";

const DEFAULT_MB = 1024;
const MAX_MB = 1_048_576;
const BLOCK_BYTES = 4096;
/** Files are looked at this many at a time when the index is built. */
const SCAN_BATCH = 256;
/** An entry's file: the SHA-256 of its key, in hex (lib/cache/file-cache.mjs `fileOf`). */
const ENTRY = /^[0-9a-f]{64}$/;
/** An entry's file being written, left behind by a process stopped mid-write. */
const UNFINISHED = /^[0-9a-f]{64}\..+\.tmp$/;

/**
 * PAGE_CACHE_MAX_MB in bytes. lib/env.ts validates the variable at build and at start (a
 * malformed value stops both there), so a value this does not take never reaches a running
 * server; the default stands in for it.
 * @param {string | undefined} [value]
 */
export function maxBytesOf(value = process.env.PAGE_CACHE_MAX_MB) {
  const text = value?.trim() ?? "";
  const mb = /^\d+$/.test(text) && +text >= 1 && +text <= MAX_MB ? +text : DEFAULT_MB;
  return mb * 1024 * 1024;
}

/** The disk a file of `bytes` takes. @param {number} bytes */
function blocks(bytes) {
  return Math.max(1, Math.ceil(bytes / BLOCK_BYTES)) * BLOCK_BYTES;
}

export class DiskBound {
  /** @param {string} dir the cache folder @param {number} maxBytes */
  constructor(dir, maxBytes) {
    this.dir = dir;
    this.maxBytes = maxBytes;
    /** @type {string[]} entries dropped from the index whose files are still to be removed */
    this.dropped = [];
    /** @type {BoundedStore<true>} */
    this.index = new BoundedStore(maxBytes, (name) => this.dropped.push(name));
    this.ready = this.load();
  }

  /** The bytes the folder's entries take, as counted. */
  get bytes() {
    return this.index.bytes;
  }

  /** The folder as earlier processes left it, least recently used first; over the bound, trimmed. */
  async load() {
    /** @type {string[]} */
    let names;
    try {
      names = await readdir(this.dir);
    } catch {
      return;
    }
    /** @type {{ name: string, size: number, used: number }[]} */
    const found = [];
    for (let start = 0; start < names.length; start += SCAN_BATCH) {
      await Promise.all(
        names.slice(start, start + SCAN_BATCH).map(async (name) => {
          if (UNFINISHED.test(name)) return rm(this.file(name), { force: true }).catch(() => {});
          if (!ENTRY.test(name)) return; // tags.json
          try {
            const info = await stat(this.file(name));
            found.push({ name, size: blocks(info.size), used: info.mtimeMs });
          } catch {
            // removed meanwhile
          }
        }),
      );
    }
    found.sort((a, b) => a.used - b.used);
    for (const { name, size } of found) this.index.set(name, true, size);
    await this.removeDropped();
  }

  /** @param {string} name */
  file(name) {
    return path.join(this.dir, name);
  }

  /**
   * Makes room for the entry `name` of `bytes` (replacing what it held). False when it is larger
   * than the whole bound: it is then not to be written.
   * @param {string} name @param {number} bytes
   */
  async admit(name, bytes) {
    await this.ready;
    if (blocks(bytes) > this.maxBytes) {
      this.index.delete(name);
      return false;
    }
    this.index.set(name, true, blocks(bytes));
    await this.removeDropped();
    return true;
  }

  /**
   * The entry `name` is in place. Counted again: a removal of the same entry, or an eviction,
   * may have come between its admission and its file's arrival.
   * @param {string} name @param {number} bytes
   */
  async written(name, bytes) {
    this.index.set(name, true, blocks(bytes));
    await this.removeDropped();
  }

  /**
   * The entry `name` was read: now the most recently used. Read from its file, the file's time
   * is set too, for the next process's index; a read from the memory copy (the hot path without
   * Redis) costs no system call.
   * @param {string} name @param {boolean} fromDisk
   */
  used(name, fromDisk) {
    if (this.index.get(name) === null || !fromDisk) return;
    const now = new Date();
    utimes(this.file(name), now, now).catch(() => {});
  }

  /** The entry `name` is gone (removed, or found missing). @param {string} name */
  forget(name) {
    this.index.delete(name);
  }

  /** The folder was emptied under the running server. */
  clear() {
    this.index.clear();
    this.dropped.length = 0;
  }

  async removeDropped() {
    const names = this.dropped.splice(0);
    await Promise.all(names.map((name) => rm(this.file(name), { force: true }).catch(() => {})));
  }
}
