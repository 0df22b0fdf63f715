/**
 * Gate: hostile requests against the production server. Every generated request gets an
 * answer below 500; an unknown path gets the 404 page; the server still answers at the end.
 * The growth of .next (the on-disk cache) during the run is measured and printed too: pages
 * first rendered add to it, 404 answers must not (e2e/not-found.spec.ts holds that to a bound).
 */
import path from "node:path";
import { expect, test } from "../fixtures";
import { directorySize } from "../helpers";
import { hostileCases, type HostileCase } from "./hostile-requests";
import { sendRaw, type RawResponse } from "./raw-http";

const NOT_FOUND_TEXT = "Oops! Page not found";
const CONCURRENCY = 6;

/** Next.js answers a path with "//" or "\\" by redirecting to its clean form on this site. */
function isLocalPath(location: string): boolean {
  return location.startsWith("/") && !location.startsWith("//") && !location.startsWith("/\\");
}

const isRedirect = (response: RawResponse) => response.status >= 300 && response.status < 400;

const isNotFoundPage = (response: RawResponse) =>
  response.status === 404 && response.body.includes(NOT_FOUND_TEXT);

function describe(c: HostileCase): string {
  const target = String(c.request.target);
  const shown = target.length > 80 ? `${target.slice(0, 60)}…(${target.length} chars)` : target;
  return `${c.request.method ?? "GET"} ${JSON.stringify(shown)}`;
}

test("hostile requests: no 5xx, unknown paths get the 404 page, the server survives", async ({
  baseURL,
}, info) => {
  test.skip(info.project.name !== "desktop", "one run is enough");
  test.setTimeout(300_000);
  const { hostname, port } = new URL(baseURL!);
  const cases = hostileCases();
  expect(cases.length).toBeGreaterThanOrEqual(500);

  const cacheDir = path.join(process.cwd(), ".next");
  const sizeBefore = directorySize(cacheDir);

  const results: { c: HostileCase; response: RawResponse }[] = [];
  let next = 0;
  async function worker() {
    while (next < cases.length) {
      const c = cases[next++]!;
      results.push({ c, response: await sendRaw(hostname, Number(port), c.request) });
    }
  }
  const started = Date.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = (Date.now() - started) / 1000;

  const byCategory = new Map<string, Map<number, number>>();
  const histogram = new Map<number, number>();
  const failures: string[] = [];
  for (const { c, response } of results) {
    const counts = byCategory.get(c.category) ?? new Map<number, number>();
    counts.set(response.status, (counts.get(response.status) ?? 0) + 1);
    byCategory.set(c.category, counts);
    histogram.set(response.status, (histogram.get(response.status) ?? 0) + 1);
    const location = response.headers["location"];
    if (response.status >= 500 || response.status === 0) {
      failures.push(`${describe(c)} → ${response.status || "no answer"}`);
    } else if (location !== undefined && !isLocalPath(location)) {
      failures.push(`${describe(c)} → ${response.status} to ${location}: an open redirect`);
    } else if (c.unknownPath && !isNotFoundPage(response) && !isRedirect(response)) {
      const refused =
        (c.malformed && response.status === 400) ||
        (c.tooLarge && (response.status === 431 || response.status === 414));
      if (!refused) {
        failures.push(`${describe(c)} → ${response.status}, not the 404 page`);
      }
    }
  }
  const sizeAfter = directorySize(cacheDir);

  const format = (counts: Map<number, number>) =>
    [...counts]
      .sort(([a], [b]) => a - b)
      .map(([status, n]) => `${status || "none"}×${n}`)
      .join(" ");
  console.log(`[hostile] ${results.length} requests in ${seconds.toFixed(1)} s`);
  for (const [category, counts] of byCategory) {
    const total = [...counts.values()].reduce((a, b) => a + b, 0);
    console.log(`[hostile]   ${category}: ${total} requests, ${format(counts)}`);
  }
  console.log(`[hostile] status histogram: ${format(histogram)}`);
  console.log(
    `[hostile] .next grew by ${((sizeAfter - sizeBefore) / 1024).toFixed(1)} KB ` +
      `(${(sizeBefore / 1024 / 1024).toFixed(1)} MB → ${(sizeAfter / 1024 / 1024).toFixed(1)} MB)`,
  );

  expect(failures, failures.join("\n")).toEqual([]);

  // Still answering, with real pages.
  for (const target of ["/terms", "/", "/sports"]) {
    const response = await sendRaw(hostname, Number(port), { target });
    expect(response.status, target).toBe(200);
  }
  const missing = await sendRaw(hostname, Number(port), { target: "/still-missing" });
  expect(missing.status).toBe(404);
  expect(missing.body).toContain(NOT_FOUND_TEXT);
});
