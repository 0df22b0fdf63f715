import http from "node:http";
import https from "node:https";
import { AddressRefusedError, assertPublicLiteral, guardedLookup } from "./address-rules";

/**
 * The site's one GET of an outside party (a feed, a headline photo, a video's poster), with the
 * limits a server that reads strangers' addresses needs:
 * an overall timeout, a byte cap, a few redirects (http/https only), an honest
 * User-Agent, and conditional GET. Built on node:http rather than fetch so the limits
 * hold on the socket and Next's fetch caching stays out of the way.
 *
 * Redirects never lead into the server's own network: the configured address's origin is
 * trusted (operators point feeds at hosts they chose, loopback included), but any other
 * origin a redirect names is reached only on a public address, checked on the address the
 * socket actually connects to (lib/net/address-rules.ts).
 */

export const OUTSIDE_TIMEOUT_MS = 8_000;
export const OUTSIDE_MAX_BYTES = 5 * 1024 * 1024;
export const OUTSIDE_MAX_REDIRECTS = 3;
export const USER_AGENT =
  "RiverbendChronicle/1.0 (+https://www.riverbendchronicle.com/faq; feed reader)";

/** Why a fetch failed, in the words of the metrics (lib/ops/metrics.ts). */
export type OutsideFailureKind = "http-error" | "timeout" | "refused" | "network-error";

