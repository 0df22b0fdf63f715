/**
 * Gate: accessibility. axe-core's WCAG 2.1 A and AA rules on every route at 1280 px (desktop
 * project) and 375 px (phone project): no violations. Embedded third-party frames are not
 * ours to fix and are left out; the iframes themselves (title etc.) are checked. The search's
 * and the archive's pages are checked with scripts off as well.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "../fixtures";
import { pathOf, ROUTES, type QualityRoute } from "./routes";

const WCAG_21_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/** axe's WCAG 2.1 A/AA violations on the route's page, as it loaded: none. */
async function expectNoViolations(page: Page, route: QualityRoute, label: string) {
  const response = await page.goto(await pathOf(route, page.request));
  expect(response?.status()).toBe(route.status);
  await page.waitForLoadState("load");
  const results = await new AxeBuilder({ page })
    .withTags(WCAG_21_AA)
    .options({ iframes: false })
    .analyze();
  const summary = results.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n` +
      v.nodes
        .slice(0, 5)
        .map((n) => `    ${n.target.join(" ")} ${n.failureSummary?.split("\n")[1] ?? ""}`)
        .join("\n"),
  );
  console.log(
    `[axe] ${label} ${route.path}: ${results.violations.length} violations, ${results.passes.length} rules passed`,
  );
  expect(summary, summary.join("\n")).toEqual([]);
  // The photos and embeds below load as a reader scrolls, under the page's policy too: a
  // violation fails this test (e2e/fixtures.ts).
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.waitForLoadState("networkidle");
}

for (const route of ROUTES) {
  test(`axe: ${route.path} has no WCAG 2.1 A/AA violations`, async ({ page }, info) => {
    await expectNoViolations(page, route, info.project.name);
  });
}

/**
 * The page as a reader without JavaScript has it: none of its scripts run, and the styles for
 * `(scripting: none)` apply, those for `(scripting: enabled)` do not. axe runs in the page, so
 * the browser's scripts stay on and the page's are taken out of its HTML instead.
 */
async function withoutPageScripts(page: Page) {
  await page.route("**/*", async (route) => {
    const type = route.request().resourceType();
    if (type === "script") return route.abort();
    if (type !== "document") return route.continue();
    const response = await route.fetch();
    const body = (await response.text())
      .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "")
      .replace(/\(scripting:\s*none\)/g, "all")
      .replace(/\(scripting:\s*enabled\)/g, "not all");
    await route.fulfill({ response, body });
  });
}

// The search's, the archive's and a story's pages are read without scripts too (their forms and
// links are plain HTML): the same rules, at both widths, as those readers have the page.
test.describe("without the page's scripts", () => {
  for (const route of ROUTES.filter((r) => /^\/(search|archive|story)\b/.test(r.path))) {
    test(`axe: ${route.path} without scripts has no WCAG 2.1 A/AA violations`, async ({
      page,
    }, info) => {
      await withoutPageScripts(page);
      await expectNoViolations(page, route, `${info.project.name}, no scripts,`);
    });
  }
});
