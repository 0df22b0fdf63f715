#!/usr/bin/env node
/**
 * The upstream stand-in: one real HTTP server on 127.0.0.1 that plays every outside party
 * the site talks to (embed hosts, feed hosts, YouTube's image host, the blog functions host, a
 * WebSub hub). The app is pointed at it through its documented environment variables, exactly
 * as an operator would point it at the real hosts. Tests steer it through /__control.
 *
 *   node e2e/stand-in/server.mjs [--port 4010] [--radio-port 8076]
 *
 * With --radio-port it also plays the radio station on that port (radio.mjs: a sample
 * stream and Icecast's status document). The demo asks for it; the tests do not, because
 * they run a real Icecast on 8076.
 */
import http from "node:http";
import { blogRoutes } from "./blog.mjs";
import { embedRoutes } from "./embeds.mjs";
import { feedRoutes, hasFeed } from "./feeds.mjs";
import { photoRoutes } from "./photos.mjs";
import { posterRoutes } from "./posters.mjs";
import { startSampleStation } from "./radio.mjs";
import { createHub, HUB_FETCH_HEADER } from "./websub-hub.mjs";

/** @import { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http" */
/** @import { Announcement } from "./websub-hub.mjs" */

/**
 * How a test makes an address misbehave (/__control/override): its status and body, no answer
 * ("hang"), a delay of `ms`, a redirect to `location`, or a feed cut off after `at` bytes.
 * @typedef {{
 *   path?: string;
 *   mode?: "status" | "hang" | "delay" | "redirect" | "truncate" | "cut-transfer";
 *   status?: number;
 *   body?: string;
 *   type?: string;
 *   ms?: number;
 *   location?: string;
 *   at?: number;
 * }} Override
 */

/**
 * An item of a sample feed, or one a test published (`image`: its photo's address).
 * @typedef {{ title: string; description: string; image: string | null; date: Date; link: string }} FeedItem
 */

/**
 * What tests changed and what the stand-in counted (`state` below).
 * @typedef {{
 *   overrides: Map<string, Override>;
 *   hits: Map<string, number>;
 *   extraItems: Map<string, FeedItem[]>;
 *   removedLinks: Map<string, Set<string>>;
 *   replacedItems: Map<string, FeedItem[]>;
 *   published: number;
 *   requests?: Map<string, { query: Record<string, string>; authorization: string | null }>;
 * }} StandInState
 */

/**
 * An answer: `body` with its type and any more headers, never cached.
 * @typedef {(
 *   res: ServerResponse,
 *   status: number,
 *   body: string | Buffer,
 *   type?: string,
 *   headers?: OutgoingHttpHeaders,
 * ) => void} Send
 */

/**
 * What a route's handler is given beside the request and the response.
 * @typedef {{
 *   url: URL;
 *   match: RegExpMatchArray;
 *   state: StandInState;
 *   send: Send;
 *   override: Override | undefined;
 *   hub: { announcement(id: string): Announcement | null };
 * }} RouteContext
 */

/**
 * A route of the table below: the method, the path's pattern, and its handler.
 * @typedef {[
 *   method: string,
 *   pattern: RegExp,
 *   handler: (req: IncomingMessage, res: ServerResponse, context: RouteContext) => unknown,
 * ]} Route
 */

const args = process.argv.slice(2);
const portFlag = args.indexOf("--port");
const port = Number(portFlag >= 0 ? args[portFlag + 1] : (process.env.STAND_IN_PORT ?? 4010));
const radioFlag = args.indexOf("--radio-port");
const radioPort = radioFlag >= 0 ? Number(args[radioFlag + 1]) : null;

/** The WebSub hub for the stand-in's feeds (websub-hub.mjs), at /websub/hub. */
const hub = createHub({ origin: `http://127.0.0.1:${port}`, hasFeed });

/**
 * Route table: [method, pattern, handler(req, res, { url, match, state, send, override, hub })]
 * @type {Route[]}
 */
const routes = [
  ...embedRoutes,
  ...feedRoutes,
  ...photoRoutes,
  ...posterRoutes,
  ...blogRoutes,
  ...hub.routes,
];

/**
 * Mutable behaviour that tests change through /__control and reset between tests. Per feed id:
 * `extraItems`, headlines an editor "published" (newest first); `removedLinks`, items that
 * left the feed (their links); `replacedItems`, the items the feed carries instead of all the
 * others. `published` numbers the published headlines, so each keeps its link.
 * @type {StandInState}
 */
