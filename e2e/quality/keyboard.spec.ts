/**
 * Gate: keyboard. On every route, Tab alone reaches every visible interactive control and
 * each one shows a focus indicator; the News dropdown, the mobile menu, the headline toggle
 * and the video work from the keyboard.
 */
import { expect, test, type Page } from "../fixtures";
import { headerMenu, hydrated } from "../helpers";
import { pathOf, ROUTES } from "./routes";

const INTERACTIVE =
  'a[href], button:not([disabled]), input:not([type="hidden"]):not([disabled]), select, textarea, iframe, summary, [tabindex]:not([tabindex="-1"])';

/** Tags every visible interactive control with data-kb and returns how many there are. */
async function tagControls(page: Page): Promise<number> {
  return page.evaluate((selector) => {
    let n = 0;
    for (const el of document.querySelectorAll<HTMLElement>(selector)) {
      if (!el.checkVisibility({ visibilityProperty: true }) || el.closest("[inert]")) continue;
      el.dataset.kb = String(n++);
    }
    return n;
  }, INTERACTIVE);
}

interface FocusStop {
  id: string | null;
  label: string;
  indicator: boolean;
}

function focusStop(): FocusStop {
  const el = document.activeElement as HTMLElement | null;
  if (!el || el === document.body) return { id: null, label: "body", indicator: true };
  const style = getComputedStyle(el);
  const outline = style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0;
  const shadow = style.boxShadow !== "none";
  return {
    id: el.dataset.kb ?? null,
    label: `${el.tagName.toLowerCase()} "${(el.textContent ?? el.getAttribute("title") ?? "").trim().slice(0, 40)}"`,
    // A frame's own document draws focus inside it.
    indicator: el.tagName === "IFRAME" || outline || shadow,
  };
}

/** Presses Tab until focus comes back round to the first control; returns every stop. */
async function tabThrough(page: Page, limit: number): Promise<FocusStop[]> {
  const stops: FocusStop[] = [];
  let first: string | null = null;
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press("Tab");
    const stop = await page.evaluate(focusStop);
    if (stop.id !== null && stop.id === first) break;
    if (first === null && stop.id !== null) first = stop.id;
    // Inside a frame the top document's focus stays on the iframe: record it once.
    if (stops.at(-1)?.id === stop.id && stop.label.startsWith("iframe")) continue;
    stops.push(stop);
  }
  return stops;
}

for (const route of ROUTES) {
  test(`keyboard: every control on ${route.path} is reachable with Tab and shows focus`, async ({
    page,
  }) => {
    await page.goto(await pathOf(route, page.request));
    // A 404 page swaps in its segment's not-found.tsx as it hydrates (same texts): wait for it.
    await page.locator("main h1").first().waitFor();
    await page.waitForLoadState("load");
    // Tag the controls once React has hydrated, in case a component renders its scripted form.
    await hydrated(page.locator("body > header summary").first());
    const total = await tagControls(page);
    expect(total, "the header alone has controls").toBeGreaterThan(10);
    await page.locator("body").focus();
    // Frames can hold several stops each; allow for them.
    const stops = await tabThrough(page, total * 3 + 40);

    const reached = new Set(stops.map((s) => s.id).filter((id) => id !== null));
    const missed = await page.evaluate(
      (ids) =>
        [...document.querySelectorAll<HTMLElement>("[data-kb]")]
          .filter((el) => !ids.includes(el.dataset.kb!))
          .map((el) => el.outerHTML.slice(0, 120)),
      [...reached],
    );
    const noIndicator = stops.filter((s) => !s.indicator).map((s) => s.label);
    console.log(`[keyboard] ${route.path}: ${reached.size}/${total} controls reached with Tab`);
    // Every tagged control must still be the element that was tagged, else it was never tested.
    expect(await page.locator("[data-kb]").count(), "controls replaced while tabbing").toBe(total);
    expect(missed, `not reachable with Tab:\n${missed.join("\n")}`).toEqual([]);
    expect(noIndicator, `no visible focus:\n${noIndicator.join("\n")}`).toEqual([]);
  });
}

test("keyboard: the skip link moves focus to the main content", async ({ page }) => {
  await page.goto("/faq");
  await page.locator("body").focus();
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press("Enter");
  await expect(page.locator("main")).toBeFocused();
});

test.describe("desktop", () => {
  test.skip(({ isMobile }) => isMobile, "desktop layout only");

  test("keyboard: the News dropdown opens, is walked and followed with keys only", async ({
    page,
  }) => {
    await page.goto("/faq");
    const { toggle, menu } = headerMenu(page, "News");
    await hydrated(toggle);
    await page.locator("body").focus();
    for (let i = 0; i < 10 && !(await toggle.evaluate((b) => b === document.activeElement)); i++) {
      await page.keyboard.press("Tab");
    }
    await expect(toggle).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(menu).toHaveAttribute("open");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "National News" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/national$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("National News");
  });
});

test.describe("phone", () => {
  test.skip(({ isMobile }) => !isMobile, "phone layout only");

  test("keyboard: the mobile menu opens, is walked, closes with Escape and follows links", async ({
    page,
  }) => {
    await page.goto("/faq");
    const { toggle } = headerMenu(page, "Menu");
    await hydrated(toggle);
    await page.locator("body").focus();
    for (let i = 0; i < 10 && !(await toggle.evaluate((b) => b === document.activeElement)); i++) {
      await page.keyboard.press("Tab");
    }
    await expect(toggle).toBeFocused();
    await page.keyboard.press("Enter");
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await expect(menu).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();

    await page.keyboard.press("Enter");
    await expect(menu).toBeVisible();
    const books = menu.getByRole("link", { name: "Books" });
    for (let i = 0; i < 40 && !(await books.evaluate((b) => b === document.activeElement)); i++) {
      await page.keyboard.press("Tab");
    }
    await expect(books).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/books$/);
    await expect(menu).toBeHidden();
  });
});

test("keyboard: the headline toggle and the video facade work with Enter and Space", async ({
  page,
}) => {
  await page.route("https://www.youtube-nocookie.com/**", (route) =>
    route.fulfill({ contentType: "text/html", body: "<!doctype html><title>Player</title>" }),
  );
  await page.goto("/");
  const toggle = page.getByRole("button", { name: /^See All \(\d+ articles\)$/ });
  await toggle.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("button", { name: "Show Less" })).toHaveAttribute(
    "aria-expanded",
    "true",
  );
  await page.keyboard.press("Space");
  await expect(toggle).toHaveAttribute("aria-expanded", "false");

  await page.getByRole("button", { name: /Play video/ }).focus();
  await page.keyboard.press("Enter");
  await expect(
    page.locator('iframe[src^="https://www.youtube-nocookie.com/embed/"]'),
  ).toBeVisible();
});
