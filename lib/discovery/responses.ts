/** Machine endpoints answer with a short shared-cache lifetime; their data is cached below. */
export function textResponse(body: string, contentType: string, status = 200): Response {
  return new Response(body, {
    status,
    headers: {
      "content-type": contentType,
      "cache-control": "public, max-age=300, stale-while-revalidate=600",
      "x-content-type-options": "nosniff",
    },
  });
}

export const XML = "application/xml; charset=utf-8";
export const TEXT = "text/plain; charset=utf-8";
export const MARKDOWN = "text/markdown; charset=utf-8";
export const RSS = "application/rss+xml; charset=utf-8";
