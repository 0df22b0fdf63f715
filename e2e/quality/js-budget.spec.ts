/**
 * Gate: byte budgets of every route, counted on this build's own answers (bytes do not depend
 * on the machine's speed; the paints and timings they lead to are measured by
 * `npm run bench:lighthouse`).
 *  - JavaScript: the first-load JavaScript of each route (gzip) is every chunk its
 *    server-rendered HTML asks for: the <script> tags and the client-component chunks named in
 *    the React payload. Printed beside the smallest route, which may weigh at most
 *    BASELINE_JS_AT_MOST; any other route at most 20 kB over it (/radio, with its player, 25 kB).
 *  - HTML: the page as it crosses the network (gzip), at most HTML_AT_MOST (the FAQ and an
 *    archive day, long by nature, their own), printed with its size as parsed. The stylesheets
 *    are inlined (next.config.mjs `inlineCss`): Next writes them into the head and again into
 *    the React payload, and carries no stylesheet request before its first paint.
 *  - The stylesheets in the React payload: about once. Next writes a segment's stylesheets into
 *    the payload once for the segment and once more for each boundary (error.tsx, not-found.tsx)
 *    whose module shares their chunk (vercel/next.js#95141): with the status pages' styles in a
 *    CSS module, the [publication] layout's 15 kB sheet was there four times, 45 kB of every page.
 */
import { gzipSync } from "node:zlib";
import { expect, test, type APIRequestContext } from "../fixtures";
import { pathOf, ROUTES, type QualityRoute } from "./routes";

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

/** The framework and what every page shares (the header's menus); 180 kB when set. */
const BASELINE_JS_AT_MOST = 195 * 1000;
const JS_OVER_BASELINE = 20 * 1000;
const JS_OVER_BASELINE_OWN: Record<string, number> = { "/radio": 25 * 1000 };
const CHUNK = /\/_next\/static\/chunks\/[A-Za-z0-9._~-]+\.js/g;

test("JavaScript budget: the smallest route at most 195 kB (gzip), every other at most 20 kB over it", async ({
  request,
}, info) => {
  test.skip(info.project.name !== "desktop", "the same build for every viewport");
  const gzipped = new Map<string, number>();
  const sizes: { path: string; content: boolean; bytes: number; chunks: number }[] = [];
  for (const route of ROUTES) {
    const html = await (await request.get(await pathOf(route, request))).text();
    const chunks = [...new Set(html.match(CHUNK) ?? [])];
    let bytes = 0;
    for (const chunk of chunks) {
      if (!gzipped.has(chunk)) {
        const response = await request.get(chunk);
        expect(response.status(), chunk).toBe(200);
        gzipped.set(chunk, gzipSync(await response.body(), { level: 9 }).length);
      }
      bytes += gzipped.get(chunk)!;
    }
    sizes.push({ path: route.path, content: route.content, bytes, chunks: chunks.length });
  }

  const baseline = sizes.reduce((min, s) => (s.bytes < min.bytes ? s : min));
  console.log(`[js] baseline: ${baseline.path} ${kB(baseline.bytes)} (${baseline.chunks} chunks)`);
  const over: string[] = [];
  if (baseline.bytes > BASELINE_JS_AT_MOST) {
    over.push(
      `${baseline.path}, the smallest route: ${kB(baseline.bytes)} > ${kB(BASELINE_JS_AT_MOST)}`,
    );
  }
  for (const s of sizes) {
    const extra = s.bytes - baseline.bytes;
    const budget = JS_OVER_BASELINE_OWN[s.path] ?? JS_OVER_BASELINE;
    console.log(
      `[js] ${s.path.padEnd(22)} ${kB(s.bytes).padStart(9)}  +${kB(extra).padStart(8)}` +
        `  ${s.chunks} chunks${s.content ? "" : "  (not a content page)"}`,
    );
    if (extra > budget)
      over.push(`${s.path}: +${kB(extra)} over ${baseline.path} (budget ${kB(budget)})`);
  }
  expect(over, over.join("\n")).toEqual([]);
});

/** The largest when set: /sports, 27 kB gzip (a section of five feeds, fifteen cards). */
const HTML_AT_MOST = 40 * 1000;
/**
 * Long by nature: the FAQ's 100 questions, all in the page (56 kB gzip when set); an archive
 * day, every headline the publication carried that day (145 headlines: 48 kB when set).
 */
const HTML_AT_MOST_OWN: Record<string, number> = {
  "/faq": 75 * 1000,
  "/archive/<its first day>": 75 * 1000,
};

test("HTML budget: every page at most 40 kB gzip (the FAQ 75 kB)", async ({ request }, info) => {
  test.skip(info.project.name !== "desktop", "the same build for every viewport");
  const over: string[] = [];
  for (const route of ROUTES) {
    const response = await request.get(await pathOf(route, request), {
      headers: { "accept-encoding": "identity" },
    });
    expect(response.status(), route.path).toBe(route.status);
    const body = await response.body();
    const budget = HTML_AT_MOST_OWN[route.path] ?? HTML_AT_MOST;
    const gzip = gzipSync(body).length;
    console.log(
      `[html] ${route.path.padEnd(22)} gzip ${kB(gzip).padStart(8)}  parsed ${kB(body.length).padStart(9)}` +
        `  budget ${kB(budget)}`,
    );
    if (gzip > budget) over.push(`${route.path}: ${kB(gzip)} gzip > ${kB(budget)}`);
  }
  expect(over, over.join("\n")).toEqual([]);
});

