/**
 * Headline photos reach readers from the site's own origin (lib/photos): real-size photos in
 * the stand-in's feeds (1050×550 JPEGs of ~100 kB, a 2048 px original of 1.2 MB on the first
 * card of / and /sports) are resized to the card's widths as WebP. The server fetches only
 * photos a headline named, through the feeds' address rules; a photo it could not fetch is the
 * default photo in the HTML itself.
 */
import path from "node:path";
import sharp from "sharp";
import { expect, test, type APIRequestContext } from "./fixtures";
import { REVALIDATE_SECRET, STAND_IN_URL } from "./env.cjs";
import { directorySize, expectServedWebp } from "./helpers";
import { standIn } from "./stand-in/control";
import { ORIGINAL_PHOTO_FEEDS, PHOTO_SIZES, SVG_PHOTO_FEEDS } from "./stand-in/catalogue.cjs";

const DEFAULT_PHOTO = "/images/default-news.svg";
const WIDTHS = [400, 640, 800, 1200];
const PHOTO_SRC = /^\/photo\/([A-Za-z0-9_-]{22})\/640\.webp$/;
const PHOTO_DIR = path.join(process.cwd(), ".next/cache/photos");
const TIER = (baseURL: string) => {
  const url = new URL(baseURL);
  url.port = String(Number(url.port) + 1);
  return url.origin;
};

test.skip(({ isMobile }) => isMobile, "the server's answers are the same at any width");

/** The cards' <img> attributes as the server wrote them. */
async function cardPhotos(request: APIRequestContext, page: string) {
  const response = await request.get(page);
  expect(response.status(), page).toBe(200);
  const html = await response.text();
  const main = html.slice(html.indexOf("<main"), html.indexOf("</main>"));
  const photos = [...main.matchAll(/<li[^>]*><img ([^>]*)\/?>/g)].map(([, attributes]) => {
    const attribute = (name: string) =>
      attributes!.match(new RegExp(`(?:^|\\s)${name}="([^"]*)"`, "i"))?.[1] ?? null;
    return {
      src: attribute("src"),
      srcSet: attribute("srcSet"),
      sizes: attribute("sizes"),
      loading: attribute("loading"),
      fetchPriority: attribute("fetchPriority"),
    };
  });
  return { html, photos };
}

async function refresh(request: APIRequestContext, section: string) {
  const answer = await request.post("/api/revalidate", {
    headers: { "x-revalidate-secret": REVALIDATE_SECRET },
    data: { sections: [section] },
  });
  expect(answer.status()).toBe(200);
}

test("a section's photos are the site's own, at the card's widths, and its HTML names no other host's photo", async ({
  request,
}) => {
  const { html, photos } = await cardPhotos(request, "/sports");
  expect(photos.length).toBeGreaterThanOrEqual(10);
  for (const photo of photos) {
    const id = photo.src?.match(PHOTO_SRC)?.[1];
    expect(id, `src ${photo.src}`).toBeTruthy();
    expect(photo.srcSet?.split(", ")).toEqual(
      WIDTHS.map((width) => `/photo/${id}/${width}.webp ${width}w`),
    );
    expect(photo.sizes).toMatch(/\d+px|vw/);
  }
  // The first at once, with high priority (the largest paint), the rest lazy: on a phone the
  // second and third cards are screens below, and asked for at once they shared the network with
  // the first photo and the scripts.
  expect(photos[0]!.loading).toBe("eager");
  expect(photos.map((p) => p.fetchPriority)).toEqual(["high", ...photos.slice(1).map(() => null)]);
  expect(new Set(photos.slice(1).map((p) => p.loading))).toEqual(new Set(["lazy"]));
  // The head asks for that one photo only (React preloads every photo not lazy).
  const preloads = [...html.matchAll(/<link rel="preload" as="image"[^>]*>/g)].map(([tag]) => tag);
  expect(preloads).toHaveLength(1);
  expect(preloads[0]).toContain('fetchPriority="high"');
  expect(preloads[0]).toContain(photos[0]!.srcSet!);
  // Neither the markup nor the React payload carries the feeds' photo addresses.
  expect(html).not.toContain(`${STAND_IN_URL}/photos/`);
  expect(html).not.toContain(".jpg");
});

