import { DEFAULT_PHOTO } from "./paths";

/**
 * The answer of a photo route (a headline's photo, a video's poster): the WebP bytes, kept for
 * good, since an id names one address and a width one rendering of it; a redirect to the
 * default photo when its host could not give it (kept briefly, the browser follows it
 * quietly); a 404 for anything the site did not name.
 */
export function photoResponse(photo: Buffer | "dead" | null): Response {
  if (photo === null) {
    return new Response("Not found", {
      status: 404,
      headers: {
        "Content-Type": "text/plain; charset=utf-8",
        "Cache-Control": "public, max-age=60",
      },
    });
  }
  if (photo === "dead") {
    return new Response(null, {
      status: 302,
      headers: { Location: DEFAULT_PHOTO, "Cache-Control": "public, max-age=300" },
    });
  }
  return new Response(new Uint8Array(photo), {
    headers: {
      "Content-Type": "image/webp",
      "Content-Length": String(photo.length),
      "Cache-Control": "public, max-age=31536000, immutable",
    },
  });
}
