// @ts-check
/**
 * A memory store bounded by the bytes its entries are said to cost: the least recently used
 * entry goes first, and an entry larger than the whole budget is not kept. Used for the 404
 * answers of the page cache (lib/cache/cache-handler.mjs), the gzip bytes of pages
 * (lib/serving/compressed-pages.mjs), and the index of the headline photos kept on disk
 * (lib/photos/disk-cache.ts), which removes a photo's files when it is dropped (`onEvict`).
 *
 * Plain JavaScript: the cache handler, which Next loads unbundled, imports it.
 * @template V
 */
export class BoundedStore {
  /**
   * @param {number} maxBytes
   * @param {(key: string, value: V) => void} [onEvict] called for each entry dropped to make room
   */
  constructor(maxBytes, onEvict) {
    this.maxBytes = maxBytes;
    this.onEvict = onEvict;
    this.bytes = 0;
    /** @type {Map<string, { value: V; size: number }>} */
    this.entries = new Map();
  }

  get size() {
    return this.entries.size;
  }

  /**
   * The value under `key`, now the most recently used; null when there is none.
   * @param {string} key
   * @returns {V | null}
   */
  get(key) {
    const item = this.entries.get(key);
    if (!item) return null;
    this.entries.delete(key);
    this.entries.set(key, item);
    return item.value;
  }

  /** @param {string} key @param {V} value @param {number} size */
  set(key, value, size) {
    this.delete(key);
    if (size > this.maxBytes) return;
    this.entries.set(key, { value, size });
    this.bytes += size;
    for (const [oldest, item] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= item.size;
      this.onEvict?.(oldest, item.value);
    }
  }

  /** @param {string} key */
  delete(key) {
    const item = this.entries.get(key);
    if (!item) return;
    this.entries.delete(key);
    this.bytes -= item.size;
  }

  /**
   * Every entry, least recently used first, without marking any as used.
   * @returns {IterableIterator<[string, V]>}
   */
  *items() {
    for (const [key, item] of this.entries) yield [key, item.value];
  }

  clear() {
    this.entries.clear();
    this.bytes = 0;
  }
}
