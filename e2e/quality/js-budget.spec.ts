/**
 * Gate: JavaScript budget. The first-load JavaScript of each route (gzip) is every chunk its
 * server-rendered HTML asks for: the <script> tags and the client-component chunks named in
 * the React payload. Measured on this build's own files and printed beside the smallest
 * route; a content page may add at most 20 kB over that baseline.
 */
import { gzipSync } from "node:zlib";
import { expect, test } from "../fixtures";
import { ROUTES } from "./routes";

const BUDGET_OVER_BASELINE = 20 * 1000;
const CHUNK = /\/_next\/static\/chunks\/[A-Za-z0-9._~-]+\.js/g;

test("JavaScript budget: content pages add at most 20 kB (gzip) over the smallest route", async ({
  request,
}, info) => {
  test.skip(info.project.name !== "desktop", "the same build for every viewport");
  const gzipped = new Map<string, number>();
  const sizes: { path: string; content: boolean; bytes: number; chunks: number }[] = [];
  for (const route of ROUTES) {
    const html = await (await request.get(route.path)).text();
    const chunks = [...new Set(html.match(CHUNK) ?? [])];
    let bytes = 0;
    for (const chunk of chunks) {
      if (!gzipped.has(chunk)) {
        const response = await request.get(chunk);
        expect(response.status(), chunk).toBe(200);
        gzipped.set(chunk, gzipSync(await response.body(), { level: 9 }).length);
      }
      bytes += gzipped.get(chunk)!;
    }
    sizes.push({ path: route.path, content: route.content, bytes, chunks: chunks.length });
  }

  const baseline = sizes.reduce((min, s) => (s.bytes < min.bytes ? s : min));
  const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
  console.log(`[js] baseline: ${baseline.path} ${kb(baseline.bytes)} (${baseline.chunks} chunks)`);
  const over: string[] = [];
  for (const s of sizes) {
    const extra = s.bytes - baseline.bytes;
    console.log(
      `[js] ${s.path.padEnd(22)} ${kb(s.bytes).padStart(9)}  +${kb(extra).padStart(8)}` +
        `  ${s.chunks} chunks${s.content ? "" : "  (not a content page)"}`,
    );
    if (s.content && extra > BUDGET_OVER_BASELINE) {
      over.push(`${s.path}: +${kb(extra)} over ${baseline.path}`);
    }
  }
  expect(over, over.join("\n")).toEqual([]);
});
