/**
 * A headline photo whose address is dead (common in real feeds) becomes the default photo,
 * as broken book covers do.
 */
import { expect, test } from "./fixtures";
import { REVALIDATE_SECRET, STAND_IN_URL } from "./env.cjs";
import { standIn } from "./stand-in/control";

const DEFAULT_PHOTO = "/images/default-news.svg";

test.skip(({ isMobile }) => isMobile, "changes the stand-in's state: run once");

test("a headline photo that fails to load is replaced by the default photo", async ({
  page,
  request,
}) => {
  const title = `Ferry service resumes after the flood ${Date.now()}`;
  const dead = `${STAND_IN_URL}/images/gone-${Date.now()}.jpg`;
  expect((await request.get(dead)).status()).toBe(404);
  await standIn.publishHeadline("world", title, "Photo link broken on purpose.", dead);
  try {
    const refresh = await request.post("/api/revalidate", {
      headers: { "x-revalidate-secret": REVALIDATE_SECRET },
      data: { sections: ["world"] },
    });
    expect(refresh.status()).toBe(200);
    await page.goto("/world");
    const card = page.locator("main li").filter({ hasText: title });
    const photo = card.locator("img");
    // The server sends the feed's address; the browser shows the default photo instead.
    expect(await (await request.get("/world")).text()).toContain(dead);
    await expect(photo).toHaveAttribute("src", DEFAULT_PHOTO);
    await expect
      .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    // Other cards keep their own photos.
    await expect(page.locator("main li img").nth(1)).toHaveAttribute("src", /\/images\/world-/);
  } finally {
    await standIn.clearHeadlines("world");
    await request.post("/api/revalidate", {
      headers: { "x-revalidate-secret": REVALIDATE_SECRET },
      data: { sections: ["world"] },
    });
  }
});
