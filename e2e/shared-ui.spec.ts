import { expect, test } from "./fixtures";
import { isPhone } from "./helpers";

test("the featured video is a light facade that becomes the privacy-enhanced player", async ({
  page,
}) => {
  await page.goto("/");
  await expect(page.locator('iframe[src*="youtube"]')).toHaveCount(0);
  await page.getByRole("button", { name: /Play video/ }).click();
  const player = page.locator("iframe[src*='youtube-nocookie.com/embed/']");
  await expect(player).toHaveCount(1);
  const src = new URL((await player.getAttribute("src"))!);
  expect(src.searchParams.get("rel")).toBe("0");
});

test("ad slots reserve their height: one slot on phones, several on wide screens", async ({
  page,
}, info) => {
  await page.goto("/");
  const slots = page.getByRole("complementary", { name: "Advertisement" });
  const visible = await slots.evaluateAll(
    (els) => els.filter((el) => (el as HTMLElement).offsetParent !== null).length,
  );
  if (isPhone(info)) expect(visible).toBe(1);
  else expect(visible).toBeGreaterThan(1);
  const box = await slots.first().boundingBox();
  expect(box!.height).toBeGreaterThanOrEqual(250);
  // With no ad network configured the slot is a labelled house placeholder.
  await expect(slots.first().getByRole("link", { name: "Advertise with us" })).toHaveAttribute(
    "href",
    "/contact",
  );
});
