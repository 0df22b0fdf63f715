import { expect, test } from "./fixtures";
import { appEnv } from "./env.cjs";
import { standIn } from "./stand-in/control";
import {
  freePort,
  startInstance,
  tempArchive,
  type Instance,
  type TempArchive,
} from "./redis/instances.cjs";

/**
 * A push reaches a page rendered before its feed's first copy (issue 54, as an editor found
 * it): a bare server started fresh (no Redis), headlines' lifetime 300 s, a callback origin
 * set; the section read at once, so its first render races the feed's first copy; the hub's
 * signed push a few seconds later. The page was cached while the store had no copy to name,
 * and it must still give way to the pushed item within 10 s. Desktop project only: it drives
 * a server, not a layout.
 */

test.describe.configure({ mode: "serial" });
test.setTimeout(90_000);

const FEED = "lifestyle";
let app: Instance;

async function page(path: string) {
  const response = await fetch(`${app.url}${path}`);
  return { cache: response.headers.get("x-nextjs-cache"), body: await response.text() };
}

async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

test.beforeAll(async ({}, info) => {
  test.skip(info.project.name !== "desktop", "drives a server: once is enough");
  await standIn.websub.reset();
  await standIn.websub.config({ minLeaseSeconds: 1, maxLeaseSeconds: 600 });
  await standIn.websub.announce(FEED, { via: "document" });
});

/** A fresh server's archive too: empty, its own. */
let archive: TempArchive | undefined;

test.afterAll(async () => {
  await app?.cleanup();
  archive?.cleanup();
  await standIn.websub.reset();
  await standIn.clearHeadlines(FEED);
});

test("a push three seconds after a fresh server's first render shows on the page within 10 s", async () => {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  archive = tempArchive();
  app = await startInstance({
    port,
    env: {
      ...appEnv({ siteUrl: origin, feedRevalidateSeconds: 300, archiveFile: archive.file }),
      WEBSUB_CALLBACK_ORIGIN: origin,
    },
  });
  // At once: the store has no copy of the feed yet.
  const firstRender = Date.now();
  expect((await page(`/${FEED}`)).cache).not.toBe("HIT");
  // The page is now served from the cache, and stays so while nothing changes.
  await waitFor(async () => (await page(`/${FEED}`)).cache === "HIT", "a cached page", 10_000);

  const topic = standIn.websub.topic(FEED);
  await waitFor(
    async () =>
      (await standIn.websub.subscriptions()).some(
        (s) => s.topic === topic && s.callback.startsWith(`${origin}/api/websub/`) && !s.expired,
      ),
    "the subscription to the hub",
    20_000,
  );
  await new Promise((resolve) =>
    setTimeout(resolve, Math.max(0, firstRender + 3_000 - Date.now())),
  );
  expect((await page(`/${FEED}`)).cache).toBe("HIT");

  const title = `Pushed after the first render ${Date.now()}`;
  const published = Date.now();
  await standIn.publishHeadline(FEED, title);
  await waitFor(
    async () => (await page(`/${FEED}`)).body.includes(title),
    "the pushed item",
    10_000,
  );
  console.log(`pushed item shown ${Date.now() - published} ms after publishing`);
  // The push did it, not a read: the log names it.
  expect(app.output.some((line) => line.includes(`(push)`))).toBe(true);
});
