import { spawn } from "node:child_process";
import { readdirSync, statSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import {
  expect,
  type APIRequestContext,
  type APIResponse,
  type Locator,
  type Page,
  type TestInfo,
} from "@playwright/test";
import sharp from "sharp";

export const isPhone = (info: TestInfo) => info.project.name === "phone";

/** Headline titles in page order, from the server-rendered HTML (the cards' h3 headings). */
export function titlesIn(html: string): string[] {
  return [...html.matchAll(/<h3[^>]*>([^<]*)<\/h3>/g)].map((m) =>
    m[1]!
      .replace(/&amp;/g, "&")
      .replace(/&#x27;|&#39;/g, "'")
      .replace(/&quot;/g, '"'),
  );
}

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  bytes: Buffer;
}

/**
 * A raw HTTP request to 127.0.0.1:`to` carrying the given Host header: how the specs that
 * start a network ask each of its publications (or the tier in front of it) by its host.
 */
export function ask(
  to: number,
  host: string,
  pathname: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: "127.0.0.1",
        port: to,
        path: pathname,
        method: options.method ?? "GET",
        headers: { host, ...options.headers },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const bytes = Buffer.concat(chunks);
          const body = bytes.toString("utf8");
          resolve({ status: response.statusCode!, headers: response.headers, body, bytes });
        });
      },
    );
    request.on("error", reject);
    request.end(options.body);
  });
}

/**
 * The cache tier (deploy/nginx/riverbend.conf) in front of an app already running on
 * `nextPort`, as `npm run start:cached --no-app` runs it, on `port`; answers once it does.
 * `stop()` stops nginx and removes its temporary folder.
 */
export async function startTier(port: number, nextPort: number): Promise<{ stop(): void }> {
  const tier = spawn(process.execPath, ["scripts/start-cached.mjs", "--no-app"], {
    env: { ...process.env, PORT: String(port), NEXT_PORT: String(nextPort) },
    stdio: "ignore",
  });
  const stop = () => void tier.kill("SIGTERM");
  for (let i = 0; i < 100; i++) {
    try {
      if ((await ask(port, `127.0.0.1:${port}`, "/api/health")).status === 200) return { stop };
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  stop();
  throw new Error(`the cache tier did not start on ${port}`);
}

/** Bytes of every file under `dir` (e.g. `.next`, where Next.js keeps its page cache). */
export function directorySize(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) total += directorySize(full);
    else if (entry.isFile()) total += statSync(full).size;
  }
  return total;
}

/**
 * Waits until React has hydrated the element: a click that lands on the server's markup
 * before that is lost (the button has no handler yet). React keeps its props on hydrated DOM
 * nodes under a `__reactProps$…` key.
 */
export async function hydrated(locator: Locator): Promise<void> {
  await expect
    .poll(
      () =>
        locator.evaluate((element) =>
          Object.keys(element).some((key) => key.startsWith("__reactProps$")),
        ),
      { timeout: 15_000 },
    )
    .toBe(true);
}

/**
 * One of the header's menus: the `<details>` and the `<summary>` that toggles it ("News" on
 * wide screens, "Menu" on phones). Its expanded state, the one assistive technology reads, is
 * the browser's, from the details' `open`.
 */
export function headerMenu(page: Page, name: "News" | "Menu") {
  const summary = page.locator(":scope > summary", { hasText: name });
  const menu = page.locator("body > header details", { has: summary });
  return { toggle: menu.locator(summary), menu };
}

/**
 * A width the site serves of a photo or a poster: 200, WebP of `width` × `height`, kept a year
 * (made once, never changed). Answers its bytes.
 */
export async function expectServedWebp(
  answer: APIResponse,
  width: number,
  height: number,
): Promise<Buffer> {
  expect(answer.status(), `${width}`).toBe(200);
  expect(answer.headers()["content-type"]).toBe("image/webp");
  expect(answer.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  const body = await answer.body();
  const meta = await sharp(body).metadata();
  expect([meta.format, meta.width, meta.height]).toEqual(["webp", width, height]);
  return body;
}

/**
 * Waits until the archive holds what the stand-in's feeds and blog carry: the feeds are
 * recorded a moment after the scheduler reads them, the blog's posts once its list is read (the
 * sitemap's first part reads every page of it). Answers when a search finds a headline of
 * /local and a post.
 */
export async function archiveFilled(request: APIRequestContext): Promise<void> {
  await request.get("/sitemaps/1.xml");
  await expect
    .poll(
      async () => {
        // The text as read, without the marks around the words found.
        const text = async (q: string) =>
          (await (await request.get(`/search?q=${q}`)).text()).replace(/<[^>]*>/g, "");
        return (
          (await text("robotics")).includes("Robotics Team Qualifies") &&
          (await text("orchard")).includes("Orchard Notebook")
        );
      },
      { timeout: 30_000, message: "the archive records the stand-in's feeds and posts" },
    )
    .toBe(true);
}