test("each width of the first card's 1.2 MB original is a 16:9 WebP of that width, kept a year, a small part of the original", async ({
  request,
}) => {
  expect(ORIGINAL_PHOTO_FEEDS).toContain("baseball");
  const original = await request.get(`${STAND_IN_URL}/photos/baseball-1-original.jpg`);
  const originalBytes = (await original.body()).length;
  expect(originalBytes).toBeGreaterThan(1_000_000);
  const { photos } = await cardPhotos(request, "/sports");
  const id = photos[0]!.src!.match(PHOTO_SRC)![1]!;
  const sizes: number[] = [];
  for (const width of WIDTHS) {
    const body = await expectServedWebp(
      await request.get(`/photo/${id}/${width}.webp`),
      width,
      Math.round((width * 9) / 16),
    );
    sizes.push(body.length);
  }
  // Even the widest, for 2× screens, is under a tenth of the original.
  expect(Math.max(...sizes)).toBeLessThan(originalBytes / 10);
  console.log(
    `[photos] original ${(originalBytes / 1024).toFixed(0)} kB → ${WIDTHS.map((w, i) => `${w}px ${(sizes[i]! / 1024).toFixed(1)} kB`).join(", ")}`,
  );
});

test("a phone's first screen loads under 40 kB of photos (thumbnails), all from the site; a desktop's first screen under 150 kB", async ({
  browser,
  baseURL,
}) => {
  const standInOrigin = new URL(STAND_IN_URL).origin;
  for (const [label, viewport, deviceScaleFactor, limit] of [
    // On a phone the cards' photos are 6rem thumbnails (the smallest file, 400 px); with
    // photos the width of the screen it was 67-78 kB.
    ["375 px at 2×", { width: 375, height: 812 }, 2, 40_000],
    ["1280 px at 1×", { width: 1280, height: 900 }, 1, 150_000],
  ] as const) {
    for (const address of ["/", "/sports"]) {
      const context = await browser.newContext({ viewport, deviceScaleFactor });
      const page = await context.newPage();
      const images: Array<{ url: string; bytes: number }> = [];
      page.on("response", async (response) => {
        if (response.request().resourceType() !== "image") return;
        images.push({
          url: response.url(),
          bytes: (await response.body().catch(() => Buffer.alloc(0))).length,
        });
      });
      await page.goto(address, { waitUntil: "load" });
      await page.waitForTimeout(1_000);
      const photos = images.filter((image) => new URL(image.url).pathname.startsWith("/photo/"));
      const bytes = photos.reduce((sum, image) => sum + image.bytes, 0);
      console.log(
        `[photos] first screen of ${address} at ${label}: ${photos.length} photos, ${(bytes / 1024).toFixed(1)} kB`,
      );
      expect(photos.length, `${address} ${label}`).toBeGreaterThan(0);
      expect(bytes, `${address} ${label}`).toBeLessThan(limit);
      for (const image of images) {
        expect(new URL(image.url).origin, image.url).toBe(new URL(baseURL!).origin);
        expect(image.url.startsWith(standInOrigin)).toBe(false);
      }
      await context.close();
    }
  }
});

test("an id or width the site did not issue is a 404, with no fetch and nothing written to disk", async ({
  request,
}) => {
  const { photos } = await cardPhotos(request, "/sports");
  const id = photos[0]!.src!.match(PHOTO_SRC)![1]!;
  // Let the widths being made in the background settle before measuring the folder.
  for (const width of WIDTHS) await request.get(`/photo/${id}/${width}.webp`);
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  // Photo requests only: the feeds are polled in the background meanwhile (lib/news/schedule/scheduler.ts).
  const photoHits = async () =>
    Object.entries(
      (await (await fetch(`${STAND_IN_URL}/__control/hits`)).json()) as Record<string, number>,
    ).filter(([path]) => !path.startsWith("/feeds/"));
  const hitsBefore = await photoHits();
  const sizeBefore = directorySize(PHOTO_DIR);
  const refused = [
    `/photo/${id}/401.webp`,
    `/photo/${id}/0640.webp`,
    `/photo/${id}/640.jpg`,
    `/photo/${id}/640.png`,
    `/photo/${id}/99999.webp`,
    `/photo/${id}/640.webp.png`,
    `/photo/${id.slice(1)}/640.webp`,
    `/photo/${id}x/640.webp`,
    `/photo/${encodeURIComponent(`${STAND_IN_URL}/photos/baseball-2.jpg`)}/640.webp`,
    `/photo/..%2F..%2Fpackage.json/640.webp`,
    `/photo/${id}/..%2F..%2F..%2Fpackage.json`,
  ];
  for (let i = 0; i < 300; i++) {
    const random = Buffer.from(crypto.getRandomValues(new Uint8Array(17)))
      .toString("base64url")
      .slice(0, 22);
    refused.push(`/photo/${random}/${WIDTHS[i % WIDTHS.length]}.webp`);
  }
  for (const address of refused) {
    const answer = await request.get(address);
    expect([400, 404], address).toContain(answer.status());
  }
  expect(await photoHits()).toEqual(hitsBefore);
  expect(directorySize(PHOTO_DIR)).toBe(sizeBefore);
});

