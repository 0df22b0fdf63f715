/**
 * The featured video's poster comes from the site's own origin (lib/photos/video-posters.ts):
 * the server fetches YouTube's poster (the stand-in's, YOUTUBE_POSTER_ORIGIN) for the
 * configured video, resizes it to the facade's widths as WebP and keeps it. Before, every home
 * page asked i.ytimg.com for it before the reader chose to play.
 */
import sharp from "sharp";
import { STAND_IN_URL } from "./env.cjs";
import { expect, test, type Page } from "./fixtures";
import { expectServedWebp } from "./helpers";
import { COMPLETE_SLUG } from "./stand-in/blog-catalogue.cjs";
import { NO_POSTER_VIDEO, POSTER_SIZE, POSTER_VIDEOS } from "./stand-in/catalogue.cjs";
import { standIn } from "./stand-in/control";

const FEATURED = POSTER_VIDEOS[0]!;
const DEFAULT_PHOTO = "/images/default-news.svg";
const POSTER_WIDTHS = [320, 480];
const PLAYER = "https://www.youtube-nocookie.com";
const TIER = (baseURL: string) => {
  const url = new URL(baseURL);
  url.port = String(Number(url.port) + 1);
  return url.origin;
};

/** The facade's poster, once the browser has it whole (it is lazy: scrolled to first). */
async function loadedPoster(page: Page) {
  const poster = page.getByRole("button", { name: /Play video/ }).locator("img");
  await poster.scrollIntoViewIfNeeded();
  await expect
    .poll(() => poster.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
  return poster;
}

test("the home page asks nothing of another origin until the reader presses play", async ({
  page,
  baseURL,
}) => {
  // No network in tests: the player's host answers here, once the reader asks for it.
  await page.route(`${PLAYER}/**`, (route) =>
    route.fulfill({ contentType: "text/html", body: "<!doctype html><title>Player</title>" }),
  );
  const requests: string[] = [];
  page.on("request", (request) => requests.push(request.url()));
  await page.goto("/", { waitUntil: "load" });
  // Down to the video, so its lazy poster loads, and until the network is quiet.
  await page.getByRole("button", { name: /Play video/ }).scrollIntoViewIfNeeded();
  await page.waitForLoadState("networkidle");
  const own = new URL(baseURL!).origin;
  const elsewhere = () =>
    requests.filter((url) => !url.startsWith("data:") && new URL(url).origin !== own);
  expect(elsewhere(), elsewhere().join("\n")).toEqual([]);
  const poster = await loadedPoster(page);
  expect(
    new URL(await poster.evaluate((img: HTMLImageElement) => img.currentSrc)).pathname,
  ).toMatch(new RegExp(`^/photo/video/${FEATURED}/(${POSTER_WIDTHS.join("|")})\\.webp$`));
  expect(elsewhere()).toEqual([]);

  await page.getByRole("button", { name: /Play video/ }).click();
  await expect(page.locator(`iframe[src^="${PLAYER}/embed/${FEATURED}"]`)).toBeVisible();
  expect(requests.some((url) => url.startsWith(`${PLAYER}/embed/`))).toBe(true);
});

test("the poster is a WebP of each of the facade's widths, made from YouTube's once and kept", async ({
  page,
  request,
  baseURL,
}) => {
  await page.goto("/");
  const poster = await loadedPoster(page);
  expect(await poster.getAttribute("srcset")).toBe(
    POSTER_WIDTHS.map((width) => `/photo/video/${FEATURED}/${width}.webp ${width}w`).join(", "),
  );
  // The page names neither YouTube's image host nor the stand-in playing it.
  const html = await (await request.get("/")).text();
  expect(html).not.toContain("ytimg");
  expect(html).not.toContain(`${STAND_IN_URL}/vi/`);

  const original = await request.get(`${STAND_IN_URL}/vi/${FEATURED}/hqdefault.jpg`);
  const originalMeta = await sharp(await original.body()).metadata();
  expect([originalMeta.format, originalMeta.width, originalMeta.height]).toEqual([
    "jpeg",
    POSTER_SIZE.width,
    POSTER_SIZE.height,
  ]);
  const fetched = await standIn.hits(`/vi/${FEATURED}/hqdefault.jpg`);
  for (const width of POSTER_WIDTHS) {
    const body = await expectServedWebp(
      await request.get(`/photo/video/${FEATURED}/${width}.webp`),
      width,
      (width * POSTER_SIZE.height) / POSTER_SIZE.width,
    );
    expect(body.length).toBeLessThan((await original.body()).length);
  }
  // Kept on disk: asking again fetches nothing from YouTube.
  expect(await standIn.hits(`/vi/${FEATURED}/hqdefault.jpg`)).toBe(fetched);

  // The cache tier keeps it too.
  const tier = TIER(baseURL!);
  const address = `/photo/video/${FEATURED}/480.webp`;
  expect((await request.get(`${tier}${address}`)).status()).toBe(200);
  const again = await request.get(`${tier}${address}`);
  expect(again.headers()["x-cache-status"]).toBe("HIT");
  expect(again.headers()["content-type"]).toBe("image/webp");
});

test("a video YouTube has no poster for gets the default photo", async ({ page, request }) => {
  // The stand-in blog's post shows a video without a poster.
  await page.goto(`/blog/${COMPLETE_SLUG}`);
  const poster = await loadedPoster(page);
  expect(await poster.getAttribute("src")).toBe(`/photo/video/${NO_POSTER_VIDEO}/480.webp`);
  for (const width of POSTER_WIDTHS) {
    const answer = await request.get(`/photo/video/${NO_POSTER_VIDEO}/${width}.webp`, {
      maxRedirects: 0,
    });
    expect(answer.status()).toBe(302);
    expect(answer.headers()["location"]).toBe(DEFAULT_PHOTO);
  }
  // What the browser showed: the default photo, at the end of the redirect.
  const followed = await request.get(`/photo/video/${NO_POSTER_VIDEO}/480.webp`);
  expect(followed.status()).toBe(200);
  expect(new URL(followed.url()).pathname).toBe(DEFAULT_PHOTO);
});

test("a video no page shows, a width not made or a made-up path is a 404, with no fetch", async ({
  request,
}) => {
  const before = await (await fetch(`${STAND_IN_URL}/__control/hits`)).json();
  const posterHits = (hits: Record<string, number>) =>
    Object.entries(hits).filter(([path]) => path.startsWith("/vi/"));
  for (const address of [
    `/photo/video/${"B".repeat(11)}/480.webp`,
    `/photo/video/${FEATURED}/400.webp`,
    `/photo/video/${FEATURED}/480.jpg`,
    `/photo/video/${FEATURED}x/480.webp`,
    `/photo/video/..%2F..%2Fpackage.json/480.webp`,
    `/photo/video/${encodeURIComponent(`${STAND_IN_URL}/vi/${FEATURED}/hqdefault.jpg`)}/480.webp`,
  ]) {
    expect([400, 404], address).toContain((await request.get(address)).status());
  }
  const after = await (await fetch(`${STAND_IN_URL}/__control/hits`)).json();
  expect(posterHits(after)).toEqual(posterHits(before));
});
