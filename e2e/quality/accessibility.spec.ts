/**
 * Gate: accessibility. axe-core's WCAG 2.1 A and AA rules on every route at 1280 px (desktop
 * project) and 375 px (phone project): no violations. Embedded third-party frames are not
 * ours to fix and are left out; the iframes themselves (title etc.) are checked.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "../fixtures";
import { ROUTES } from "./routes";

const WCAG_21_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

for (const { path, status } of ROUTES) {
  test(`axe: ${path} has no WCAG 2.1 A/AA violations`, async ({ page }, info) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(status);
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
      `[axe] ${info.project.name} ${path}: ${results.violations.length} violations, ${results.passes.length} rules passed`,
    );
    expect(summary, summary.join("\n")).toEqual([]);
  });
}