export class OutsideGetError extends Error {
  constructor(
    message: string,
    readonly kind: OutsideFailureKind = "network-error",
    readonly httpStatus?: number,
    /** A 429's or 503's Retry-After, in seconds from now. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = "OutsideGetError";
  }
}

export interface Validators {
  etag?: string | null;
  lastModified?: string | null;
}

/** What the answer's headers say of the feed's pace and its WebSub hub. */
export interface ResponseHints {
  /** Cache-Control max-age (or s-maxage), in seconds. */
  maxAgeSeconds: number | null;
  /** The `Link` header, as sent (rel="hub" and rel="self" are read from it). */
  link: string | null;
}

export type OutsideGetResult =
  | ({ status: "not-modified" } & ResponseHints)
  | ({
      status: "ok";
      body: Buffer;
      contentType: string | null;
      etag: string | null;
      lastModified: string | null;
    } & ResponseHints);

/** max-age (or s-maxage) of a Cache-Control header; null without one, or for no-cache/no-store. */
export function maxAgeOf(cacheControl: string | null): number | null {
  if (!cacheControl) return null;
  const directives = cacheControl.toLowerCase();
  if (/(^|[\s,])(no-store|no-cache)\b/.test(directives)) return null;
  const match = directives.match(/(?:^|[\s,])(?:s-maxage|max-age)\s*=\s*"?(\d+)/);
  return match ? Number(match[1]) : null;
}

/** Retry-After, in seconds from `now`: delay-seconds or an HTTP date; null when absent or bad. */
export function retryAfterOf(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text);
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

interface Options extends Validators {
  timeoutMs?: number;
  maxBytes?: number;
  accept?: string;
  /**
   * The origins reached on any address, loopback and private ones included. Unset: the
   * address's own origin (an operator configured it). A photo a feed names is not configured
   * by anyone, so it passes the set of configured feed origins instead.
   */
  trustedOrigins?: ReadonlySet<string>;
}

export async function outsideGet(
  address: string,
  options: Options = {},
): Promise<OutsideGetResult> {
  const timeoutMs = options.timeoutMs ?? OUTSIDE_TIMEOUT_MS;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  let target: URL | null = null;
  try {
    let url = new URL(address);
    const trustedOrigins = options.trustedOrigins ?? new Set([url.origin]);
    for (let hop = 0; ; hop++) {
      if (url.protocol !== "http:" && url.protocol !== "https:") {
        throw new OutsideGetError(`refused protocol ${url.protocol}`, "refused");
      }
      target = url;
      const trusted = trustedOrigins.has(url.origin);
      if (!trusted) assertPublicLiteral(url.hostname);
      const response = await get(url, options, controller.signal, trusted);
      if (response.redirect) {
        if (hop >= OUTSIDE_MAX_REDIRECTS)
          throw new OutsideGetError("too many redirects", "http-error");
        url = new URL(response.redirect, url);
        continue;
      }
      return response.result!;
    }
  } catch (error) {
    if (controller.signal.aborted)
      throw new OutsideGetError(`timed out after ${timeoutMs} ms`, "timeout");
    if (error instanceof OutsideGetError) throw error;
    if (
      error instanceof AddressRefusedError ||
      (error as { code?: unknown })?.code === "ERR_ADDRESS_REFUSED"
    ) {
      // Name a redirect's target: the first address is logged beside it.
      const where = target?.href === new URL(address).href ? "" : ` (redirect to ${target?.href})`;
      throw new OutsideGetError(`${(error as Error).message}${where}`, "refused");
    }
    throw new OutsideGetError(error instanceof Error ? error.message : String(error));
  } finally {
    clearTimeout(timer);
  }
}

function requestHeaders(options: Options): Record<string, string> {
  const headers: Record<string, string> = {
    "user-agent": USER_AGENT,
    accept:
      options.accept ??
      "application/rss+xml, application/atom+xml, application/rdf+xml, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.5",
    "accept-encoding": "identity",
  };
  if (options.etag) headers["if-none-match"] = options.etag;
  if (options.lastModified) headers["if-modified-since"] = options.lastModified;
  return headers;
}

/** A 200's body, at most `maxBytes` of it (a longer one is an error, and the socket goes). */
function readBody(response: http.IncomingMessage, maxBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(response.headers["content-length"]);
    if (declared > maxBytes) {
      response.destroy();
      return reject(
        new OutsideGetError(`body of ${declared} bytes is over the ${maxBytes} byte cap`),
      );
    }
    const chunks: Buffer[] = [];
    let received = 0;
    response.on("data", (chunk: Buffer) => {
      received += chunk.length;
      if (received > maxBytes) {
        response.destroy();
        reject(new OutsideGetError(`body over the ${maxBytes} byte cap`));
        return;
      }
      chunks.push(chunk);
    });
    response.on("end", () => resolve(Buffer.concat(chunks)));
    response.on("error", reject);
  });
}

type Answer = { redirect: string; result?: never } | { redirect?: never; result: OutsideGetResult };

function get(url: URL, options: Options, signal: AbortSignal, trusted: boolean): Promise<Answer> {
  const maxBytes = options.maxBytes ?? OUTSIDE_MAX_BYTES;
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    // Off the configured origin, every connection goes through the address check; a fresh
    // agent so that no pooled socket skips it.
    const guard = trusted ? {} : { lookup: guardedLookup, agent: false as const };
    const headers = requestHeaders(options);
    const request = client.get(url, { headers, signal, ...guard }, (response) => {
      const status = response.statusCode ?? 0;
      const header = (name: string) => {
        const value = response.headers[name];
        return typeof value === "string" ? value : null;
      };
      if (status >= 300 && status < 400 && status !== 304) {
        response.resume();
        const location = header("location");
        return location
          ? resolve({ redirect: location })
          : reject(new OutsideGetError(`HTTP ${status} without Location`, "http-error", status));
      }
      const hints: ResponseHints = {
        maxAgeSeconds: maxAgeOf(header("cache-control")),
        link: header("link"),
      };
      if (status === 304) {
        response.resume();
        return resolve({ result: { status: "not-modified", ...hints } });
      }
      if (status !== 200) {
        response.resume();
        const retryAfter =
          status === 429 || status === 503 ? retryAfterOf(header("retry-after")) : null;
        return reject(
          new OutsideGetError(`HTTP ${status}`, "http-error", status, retryAfter ?? undefined),
        );
      }
      readBody(response, maxBytes).then(
        (body) =>
          resolve({
            result: {
              status: "ok",
              body,
              contentType: header("content-type"),
              etag: header("etag"),
              lastModified: header("last-modified"),
              ...hints,
            },
          }),
        reject,
      );
    });
    request.on("error", reject);
  });
}