test("photos that are SVG (they could carry script) are never served: the cards show the default photo", async ({
  request,
}) => {
  expect(SVG_PHOTO_FEEDS).toEqual(["culture"]);
  const { html, photos } = await cardPhotos(request, "/culture");
  expect(photos.length).toBeGreaterThan(0);
  for (const photo of photos) {
    expect(photo.src).toBe(DEFAULT_PHOTO);
    expect(photo.srcSet).toBeNull();
  }
  expect(html).not.toContain("/images/culture-");
});

test("a dead photo is the default photo in the page's HTML from the start: no failed request, no console error", async ({
  page,
  request,
}) => {
  const stamp = Date.now();
  const internal = await standIn.internalService();
  const dead = [
    {
      title: `Ferry service resumes after the flood ${stamp}`,
      image: `${STAND_IN_URL}/photos/gone/${stamp}.jpg`,
    },
    {
      title: `Harbour lights switched on again ${stamp}`,
      image: `${STAND_IN_URL}/photos/broken/${stamp}.jpg`,
    },
    // On a loopback address that is no configured feed's: refused without a connection.
    {
      title: `Council opens the new library ${stamp}`,
      image: `${internal.origin}/photo-${stamp}.jpg`,
    },
  ];
  await standIn.override(`/photos/broken/${stamp}.jpg`, {
    mode: "status",
    status: 500,
    body: "boom",
  });
  for (const { title, image } of dead) {
    await standIn.publishHeadline("world", title, "Photo link broken on purpose.", image);
  }
  try {
    await refresh(request, "world");
    const { html, photos } = await cardPhotos(request, "/world");
    for (const { image } of dead) expect(html).not.toContain(image);
    // The three new headlines are the newest: the first three cards.
    expect(photos.slice(0, 3).map((p) => p.src)).toEqual([
      DEFAULT_PHOTO,
      DEFAULT_PHOTO,
      DEFAULT_PHOTO,
    ]);
    expect(photos[3]!.src).toMatch(PHOTO_SRC);
    expect(internal.hits.length).toBe((await standIn.internalService()).hits.length);

    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    page.on("requestfailed", (failed) => errors.push(`failed: ${failed.url()}`));
    page.on("response", (response) => {
      if (response.status() >= 400) errors.push(`${response.status()}: ${response.url()}`);
    });
    await page.goto("/world", { waitUntil: "load" });
    for (const { title } of dead) {
      const photo = page.locator("main li").filter({ hasText: title }).locator("img");
      await expect(photo).toHaveAttribute("src", DEFAULT_PHOTO);
      await expect
        .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
        .toBe(true);
    }
    await page.waitForTimeout(500);
    expect(errors).toEqual([]);
  } finally {
    await standIn.clear(`/photos/broken/${stamp}.jpg`);
    await standIn.clearHeadlines("world");
    await refresh(request, "world");
  }
});

test("the cache tier keeps each photo, one copy whatever the client accepts; an unknown id is not kept", async ({
  request,
  baseURL,
}) => {
  const tier = TIER(baseURL!);
  const { photos } = await cardPhotos(request, "/sports");
  const id = photos[1]!.src!.match(PHOTO_SRC)![1]!;
  const address = `/photo/${id}/800.webp`;
  const first = await request.get(`${tier}${address}`);
  expect(first.status()).toBe(200);
  const again = await request.get(`${tier}${address}`, {
    headers: { "accept-encoding": "gzip" },
  });
  expect(again.status()).toBe(200);
  expect(again.headers()["x-cache-status"]).toBe("HIT");
  expect(again.headers()["content-type"]).toBe("image/webp");
  expect(await again.body()).toEqual(await first.body());
  const unknown = `/photo/${"A".repeat(22)}/800.webp`;
  expect((await request.get(`${tier}${unknown}`)).status()).toBe(404);
  const second = await request.get(`${tier}${unknown}`);
  expect(second.status()).toBe(404);
  expect(second.headers()["x-cache-status"]).not.toBe("HIT");
});

test("the wire photos' widths are smaller than the feed's own photo", async ({ request }) => {
  const wire = await request.get(`${STAND_IN_URL}/photos/baseball-2.jpg`);
  const wireBytes = (await wire.body()).length;
  const meta = await sharp(await wire.body()).metadata();
  expect([meta.width, meta.height]).toEqual([PHOTO_SIZES.wire.width, PHOTO_SIZES.wire.height]);
  const { photos } = await cardPhotos(request, "/sports");
  const id = photos[1]!.src!.match(PHOTO_SRC)![1]!;
  for (const width of WIDTHS) {
    const body = await (await request.get(`/photo/${id}/${width}.webp`)).body();
    expect(body.length, `${width}`).toBeLessThan(wireBytes / 2);
  }
});
