import { ERROR_RETRY_SECONDS } from "../cache";

/**
 * Machine endpoints answer with a short shared-cache lifetime; their data is cached below.
 * What a cache in front must not keep: an error (never stored; a 5xx says when to retry) and
 * an answer that had to leave part of its data out because an upstream failed (`degraded`:
 * kept ERROR_RETRY_SECONDS at most, like a page showing an error).
 */
export function textResponse(
  body: string,
  contentType: string,
  status = 200,
  options: { degraded?: boolean } = {},
): Response {
  const headers: Record<string, string> = {
    "content-type": contentType,
    "cache-control": "public, max-age=300, stale-while-revalidate=600",
    "x-content-type-options": "nosniff",
  };
  if (status >= 300) {
    headers["cache-control"] = "no-store";
    if (status >= 500) headers["retry-after"] = String(ERROR_RETRY_SECONDS);
  } else if (options.degraded) {
    headers["cache-control"] = `public, max-age=${ERROR_RETRY_SECONDS}`;
  }
  return new Response(body, { status, headers });
}

export const XML = "application/xml; charset=utf-8";
export const TEXT = "text/plain; charset=utf-8";
export const MARKDOWN = "text/markdown; charset=utf-8";
export const RSS = "application/rss+xml; charset=utf-8";
