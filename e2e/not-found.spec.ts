import { expect, test } from "@playwright/test";

for (const path of ["/no-such-page", "/deeply/nested/missing/path", "/blog-typo", "/%E2%9C%93"]) {
  test(`unknown path ${path} gets the 404 page`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Oops! Page not found");
    await page.getByRole("link", { name: "Return to Home" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Today's Headlines");
  });
}
