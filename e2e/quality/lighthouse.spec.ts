/**
 * Gate: Lighthouse, mobile settings, Debian's Chromium, with the stand-in's real-size photos
 * (1050×550 JPEGs of ~100 kB; a 2048 px original of 1.2 MB on the first card of / and /sports).
 * Only what does not depend on the machine's speed, so the gate passes or fails alike on a fast
 * machine and a slow one:
 *  - accessibility, best practices and SEO 100; CLS at most 0.02;
 *  - the first screen's photos of / and /sports under 100 kB (the 1.2 MB original must come as
 *    one of the site's widths);
 *  - the photo host dead: the first card's photo cannot be had, and / and /sports keep best
 *    practices 100 with no console error.
 * Paints, blocking time, time to interactive and the performance score are measured, beside a
 * trivial page of the same Next.js, by `npm run bench:lighthouse` (scripts/bench-lighthouse.mjs).
 * scripts/lighthouse.mjs does the runs (Lighthouse is ESM-only), one per page.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { expect, test, type APIRequestContext } from "../fixtures";
import { REVALIDATE_SECRET, STAND_IN_URL } from "../env.cjs";
import { standIn } from "../stand-in/control";
import { COMPLETE_SLUG } from "../stand-in/blog-catalogue.cjs";
import { ORIGINAL_PHOTO_FEEDS } from "../stand-in/catalogue.cjs";
import type { LighthouseSummary } from "../../scripts/lib/lighthouse-summary.mjs";

const PAGES = ["/", "/sports", "/blog", `/blog/${COMPLETE_SLUG}`, "/faq", "/radio"];
/** The pages whose first card carries the 1.2 MB original photo. */
const PHOTO_PAGES = ["/", "/sports"];
/** The first screen's photos, a phone's (Lighthouse's mobile screen): see docs/photos.md. */
const FIRST_SCREEN_PHOTO_BYTES = 100 * 1024;
const CLS_AT_MOST = 0.02;

/** One page's run, as scripts/lighthouse.mjs prints it. */
type PageResult = LighthouseSummary & { path: string; throttlingMethod: string };

async function lighthouse(baseURL: string, pages: string[]) {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ["scripts/lighthouse.mjs", baseURL, ...pages],
    { maxBuffer: 16 * 1024 * 1024, timeout: 9 * 60_000 },
  );
  const results = JSON.parse(stdout.trim().split("\n").at(-1)!) as PageResult[];
  const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
  for (const r of results) {
    console.log(
      `[lighthouse] ${r.path.padEnd(28)} accessibility ${r.accessibility}  best practices ${r.bestPractices}  ` +
        `SEO ${r.seo}  CLS ${r.cls}  HTML ${kB(r.documentBytes)}  JS ${kB(r.scriptBytes)}  images ${kB(r.imageBytes)}`,
    );
  }
  return results;
}

/** Renders each page once, then loads every photo it names: what a reader after the first gets. */
async function warm(request: APIRequestContext, pages: string[]) {
  for (const path of pages) {
    const answer = await request.get(path);
    expect(answer.status(), path).toBe(200);
    const html = await answer.text();
    for (const [photo] of html.matchAll(/\/photo\/[A-Za-z0-9_-]{22}\/\d+\.webp/g)) {
      expect((await request.get(photo)).status(), photo).toBe(200);
    }
  }
}

test.describe("Lighthouse", () => {
  test.skip(({ isMobile }) => isMobile, "Lighthouse emulates its own phone");

  test(`accessibility, best practices and SEO 100, CLS ≤ ${CLS_AT_MOST}, first screen's photos < 100 kB`, async ({
    baseURL,
    request,
  }) => {
    test.setTimeout(10 * 60_000);
    await warm(request, PAGES);
    const results = await lighthouse(baseURL!, PAGES);
    const problems: string[] = [];
    for (const r of results) {
      const failing = r.failingAudits.length ? ` (failing: ${r.failingAudits.join(", ")})` : "";
      if (r.runtimeError) problems.push(`${r.path}: ${r.runtimeError}`);
      // A category Lighthouse could not score (null) is a problem too.
      const below = (score: number | null) => score === null || score < 100;
      if (below(r.accessibility))
        problems.push(`${r.path}: accessibility ${r.accessibility}${failing}`);
      if (below(r.bestPractices))
        problems.push(`${r.path}: best practices ${r.bestPractices}${failing}`);
      if (below(r.seo)) problems.push(`${r.path}: SEO ${r.seo}${failing}`);
      if (r.cls === null) problems.push(`${r.path}: no CLS figure (${r.missing.cls})`);
      else if (r.cls > CLS_AT_MOST) problems.push(`${r.path}: CLS ${r.cls} > ${CLS_AT_MOST}`);
      if (PHOTO_PAGES.includes(r.path) && r.imageBytes >= FIRST_SCREEN_PHOTO_BYTES)
        problems.push(`${r.path}: ${r.imageBytes} bytes of photos on the first screen`);
    }
    expect(results.map((r) => r.path)).toEqual(PAGES);
    expect(problems, problems.join("\n")).toEqual([]);
  });

  test("the first card's photo host dead: best practices 100, no console error", async ({
    baseURL,
    request,
  }) => {
    test.setTimeout(10 * 60_000);
    const stamp = Date.now();
    // The newest headline of / (the national feed) and of /sports (baseball) names a photo the
    // host cannot give.
    const feeds = ORIGINAL_PHOTO_FEEDS;
    for (const feed of feeds) {
      await standIn.publishHeadline(
        feed,
        `Storm closes the coast road ${feed} ${stamp}`,
        "Its photo is gone.",
        `${STAND_IN_URL}/photos/gone/${feed}-${stamp}.jpg`,
      );
    }
    const refresh = () =>
      request.post("/api/revalidate", {
        headers: { "x-revalidate-secret": REVALIDATE_SECRET },
        data: { sections: ["national", "sports"] },
      });
    try {
      expect((await refresh()).status()).toBe(200);
      await warm(request, PHOTO_PAGES);
      for (const path of PHOTO_PAGES) {
        const html = await (await request.get(path)).text();
        expect(html, path).toContain(`Storm closes the coast road`);
        expect(html, path).not.toContain(`/photos/gone/`);
      }
      const results = await lighthouse(baseURL!, PHOTO_PAGES);
      for (const r of results) {
        expect(r.runtimeError, r.path).toBeNull();
        expect(r.bestPractices, `${r.path}: ${r.failingAudits.join(", ")}`).toBe(100);
        expect(r.failingAudits, r.path).not.toContain("errors-in-console");
      }
    } finally {
      for (const feed of feeds) await standIn.clearHeadlines(feed);
      await refresh();
    }
  });
});
