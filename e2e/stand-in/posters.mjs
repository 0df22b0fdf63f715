/**
 * YouTube's image host as the site's server reaches it (YOUTUBE_POSTER_ORIGIN):
 *
 *   /vi/<video id>/hqdefault.jpg   480×360 JPEG, a 16:9 frame between black bars, as YouTube
 *                                  draws a widescreen video's poster
 *
 * for the videos of POSTER_VIDEOS (catalogue.cjs); any other id is a 404 with YouTube's small
 * grey placeholder as its body, as YouTube answers. Drawn on first request, then kept.
 */
import sharp from "sharp";
import catalogue from "./catalogue.cjs";
import { drawScene } from "./photos.mjs";

const { POSTER_VIDEOS, POSTER_SIZE } = catalogue;

/** @import { Route } from "./server.mjs" */

export const POSTER_PATH = /^\/vi\/([A-Za-z0-9_-]{11})\/hqdefault\.jpg$/;

/** video id → its poster's JPEG, being made or made. @type {Map<string, Promise<Buffer>>} */
const posters = new Map();

/** @param {string} id @returns {Promise<Buffer>} */
function poster(id) {
  if (!posters.has(id)) {
    const { width, height } = POSTER_SIZE;
    const frame = Math.round((width * 9) / 16);
    const bar = (height - frame) / 2;
    const made = sharp(drawScene(`video-${id}`, 1, width, frame), {
      raw: { width, height: frame, channels: 3 },
    })
      .extend({ top: bar, bottom: bar, background: "#000" })
      .jpeg({ quality: 85 })
      .toBuffer();
    // Not kept if it fails: the next request tries again.
    made.catch(() => posters.delete(id));
    posters.set(id, made);
  }
  return /** @type {Promise<Buffer>} set above */ (posters.get(id));
}

const missing = sharp({ create: { width: 120, height: 90, channels: 3, background: "#ccc" } })
  .jpeg()
  .toBuffer();

/** @type {Route[]} */
export const posterRoutes = [
  [
    "GET",
    POSTER_PATH,
    async (_req, res, { match, send }) => {
      const id = /** @type {string} the pattern's one group */ (match[1]);
      if (!POSTER_VIDEOS.includes(id)) return send(res, 404, await missing, "image/jpeg");
      try {
        const bytes = await poster(id);
        send(res, 200, bytes, "image/jpeg", {
          "content-length": bytes.length,
          "cache-control": "public, max-age=7200",
        });
      } catch (error) {
        send(res, 500, `poster not made: ${/** @type {Error} */ (error).message}`);
      }
    },
  ],
];
