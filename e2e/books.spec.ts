import { expect, test } from "./fixtures";

test("44 book cards open the store in a new tab", async ({ page }) => {
  await page.goto("/books");
  const cards = page.getByRole("list", { name: "Books" }).getByRole("listitem");
  await expect(cards).toHaveCount(44);
  for (const card of (await cards.all()).slice(0, 44)) {
    const link = card.getByRole("link");
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", "noopener noreferrer");
    await expect(link).toHaveAttribute("href", /^https:\/\/www\.amazon\.com\//);
    await expect(link).toContainText("View on Amazon →");
  }
  const titles = await page
    .locator("main li img")
    .evaluateAll((imgs) => imgs.map((img) => img.getAttribute("alt")));
  expect(titles.filter((t) => t?.startsWith("Billionaire"))).toHaveLength(43);
  expect(titles).toContain("The Science of Breath (1904 Edition)");
  await expect(page.getByRole("link", { name: "← Back to Home" })).toHaveAttribute("href", "/");
});

test("the grid has 2 columns on phones and 5 on wide screens", async ({ page }, info) => {
  await page.goto("/books");
  const columns = await page
    .getByRole("list", { name: "Books" })
    .evaluate((list) => getComputedStyle(list).gridTemplateColumns.split(" ").length);
  expect(columns).toBe(info.project.name === "phone" ? 2 : 5);
});

test("titles are clamped to two lines", async ({ page }) => {
  await page.goto("/books");
  const clamp = await page
    .locator("main li a > span")
    .first()
    .evaluate((el) => getComputedStyle(el).webkitLineClamp);
  expect(clamp).toBe("2");
});

test("a cover that fails to load is replaced by the placeholder", async ({ page }) => {
  // The series covers answer with an error, as a broken store image would.
  await page.route("**/books/covers/billionaire-*.svg", (route) =>
    route.fulfill({ status: 500, body: "" }),
  );
  await page.goto("/books");
  const first = page.locator("main li img").first();
  await first.scrollIntoViewIfNeeded();
  await expect(first).toHaveAttribute("src", "/books/placeholder.svg");
  // The placeholder loads after the src changes: wait for it rather than read at once.
  await expect
    .poll(() => first.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  // The 1904 book's cover is not a "billionaire-" file, so it still shows its own cover.
  const last = page.locator("main li img").last();
  await last.scrollIntoViewIfNeeded();
  await expect(last).not.toHaveAttribute("src", "/books/placeholder.svg");
});
