// @ts-check
/**
 * Compression for the production server (server.mjs), in place of Next's own (next.config.mjs
 * `compress: false`): the `compression` middleware (the package Next itself ships a copy of),
 * with one fast path in front of it.
 *
 * Next sends a cached page as one string (`res.end(html)`), and its compression streamed that
 * string through zlib on every request, answering with `Transfer-Encoding: chunked`: the bare
 * server compressed the same page again for every reader, and the cache tier stored and served
 * the chunked answer, which cost nginx a sixth of its speed against a file with a length
 * (docs/cache-tier.md). Here a page sent in one piece, to a client that takes gzip, is
 * compressed once: its gzip bytes are kept by the page's text (bounded, least recently sent
 * dropped first) and sent with their Content-Length. Anything else (a streamed first render,
 * a small answer, a client without gzip) goes through the middleware as before.
 *
 * Plain JavaScript: server.mjs loads it before Next.
 */
import { gzipSync } from "node:zlib";
import { BoundedStore } from "../cache/bounded-store.mjs";

/** @import { IncomingMessage, ServerResponse } from "node:http" */

/** Below this many characters a page goes the ordinary way (Next's threshold is 1 kB). */
const MIN_CHARS = 1024;
/** Memory the store may hold: the page's text (kept by the server anyway) and its gzip bytes. */
const BUDGET_BYTES = 24 * 1024 * 1024;
/** Memory the plain store may hold: the page's text and its UTF-8 bytes. */
const PLAIN_BUDGET_BYTES = 16 * 1024 * 1024;

const COMPRESSIBLE =
  /^(text\/|application\/(json|xml|rss\+xml|atom\+xml|javascript)|image\/svg\+xml)/;

export class CompressedPages {
  constructor(budgetBytes = BUDGET_BYTES, plainBudgetBytes = PLAIN_BUDGET_BYTES) {
    /** @type {BoundedStore<Buffer>} gzip bytes by the page's text */
    this.store = new BoundedStore(budgetBytes);
    /** @type {BoundedStore<Buffer>} UTF-8 bytes by the page's text */
    this.plain = new BoundedStore(plainBudgetBytes);
    /** Plain answers sent with bytes encoded for an earlier one. */
    this.plainReused = 0;
    /** Answers sent with gzip bytes made for an earlier one. */
    this.reused = 0;
    /** Answers whose gzip bytes were made now. */
    this.compressed = 0;
  }

  /** The gzip bytes of `text`, made now or kept from an earlier answer. @param {string} text */
  gzipOf(text) {
    const held = this.store.get(text);
    if (held) this.reused += 1;
    else this.compressed += 1;
    return held ?? keep(this.store, text, gzipSync(text, { level: 6 }));
  }

  /** The UTF-8 bytes of `text`, encoded now or kept from an earlier answer. @param {string} text */
  bytesOf(text) {
    const held = this.plain.get(text);
    if (held) this.plainReused += 1;
    return held ?? keep(this.plain, text, Buffer.from(text, "utf8"));
  }
}

/**
 * Keeps `bytes` by `text` in `store`: the text's two bytes a character count too, since the key
 * holds it. @param {BoundedStore<Buffer>} store @param {string} text @param {Buffer} bytes
 */
function keep(store, text, bytes) {
  store.set(text, bytes, text.length * 2 + bytes.length);
  return bytes;
}

/** @param {IncomingMessage} req */
function acceptsGzip(req) {
  const accept = req.headers["accept-encoding"];
  return (
    typeof accept === "string" &&
    /\bgzip\b/i.test(accept) &&
    !/\bgzip\s*;\s*q=0(\.0*)?\b/i.test(accept)
  );
}

/** @param {ServerResponse} res @param {string} field */
function addVary(res, field) {
  const vary = res.getHeader("vary");
  const current = Array.isArray(vary) ? vary.join(", ") : String(vary ?? "");
  if (current.split(",").some((name) => name.trim().toLowerCase() === field.toLowerCase())) return;
  res.setHeader("Vary", current ? `${current}, ${field}` : field);
}

/**
 * Prepares `res` for `req`: the `compression` middleware, then the fast
 * path on top of it, which the page's `end` meets first.
 * @param {IncomingMessage} req
 * @param {ServerResponse} res
 * @param {(req: IncomingMessage, res: ServerResponse, next: () => void) => void} middleware
 * @param {CompressedPages} pages
 */
export function compressResponse(req, res, middleware, pages) {
  middleware(req, res, () => undefined);
  if (req.method !== "GET") return;
  const gzip = acceptsGzip(req);
  // Called again with the arguments they were given, whichever of their overloads those are.
  const end = /** @type {(this: ServerResponse, ...args: unknown[]) => ServerResponse} */ (res.end);
  const write = /** @type {(this: ServerResponse, ...args: unknown[]) => boolean} */ (res.write);
  let streamed = false;
  /** @this {ServerResponse} @param {unknown[]} args */
  res.write = function (...args) {
    streamed = true;
    return write.apply(this, args);
  };
  /**
   * @this {ServerResponse}
   * @param {unknown} [chunk]
   * @param {BufferEncoding | (() => void)} [encoding]
   * @param {() => void} [callback]
   */
  res.end = function (chunk, encoding, callback) {
    if (
      !streamed &&
      !this.headersSent &&
      this.statusCode === 200 &&
      typeof chunk === "string" &&
      chunk.length >= MIN_CHARS &&
      (typeof encoding !== "string" || /^utf-?8$/i.test(encoding)) &&
      !this.getHeader("content-encoding") &&
      COMPRESSIBLE.test(String(this.getHeader("content-type") ?? ""))
    ) {
      const done = typeof encoding === "function" ? encoding : callback;
      if (!gzip) {
        // The middleware compresses nothing for this client: the page's bytes as they are.
        const bytes = pages.bytesOf(chunk);
        this.setHeader("Content-Length", bytes.length);
        return end.call(this, bytes, done);
      }
      const bytes = pages.gzipOf(chunk);
      this.setHeader("Content-Encoding", "gzip");
      this.setHeader("Content-Length", bytes.length);
      addVary(this, "Accept-Encoding");
      // The middleware sees the answer encoded already and passes it through as it is.
      return end.call(this, bytes, done);
    }
    return end.call(this, chunk, encoding, callback);
  };
}