/** The page's React payload (Next's `self.__next_f.push([1, "…"])` scripts), decoded. */
function reactPayload(html: string): string {
  let payload = "";
  for (const [, args] of html.matchAll(/<script>self\.__next_f\.push\((.*?)\)<\/script>/gs)) {
    const row: unknown = JSON.parse(args ?? "null");
    if (Array.isArray(row) && row[0] === 1 && typeof row[1] === "string") payload += row[1];
  }
  return payload;
}

const occurrences = (text: string, part: string) => text.split(part).length - 1;

/** A page's <head>, where Next writes the inlined stylesheets. */
const headOf = (html: string) => html.slice(0, html.indexOf("</head>"));

/** The content pages' HTML, asked for once for both stylesheet gates (the pages are cached). */
const contentPages = new Map<string, string>();
async function contentPage(request: APIRequestContext, route: QualityRoute): Promise<string> {
  const path = await pathOf(route, request);
  if (!contentPages.has(path)) contentPages.set(path, await (await request.get(path)).text());
  return contentPages.get(path)!;
}

test("the inlined stylesheets are in a page's React payload about once, not once per boundary", async ({
  request,
}, info) => {
  test.skip(info.project.name !== "desktop", "the same build for every viewport");
  const over: string[] = [];
  /** Each stylesheet's text, fetched once: every page shares most of them. */
  const sheets = new Map<string, string>();
  for (const route of ROUTES.filter((r) => r.content)) {
    const html = await contentPage(request, route);
    const hrefs = [...html.matchAll(/<style[^>]* data-href="([^"]+)"/g)].flatMap(([, list]) =>
      (list ?? "").split(" "),
    );
    expect(hrefs.length, `${route.path}: inlined stylesheets`).toBeGreaterThan(0);
    const head = headOf(html);
    const payload = reactPayload(html);
    expect(payload.length, `${route.path}: React payload`).toBeGreaterThan(1000);
    let inHead = 0;
    let inPayload = 0;
    for (const href of new Set(hrefs)) {
      if (!sheets.has(href)) sheets.set(href, await (await request.get(href)).text());
      const css = sheets.get(href)!;
      expect(css.length, href).toBeGreaterThan(100);
      expect(occurrences(head, css), `${route.path}: ${href} in the <head>`).toBe(1);
      inHead += css.length;
      inPayload += occurrences(payload, css) * css.length;
    }
    console.log(
      `[css] ${route.path.padEnd(22)} head ${kB(inHead).padStart(8)}  payload ${kB(inPayload).padStart(8)}`,
    );
    // Next's root not-found boundary repeats the root layout's own small sheet (2.7 kB).
    if (inPayload > inHead * 1.25)
      over.push(
        `${route.path}: ${kB(inPayload)} of CSS in the payload for ${kB(inHead)} in the head`,
      );
  }
  expect(over, over.join("\n")).toEqual([]);
});

/** A page's drawn markup: the <body> up to the React payload (which repeats the stylesheets). */
function markupOf(html: string): string {
  const body = html.indexOf("<body");
  const payload = html.indexOf("<script>(self.__next_f", body);
  return html.slice(body, payload < 0 ? undefined : payload);
}

/**
 * The bytes of each CSS module's rules in a stylesheet, by the module's class prefix (CSS
 * Modules name a class `<prefix>_<name>`, the prefix being the module's). Rules inside @media
 * count too; global rules (no module class) are left out.
 */
function moduleBytes(css: string): Map<string, number> {
  const bytes = new Map<string, number>();
  for (const [rule, selector] of css.matchAll(/([^{}]+)\{[^{}]*\}/g)) {
    const modules = new Set(
      [...(selector ?? "").matchAll(/\.([_-]?[A-Za-z0-9_-]{6})_[A-Za-z]/g)].map(([, m]) => m!),
    );
    for (const m of modules) bytes.set(m, (bytes.get(m) ?? 0) + rule.length);
  }
  return bytes;
}

/** What a page may carry of styles it does not draw: the notice of a feed that failed, a post's video. */
const UNDRAWN_CSS_AT_MOST = 3 * 1000;

test("a page's inlined stylesheets are its own: at most 3 kB of styles it does not draw", async ({
  request,
}, info) => {
  test.skip(info.project.name !== "desktop", "the same build for every viewport");
  // Turbopack's default CSS chunking merges the modules of many routes into shared chunks; with
  // the CSS inlined every page carried them (the home page 9.9 kB of the sitemap's, a post's,
  // the search's styles; /events 14 kB), in its head and again in its React payload.
  // next.config.mjs asks for chunks by what each page loads (cssChunking "graph", requestCost 0).
  const over: string[] = [];
  for (const route of ROUTES.filter((r) => r.content && r.status === 200)) {
    const html = await contentPage(request, route);
    const css = [...headOf(html).matchAll(/<style[^>]*>(.*?)<\/style>/gs)]
      .map(([, text]) => text)
      .join("");
    const markup = markupOf(html);
    let undrawn = 0;
    const names: string[] = [];
    for (const [module, bytes] of moduleBytes(css)) {
      if (markup.includes(`${module}_`)) continue;
      undrawn += bytes;
      names.push(module);
    }
    console.log(
      `[css] ${route.path.padEnd(22)} inlined ${kB(css.length).padStart(8)}  not drawn ${kB(undrawn).padStart(7)}` +
        (names.length ? `  (${names.join(", ")})` : ""),
    );
    expect(css.length, `${route.path}: inlined CSS`).toBeGreaterThan(2000);
    if (undrawn > UNDRAWN_CSS_AT_MOST)
      over.push(`${route.path}: ${kB(undrawn)} of styles it does not draw (${names.join(", ")})`);
  }
  expect(over, over.join("\n")).toEqual([]);
});