const state = {
  overrides: new Map(),
  hits: new Map(),
  extraItems: new Map(),
  removedLinks: new Map(),
  replacedItems: new Map(),
  published: 0,
};

/**
 * A published headline as the feed carries it: its date, and a link that stays its own.
 * @param {string} feed
 * @param {{ title: string; description?: string; image?: string | null; date?: string; link?: string }} headline
 * @returns {FeedItem}
 */
function publishedItem(feed, { title, description = "", image = null, date, link }) {
  const at = date ? new Date(date) : new Date();
  const n = state.published++;
  return {
    title,
    description,
    image,
    date: at,
    link: link ?? `https://news.example.com/${feed}/published-${at.getTime()}-${n}`,
  };
}

/** Forgets what tests did to one feed (or, without a feed, to all). @param {string} [feed] */
function clearFeed(feed) {
  for (const map of [state.extraItems, state.removedLinks, state.replacedItems]) {
    if (feed === undefined) map.clear();
    else map.delete(feed);
  }
}

/**
 * A second listener on another local port, playing a service on the server's own network
 * (a cache, an admin panel) that a feed's redirect must never reach. It records every hit.
 */
/** @type {string[]} */
const internalHits = [];
const internal = http.createServer((req, res) => {
  internalHits.push(req.url ?? "/");
  res.writeHead(200, { "content-type": "application/rss+xml" });
  res.end(
    '<?xml version="1.0"?><rss version="2.0"><channel><title>internal</title></channel></rss>',
  );
});
internal.listen(0, "127.0.0.1");

/** @type {Send} */
function send(res, status, body, type = "text/plain; charset=utf-8", headers = {}) {
  res.writeHead(status, { "content-type": type, "cache-control": "no-store", ...headers });
  res.end(body);
}

/** @param {IncomingMessage} req */
async function readBody(req) {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  return Buffer.concat(chunks).toString("utf8");
}

