/**
 * Sample news feeds (written for this project, plainly marked as samples) in the formats
 * real publishers use: RSS 2.0 with media thumbnails, Atom, RSS 1.0 (RDF) and an
 * ISO-8859-1 feed. Dates are relative to the server's start, so the demo always looks current,
 * and spread over the last 10 days (catalogue.cjs), so its archive has a past from the start.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import catalogue from "./catalogue.cjs";
import { PHOTO_PATH } from "./photos.mjs";

/** @import { FeedItem, Route, StandInState } from "./server.mjs" */
/** @typedef {{ hub: string; self: string }} HubLinks a feed's hub and its own address (topic) */

const { itemAgeMinutes, itemPhoto, PHOTO_SIZES, sampleLink, SVG_PHOTO_SIZE } = catalogue;

/** @type {Record<string, { title: string; description: string; host?: string }[]>} */
const SAMPLES = JSON.parse(
  readFileSync(new URL("./sample-headlines.json", import.meta.url), "utf8"),
);
const STARTED = Date.now();

/** @type {Record<string, "atom" | "rdf" | "latin1">} any other feed is RSS 2.0 */
const FORMAT = { technology: "atom", archives: "rdf", food: "latin1" };

const escape = (/** @type {string} */ text) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const attribute = (/** @type {string} */ text) => escape(text).replace(/"/g, "&quot;");

/**
 * The channel-level links by which a feed announces its WebSub hub (websub-hub.mjs), as a
 * publisher's feed carries them: `rel="hub"` and `rel="self"` (the topic), before the items.
 * `prefix` is "atom:" in RSS (Atom's namespace) and "" in an Atom feed.
 * @param {HubLinks | null} links @param {string} prefix @param {string} type
 */
function hubLinks(links, prefix, type) {
  if (!links) return "";
  return `<${prefix}link rel="hub" href="${attribute(links.hub)}"/><${prefix}link rel="self" type="${type}" href="${attribute(links.self)}"/>
`;
}

/** Whether the stand-in serves a sample feed `id` (/feeds/<id>.xml). */
export const hasFeed = (/** @type {string} */ id) => Object.hasOwn(SAMPLES, id);

/**
 * The sample items of feed `id`, their photos at `origin`; null when there is no such feed.
 * @param {string} id @param {string} origin
 * @returns {FeedItem[] | null}
 */
export function sampleItems(id, origin) {
  const items = SAMPLES[id];
  if (!items) return null;
  return items.map((item, index) => {
    // Which photo the item names (catalogue.cjs, shared with the tests): a 1050×550 wire
    // JPEG; the 2048 px original on the first card of / and of /sports (ORIGINAL_PHOTO_FEEDS);
    // an SVG for "culture" (SVG_PHOTO_FEEDS), which the site must refuse; none for "opinion".
    const photo = itemPhoto(id, index);
    return {
      title: item.title,
      description: item.description,
      link: sampleLink(id, index, item.title, item.host),
      date: new Date(STARTED - itemAgeMinutes(id, index) * 60_000),
      image: photo ? `${origin}${photo.path}` : null,
    };
  });
}

/** The stand-in's SVG photos, as the "culture" feed still names them. */
const SVG_PATH = /^\/images\/([a-z0-9-]+)-(\d+)\.svg$/;

/**
 * Image types by extension, for photo addresses that are not the stand-in's own.
 * @type {Record<string, string>}
 */
const EXTENSION_TYPES = {
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  gif: "image/gif",
  webp: "image/webp",
  avif: "image/avif",
  svg: "image/svg+xml",
};

/**
 * The type and size of the photo at `url`, told by its stand-in path: a JPEG of
 * photos.mjs, an SVG of the /images route, or (another address, as a test may publish)
 * a type by its extension and no size.
 * @param {string} url
 * @returns {{ type: string | null; width?: number; height?: number }}
 */
function photoInfo(url) {
  let pathname;
  try {
    pathname = new URL(url).pathname;
  } catch {
    pathname = url; // a test's hostile or relative address: read as it stands
  }
  const jpeg = pathname.match(PHOTO_PATH);
  if (jpeg) return { type: "image/jpeg", ...PHOTO_SIZES[jpeg[3] ? "original" : "wire"] };
  if (SVG_PATH.test(pathname)) return { type: "image/svg+xml", ...SVG_PHOTO_SIZE };
  const extension = pathname.match(/\.([a-z0-9]+)$/i)?.[1]?.toLowerCase();
  return { type: EXTENSION_TYPES[/** @type {string} */ (extension)] ?? null };
}

/** `<media:thumbnail>`, with the photo's real width and height when known. @param {string} url */
function thumbnail(url) {
  const { width, height } = photoInfo(url);
  const size = width ? ` width="${width}" height="${height}"` : "";
  return `<media:thumbnail url="${url}"${size}/>`;
}

/** Atom's enclosure link, typed as the photo is. @param {string} url */
function enclosure(url) {
  const { type } = photoInfo(url);
  return `<link rel="enclosure"${type ? ` type="${type}"` : ""} href="${url}"/>`;
}

/** @param {string} id @param {FeedItem[]} items @param {HubLinks | null} [links] */
function rss(id, items, links = null) {
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/" xmlns:atom="http://www.w3.org/2005/Atom">
<channel><title>Sample ${id} feed</title><link>https://news.example.com/${id}</link>
<description>Sample headlines served by the local stand-in</description>
${hubLinks(links, "atom:", "application/rss+xml")}${items
    .map(
      (
        item,
      ) => `<item><title>${escape(item.title)}</title><link>${item.link}</link><guid>${item.link}</guid>
<description><![CDATA[<p>${item.description}</p>]]></description><pubDate>${item.date.toUTCString()}</pubDate>
${item.image ? thumbnail(item.image) : ""}</item>`,
    )
    .join("\n")}
</channel></rss>`;
}

/** @param {string} id @param {FeedItem[]} items @param {HubLinks | null} [links] */
function atom(id, items, links = null) {
  return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom"><title>Sample ${id} feed</title><id>urn:sample:${id}</id>
<updated>${(items[0]?.date ?? new Date(STARTED)).toISOString()}</updated><link rel="alternate" href="https://news.example.com/${id}"/>
${hubLinks(links, "", "application/atom+xml")}${items
    .map(
      (item) => `<entry><title type="html">${escape(item.title)}</title><id>${item.link}</id>
<link rel="alternate" href="${item.link}"/><updated>${item.date.toISOString()}</updated>
<summary type="html">${escape(`<p>${item.description}</p>`)}</summary>
${item.image ? enclosure(item.image) : ""}</entry>`,
    )
    .join("\n")}
</feed>`;
}

/** @param {string} id @param {FeedItem[]} items @param {HubLinks | null} [links] */
function rdf(id, items, links = null) {
  // Atom's namespace is declared only when the links need it, so the plain feed is unchanged.
  const atomNamespace = links ? ' xmlns:atom="http://www.w3.org/2005/Atom"' : "";
  return `<?xml version="1.0" encoding="UTF-8"?>
<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/"${atomNamespace}>
<channel rdf:about="https://news.example.com/${id}"><title>Sample ${id} feed</title><link>https://news.example.com/${id}</link>
<description>Sample headlines</description>${links ? `\n${hubLinks(links, "atom:", "application/rdf+xml")}` : ""}</channel>
${items
  .map(
    (
      item,
    ) => `<item rdf:about="${item.link}"><title>${escape(item.title)}</title><link>${item.link}</link>
<description>${escape(item.description)}</description><dc:date>${item.date.toISOString()}</dc:date></item>`,
  )
  .join("\n")}
</rdf:RDF>`;
}

/**
 * The items feed `id` carries now, newest first: what a test published on top of its samples,
 * without the items it removed; or, when a test replaced them, those items alone
 * (server.mjs keeps what tests did to each feed in `state`).
 * @param {string} id @param {string} origin @param {StandInState} [state]
 */
function currentItems(id, origin, state) {
  const samples = sampleItems(id, origin);
  if (!samples) return null;
  const items = state?.replacedItems.get(id) ?? [...(state?.extraItems.get(id) ?? []), ...samples];
  const removed = state?.removedLinks.get(id);
  return items
    .filter((item) => !removed?.has(item.link))
    .map((item) => ({ ...item, image: item.image ?? null }));
}

/**
 * The document of feed `id`, or null when the stand-in has no such feed. `links`: `{ hub,
 * self }` when the feed announces a WebSub hub in the document, else null.
 * @param {string} id @param {string} origin @param {StandInState} [state]
 * @param {HubLinks | null} [links]
 */
function feedBody(id, origin, state, links = null) {
  const items = currentItems(id, origin, state);
  if (!items) return null;
  switch (FORMAT[id]) {
    case "atom":
      return {
        body: Buffer.from(atom(id, items, links)),
        type: "application/atom+xml; charset=utf-8",
      };
    case "rdf":
      return {
        body: Buffer.from(rdf(id, items, links)),
        type: "application/rdf+xml; charset=utf-8",
      };
    case "latin1":
      // Characters outside Latin-1 become references; the rest is sent as single bytes.
      return {
        body: Buffer.from(
          rss(id, items, links)
            .replace('encoding="UTF-8"', 'encoding="ISO-8859-1"')
            .replace(/[^\u0000-\u00ff]/g, (c) => `&#${c.codePointAt(0)};`),
          "latin1",
        ),
        type: "application/rss+xml",
      };
    default:
      return {
        body: Buffer.from(rss(id, items, links)),
        type: "application/rss+xml; charset=utf-8",
      };
  }
}

/** @param {string} id @param {string} index */
function image(id, index) {
  let hash = 0;
  for (const c of `${id}${index}`) hash = (hash * 31 + c.charCodeAt(0)) % 360;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360" viewBox="0 0 640 360">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hash},45%,38%)"/><stop offset="1" stop-color="hsl(${(hash + 40) % 360},50%,22%)"/></linearGradient></defs>
<rect width="640" height="360" fill="url(#g)"/><circle cx="520" cy="90" r="120" fill="rgba(255,255,255,.08)"/>
<text x="32" y="318" font-family="Georgia,serif" font-size="30" fill="rgba(255,255,255,.85)">${id} · sample photo ${index}</text></svg>`;
}

/** @type {Route[]} */
export const feedRoutes = [
  [
    "GET",
    /^\/feeds\/([a-z0-9-]+)\.xml$/,
    (req, res, { match, send, url, state, override, hub }) => {
      // A feed that announces the WebSub hub (off unless a test turns it on) names it in the
      // document, in a Link header, or both.
      const id = /** @type {string} the pattern's one group */ (match[1]);
      const announced = hub?.announcement(id) ?? null;
      const feed = feedBody(id, url.origin, state, announced?.inDocument ? announced : null);
      if (!feed) return send(res, 404, "no such feed");
      const linkHeader = announced?.inHeader ? { link: announced.linkHeader } : {};
      // A document cut off after `at` bytes: answered in full as such ("truncate"), or a
      // transfer that announces the whole length and stops half way ("cut-transfer").
      if (override?.mode === "truncate") {
        return send(res, 200, feed.body.subarray(0, override.at), feed.type, linkHeader);
      }
      if (override?.mode === "cut-transfer") {
        res.writeHead(200, {
          "content-type": feed.type,
          "content-length": feed.body.length,
          ...linkHeader,
        });
        res.write(feed.body.subarray(0, override.at));
        return setTimeout(() => res.socket?.destroy(), 20);
      }
      const etag = `"${createHash("sha1").update(feed.body).digest("hex").slice(0, 16)}"`;
      if (req.headers["if-none-match"] === etag) {
        res.writeHead(304, { etag, ...linkHeader });
        return res.end();
      }
      send(res, 200, feed.body, feed.type, { etag, ...linkHeader });
    },
  ],
  [
    "GET",
    SVG_PATH,
    (_req, res, { match, send }) =>
      send(
        res,
        200,
        image(/** @type {string} */ (match[1]), /** @type {string} */ (match[2])),
        "image/svg+xml",
        {
          "cache-control": "public, max-age=3600",
        },
      ),
  ],
];
