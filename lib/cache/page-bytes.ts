import { ServerResponse } from "node:http";
import { BoundedStore } from "./bounded-store.mjs";
import { onCollect } from "../ops/metrics";

/**
 * The encoded bytes of the pages the server last sent, so a cached page is encoded once, not
 * on every request.
 *
 * Next.js hands a cached page to Node as one string (`res.end(html)` in its
 * server/send-payload.js), and Node encodes that string to UTF-8 for every request: for a
 * 50 kB page about 60 µs and a 150 kB buffer of garbage, a tenth of the bare server's time per
 * cached page. Handing Next a Buffer from the cache handler instead makes it stream the page,
 * which is slower still. So the response's `end` looks the string up here and passes Node the
 * bytes encoded the first time. What goes on the wire is unchanged: the same bytes, and the
 * Content-Length Next already set from the same string.
 *
 * Only what is safe to reuse: a 200 answer, one string of at least MIN_CHARS, sent as UTF-8
 * (or with no encoding named). Streamed pages, small answers and errors go to Node as they
 * came. Entries are looked up by the page's text, so a refreshed page is a new entry and the
 * old one ages out; the store is bounded by its estimated memory, least recently sent first.
 */

/** Below this many characters encoding costs less than it is worth holding on to. */
export const MIN_CHARS = 16 * 1024;
/** Memory the store may hold: the page's text (as the server already keeps it) and its bytes. */
export const DEFAULT_BUDGET_BYTES = 32 * 1024 * 1024;

export class PageBytes {
  private readonly store: BoundedStore<Buffer>;
  /** Answers sent with bytes encoded for an earlier one. */
  reused = 0;
  /** Answers whose bytes had to be encoded (first send, or aged out). */
  encoded = 0;

  constructor(budgetBytes = DEFAULT_BUDGET_BYTES) {
    this.store = new BoundedStore(budgetBytes);
  }

  get size(): number {
    return this.store.size;
  }

  get bytes(): number {
    return this.store.bytes;
  }

  /** The UTF-8 bytes of `text`, encoded now or reused from an earlier call. */
  bytesOf(text: string): Buffer {
    const held = this.store.get(text);
    if (held) {
      this.reused += 1;
      return held;
    }
    this.encoded += 1;
    const bytes = Buffer.from(text, "utf8");
    // The text may take two bytes a character in memory, and the store keeps it as the key.
    this.store.set(text, bytes, text.length * 2 + bytes.length);
    return bytes;
  }
}

function isUtf8(encoding: unknown): boolean {
  return (
    encoding === undefined ||
    typeof encoding === "function" || // end(chunk, callback)
    encoding === "utf8" ||
    encoding === "utf-8"
  );
}

const INSTALLED = Symbol.for("riverbend.pageBytes");
type Installed = { [INSTALLED]?: PageBytes };
type End = (this: ServerResponse, chunk?: unknown, ...rest: unknown[]) => ServerResponse;

/**
 * Makes every response of this process send large 200 pages through `store`. Once per
 * process: a second call returns the store already in place. The store's counts reach
 * /api/metrics from here (lib/ops/metrics.ts imports nothing of ours).
 */
export function installPageBytes(store = new PageBytes()): PageBytes {
  onCollect("pagesReused", () => installedPageBytes()?.reused ?? 0);
  onCollect("pagesEncoded", () => installedPageBytes()?.encoded ?? 0);
  onCollect("pageBytesHeld", () => installedPageBytes()?.bytes ?? 0);
  const prototype = ServerResponse.prototype as unknown as Installed & { end: End };
  const installed = prototype[INSTALLED];
  if (installed) return installed;
  const end = prototype.end;
  prototype.end = function (this: ServerResponse, chunk?: unknown, ...rest: unknown[]) {
    if (
      typeof chunk === "string" &&
      chunk.length >= MIN_CHARS &&
      this.statusCode === 200 &&
      isUtf8(rest[0])
    ) {
      return end.call(this, store.bytesOf(chunk), ...rest);
    }
    return end.call(this, chunk, ...rest);
  };
  prototype[INSTALLED] = store;
  return store;
}

/** The store this process sends pages through, if installed (its counts are metrics). */
export function installedPageBytes(): PageBytes | undefined {
  return (ServerResponse.prototype as unknown as Installed)[INSTALLED];
}