const server = http.createServer(async (req, res) => {
  const url = new URL(req.url ?? "/", `http://127.0.0.1:${port}`);

  if (url.pathname === "/__health") return send(res, 200, "ok");
  if (url.pathname === "/__control/reset" && req.method === "POST") {
    state.overrides.clear();
    state.hits.clear();
    state.requests?.clear();
    clearFeed();
    internalHits.length = 0;
    hub.reset();
    return send(res, 200, "reset");
  }
  if (url.pathname.startsWith("/__control/websub/")) return hub.control(req, res, url);
  if (url.pathname === "/__control/internal") {
    // { "origin": "http://127.0.0.1:<port>", "hits": ["/path", ...] }
    const { port: internalPort } = /** @type {import("node:net").AddressInfo} */ (
      internal.address()
    );
    return send(
      res,
      200,
      JSON.stringify({ origin: `http://127.0.0.1:${internalPort}`, hits: internalHits }),
      "application/json",
    );
  }
  if (url.pathname === "/__control/headline" && req.method === "POST") {
    // { "feed": "national", "title": "...", "description": "...", "image"?: "<url>",
    // "date"?: "<ISO 8601>", "link"?: "<url>" }: published now (or at `date`), on top.
    // Answers { "link": "<the item's link>" }.
    const { feed, ...headline } = JSON.parse(await readBody(req));
    const item = publishedItem(feed, headline);
    state.extraItems.set(feed, [item, ...(state.extraItems.get(feed) ?? [])]);
    send(res, 200, JSON.stringify({ link: item.link }), "application/json");
    // A feed that announces the hub has it distribute the new document (as a publisher pings).
    return hub.published(feed);
  }
  if (url.pathname === "/__control/headline/remove" && req.method === "POST") {
    // { "feed": "local", "link": "<the item's link>" }: the item leaves the feed (a sample or
    // a published one), as a publisher takes a story down or it falls off the end.
    const { feed, link } = JSON.parse(await readBody(req));
    const removed = state.removedLinks.get(feed) ?? new Set();
    state.removedLinks.set(feed, removed.add(link));
    send(res, 200, "ok");
    return hub.published(feed);
  }
  if (url.pathname === "/__control/feed/items" && req.method === "POST") {
    // { "feed": "local", "items": [{ "title", "description"?, "image"?, "date"?, "link"? }] }:
    // the feed carries these items, newest first, and nothing else (an empty list: none).
    // Answers { "links": [...] }, in the items' order.
    /** @type {{ feed: string; items: Parameters<typeof publishedItem>[1][] }} */
    const { feed, items } = JSON.parse(await readBody(req));
    const replaced = items.map((item) => publishedItem(feed, item));
    state.replacedItems.set(feed, replaced);
    send(
      res,
      200,
      JSON.stringify({ links: replaced.map((item) => item.link) }),
      "application/json",
    );
    return hub.published(feed);
  }
  if (url.pathname === "/__control/headlines/clear" && req.method === "POST") {
    // The feed carries its sample items again: published, removed and replaced ones forgotten.
    clearFeed(url.searchParams.get("feed") ?? "");
    return send(res, 200, "ok");
  }
  if (url.pathname === "/__control/requests") {
    return send(
      res,
      200,
      JSON.stringify(Object.fromEntries(state.requests ?? [])),
      "application/json",
    );
  }
  if (url.pathname === "/__control/hits") {
    return send(res, 200, JSON.stringify(Object.fromEntries(state.hits)), "application/json");
  }
  if (url.pathname === "/__control/clear" && req.method === "POST") {
    // Without a path, null: a key no override has, so nothing is deleted.
    state.overrides.delete(/** @type {string} */ (url.searchParams.get("path")));
    return send(res, 200, "ok");
  }
  if (url.pathname === "/__control/override" && req.method === "POST") {
    // { "path": "/feeds/golf.xml", "mode": "status" | "hang" | "delay", "status": 500, "body": "...", "ms": 300 }
    const override = JSON.parse(await readBody(req));
    state.overrides.set(override.path, override);
    return send(res, 200, "ok");
  }

  // The hub's own fetches of a topic are not the site's, so they are not counted.
  if (!req.headers[HUB_FETCH_HEADER]) {
    state.hits.set(url.pathname, (state.hits.get(url.pathname) ?? 0) + 1);
    // An address with a query is also counted on its own: a test gives an instance feed
    // addresses of its own (e2e/env.cjs feedQuery) to count only that instance's reads.
    if (url.search)
      state.hits.set(
        url.pathname + url.search,
        (state.hits.get(url.pathname + url.search) ?? 0) + 1,
      );
  }
  const override =
    state.overrides.get(url.pathname) ??
    (process.env.STAND_IN_FEED_DELAY_MS && url.pathname.startsWith("/feeds/")
      ? { mode: "delay", ms: Number(process.env.STAND_IN_FEED_DELAY_MS) }
      : undefined);
  if (override?.mode === "hang") return; // never answers; the client's timeout must act
  if (override?.mode === "delay") await new Promise((resolve) => setTimeout(resolve, override.ms));
  else if (override?.mode === "redirect") {
    res.writeHead(override.status ?? 302, {
      location: override.location,
      "cache-control": "no-store",
    });
    return res.end();
  } else if (override?.mode === "truncate" || override?.mode === "cut-transfer") {
    // Handled by the route, which knows the real body to cut (feeds.mjs).
  } else if (override) {
    return send(
      res,
      override.status ?? 200,
      override.body ?? "",
      override.type ?? "text/plain; charset=utf-8",
    );
  }

  for (const [method, pattern, handler] of routes) {
    if (method !== req.method && !(method === "GET" && req.method === "HEAD")) continue;
    const match = url.pathname.match(pattern);
    if (match) return handler(req, res, { url, match, state, send, override, hub });
  }
  send(res, 404, "not found");
});

server.listen(port, "127.0.0.1", () => {
  console.log(`stand-in listening on http://127.0.0.1:${port}`);
});

const station =
  radioPort === null
    ? null
    : await startSampleStation({ port: radioPort }).then(
        (started) => {
          console.log(`stand-in radio station on http://127.0.0.1:${radioPort}/stream`);
          return started;
        },
        (error) => {
          // Another station (a local Icecast) may hold the port: the site then plays that one.
          console.warn(`stand-in radio station not started on port ${radioPort}: ${error.message}`);
          return null;
        },
      );

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, async () => {
    await station?.close();
    server.close(() => process.exit(0));
  });
}
