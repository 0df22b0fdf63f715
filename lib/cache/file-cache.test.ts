import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

type FileCacheModule = typeof import("./file-cache.mjs");

/** The folders the tests made, removed when they are done. */
const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/** A `.next` of its own, with a BUILD_ID, as Next lays it out. */
function distDir(buildId: string, dir = mkdtempSync(path.join(tmpdir(), "riverbend-cache-"))) {
  if (!made.includes(dir)) made.push(dir);
  mkdirSync(path.join(dir, "server"), { recursive: true });
  writeFileSync(path.join(dir, "BUILD_ID"), buildId);
  return dir;
}

/** The module as a freshly started server loads it (nothing remembered in memory). */
async function started(): Promise<FileCacheModule> {
  jest.resetModules();
  // What the process held (lib/process/singleton.mjs) is gone with it.
  const held = globalThis as Record<string, unknown>;
  delete held["__riverbend:cache-folders"];
  delete held["__riverbend:freshness"];
  return import("./file-cache.mjs");
}

const page = (html: string, tags: string) => ({
  kind: "APP_PAGE",
  status: 200,
  html,
  rscData: Buffer.from("0:[]"),
  headers: { "x-next-cache-tags": tags },
  segmentData: new Map([["/_tree", Buffer.from("tree")]]),
  postponed: undefined,
});
const pageCtx = { cacheControl: { revalidate: 300, expire: 31536000 } };

describe("FileCache", () => {
  it("keeps a page whole on disk: a restarted server reads it back as Next stored it", async () => {
    const dir = distDir("build-a");
    const { FileCache } = await started();
    const stored = page("<html>Sports</html>", "_N_T_/layout,_N_T_/site/sports,feed:abc");
    await new FileCache({ serverDistDir: path.join(dir, "server") }).set(
      "/site/sports",
      stored,
      pageCtx,
    );

    const { FileCache: Restarted } = await started();
    const entry = await new Restarted({ serverDistDir: path.join(dir, "server") }).get(
      "/site/sports",
      {
        kind: "APP_PAGE",
      },
    );
    expect(entry?.value).toEqual(stored);
    expect(Buffer.isBuffer(entry?.value.rscData)).toBe(true);
    expect(entry?.value.segmentData.get("/_tree")).toEqual(Buffer.from("tree"));
    expect(entry?.cacheControl).toEqual(pageCtx.cacheControl);
    expect(Math.abs(Date.now() - entry!.lastModified)).toBeLessThan(5_000);
  });

  it("misses a page once one of its tags is expired, also after a restart", async () => {
    const dir = distDir("build-a");
    const { FileCache } = await started();
    const cache = new FileCache({ serverDistDir: path.join(dir, "server") });
    await cache.set(
      "/site/sports",
      page("<html>old</html>", "_N_T_/site/sports,feed:abc"),
      pageCtx,
    );
    await cache.set(
      "/site/opinion",
      page("<html>kept</html>", "_N_T_/site/opinion,feed:xyz"),
      pageCtx,
    );
    await new Promise((resolve) => setTimeout(resolve, 5));
    await cache.revalidateTag(["feed:abc"]);
    expect(await cache.get("/site/sports", { kind: "APP_PAGE" })).toBeNull();
    expect((await cache.get("/site/opinion", { kind: "APP_PAGE" }))?.value.html).toBe(
      "<html>kept</html>",
    );

    const { FileCache: Restarted } = await started();
    const again = new Restarted({ serverDistDir: path.join(dir, "server") });
    expect(await again.get("/site/sports", { kind: "APP_PAGE" })).toBeNull();
    // Rendered again after the refresh: served.
    await again.set(
      "/site/sports",
      page("<html>new</html>", "_N_T_/site/sports,feed:abc"),
      pageCtx,
    );
    expect((await again.get("/site/sports", { kind: "APP_PAGE" }))?.value.html).toBe(
      "<html>new</html>",
    );
  });

  it("expires data entries by their tags and the reading page's implicit tags (revalidatePath)", async () => {
    const dir = distDir("build-a");
    const { FileCache } = await started();
    const cache = new FileCache({
      serverDistDir: path.join(dir, "server"),
      maxMemoryCacheSize: 1 << 20,
    });
    const data = {
      kind: "FETCH",
      data: { body: "[1,2]", headers: {}, status: 200, url: "" },
      revalidate: 300,
    };
    await cache.set("headlines-key", data, { fetchCache: true, tags: ["headlines", "feed:abc"] });
    const read = {
      kind: "FETCH",
      tags: ["headlines", "feed:abc"],
      softTags: ["_N_T_/site/sports"],
    };
    expect((await cache.get("headlines-key", read))?.value.data.body).toBe("[1,2]");
    await new Promise((resolve) => setTimeout(resolve, 5));
    await cache.revalidateTag("_N_T_/site/sports");
    expect(await cache.get("headlines-key", read)).toBeNull();
    // Another page reading the same entry is not concerned by that path.
    expect(
      await cache.get("headlines-key", { ...read, softTags: ["_N_T_/site/world"] }),
    ).not.toBeNull();
  });

  it("a tag expiring later leaves the entry until then", async () => {
    const dir = distDir("build-a");
    const { FileCache } = await started();
    const cache = new FileCache({ serverDistDir: path.join(dir, "server") });
    await cache.set("/site/faq", page("<html>faq</html>", "_N_T_/site/faq"), pageCtx);
    await cache.revalidateTag(["_N_T_/site/faq"], { expire: 60 });
    expect(await cache.get("/site/faq", { kind: "APP_PAGE" })).not.toBeNull();
  });

  it("serves no page of another build, and lets an earlier build's folder go", async () => {
    const dir = distDir("build-a");
    const { FileCache } = await started();
    await new FileCache({ serverDistDir: path.join(dir, "server") }).set(
      "/site/sports",
      page("<html>build a</html>", "_N_T_/site/sports"),
      pageCtx,
    );
    distDir("build-b", dir);
    const { FileCache: NewBuild } = await started();
    const cache = new NewBuild({ serverDistDir: path.join(dir, "server") });
    expect(await cache.get("/site/sports", { kind: "APP_PAGE" })).toBeNull();
    expect(readdirSync(path.join(dir, "cache", "pages"))).toEqual(["build-b"]);
  });

  it("removes an entry Next sets to nothing, and never returns a half-written file", async () => {
    const dir = distDir("build-a");
    const { FileCache } = await started();
    const cache = new FileCache({ serverDistDir: path.join(dir, "server") });
    await cache.set("/site/terms", page("<html>terms</html>", "_N_T_/site/terms"), pageCtx);
    const file = cache.fileOf("/site/terms");
    expect(existsSync(file)).toBe(true);
    await cache.set("/site/terms", null);
    expect(existsSync(file)).toBe(false);
    writeFileSync(file, "not an entry");
    expect(await cache.get("/site/terms", { kind: "APP_PAGE" })).toBeNull();
  });

  it("misses an entry made from a feed version since replaced, however late it was written", async () => {
    const dir = distDir("build-versions");
    const { FileCache } = await started();
    const { publishVersion } = await import("./freshness.mjs");
    const cache = new FileCache({ serverDistDir: path.join(dir, "server") });
    await publishVersion("feed:abc", "v1");
    await cache.set(
      "/site/culture",
      page("<html>v1</html>", "_N_T_/site/culture,feed:abc,feed:abc@v1"),
      pageCtx,
    );
    await cache.set("/site/terms", page("<html>terms</html>", "_N_T_/site/terms"), pageCtx);
    expect((await cache.get("/site/culture", { kind: "APP_PAGE" }))?.value.html).toBe(
      "<html>v1</html>",
    );

    // The feed moves on; a render that read v1 stores its page only now (the late write).
    await publishVersion("feed:abc", "v2");
    await cache.set(
      "/site/culture",
      page("<html>v1, late</html>", "_N_T_/site/culture,feed:abc,feed:abc@v1"),
      pageCtx,
    );
    expect(await cache.get("/site/culture", { kind: "APP_PAGE" })).toBeNull();
    // A data entry carries the versions it was read with, too.
    await cache.set(
      "headlines-culture",
      { kind: "FETCH", data: { body: "[]", headers: {}, url: "" }, revalidate: 300 },
      { fetchCache: true, tags: ["feed:abc", "feed:abc@v1"] },
    );
    expect(
      await cache.get("headlines-culture", { kind: "FETCH", tags: ["feed:abc", "feed:abc@v1"] }),
    ).toBeNull();

    await cache.set(
      "/site/culture",
      page("<html>v2</html>", "_N_T_/site/culture,feed:abc,feed:abc@v2"),
      pageCtx,
    );
    expect((await cache.get("/site/culture", { kind: "APP_PAGE" }))?.value.html).toBe(
      "<html>v2</html>",
    );
    // What carries no version of the feed is untouched.
    expect((await cache.get("/site/terms", { kind: "APP_PAGE" }))?.value.html).toBe(
      "<html>terms</html>",
    );
  });

  it("misses an entry made from a feed without a version once the feed's copy changes", async () => {
    const dir = distDir("build-unversioned");
    const { FileCache } = await started();
    const { publishVersion } = await import("./freshness.mjs");
    const cache = new FileCache({ serverDistDir: path.join(dir, "server") });
    // Rendered while the store had no copy of the feed: its tag, no version.
    await cache.set(
      "/site/lifestyle",
      page("<html>first</html>", "_N_T_/site/lifestyle,feed:life"),
      pageCtx,
    );
    const written = Date.now();
    // The first copy had appeared before the page was written: the page shows it.
    await publishVersion("feed:life", "v1", { confirmedAt: written, changedAt: written - 1_000 });
    expect((await cache.get("/site/lifestyle", { kind: "APP_PAGE" }))?.value.html).toBe(
      "<html>first</html>",
    );
    // Read again unchanged: still current.
    await publishVersion("feed:life", "v1", {
      confirmedAt: written + 5,
      changedAt: written - 1_000,
    });
    expect(await cache.get("/site/lifestyle", { kind: "APP_PAGE" })).not.toBeNull();
    // A push changes the copy after the page was written: the page is a miss, on any instance.
    await publishVersion("feed:life", "v2", { changedAt: written + 3_000 });
    expect(await cache.get("/site/lifestyle", { kind: "APP_PAGE" })).toBeNull();
    // A tag that never had a version (the blog's) judges nothing.
    await cache.set("/site/blog", page("<html>blog</html>", "_N_T_/site/blog,blog:site"), pageCtx);
    expect((await cache.get("/site/blog", { kind: "APP_PAGE" }))?.value.html).toBe(
      "<html>blog</html>",
    );
  });

  it("misses an entry past its lifetime and the stale bound, however long it sat unread", async () => {
    const dir = distDir("build-bound");
    const { FileCache } = await started();
    const { STALE_BOUND_SECONDS } = await import("./freshness.mjs");
    const cache = new FileCache({ serverDistDir: path.join(dir, "server") });
    const written = Date.now();
    await cache.set("/site/food", page("<html>food</html>", "_N_T_/site/food"), pageCtx);
    await cache.set("/site/about", page("<html>about</html>", "_N_T_/site/about"), {
      cacheControl: { revalidate: false },
    });
    const clock = jest.spyOn(Date, "now");
    try {
      clock.mockReturnValue(written + (300 + STALE_BOUND_SECONDS - 1) * 1000);
      // Stale (past its 300 s), within the bound: served while Next renders it again.
      expect(await cache.get("/site/food", { kind: "APP_PAGE" })).not.toBeNull();
      clock.mockReturnValue(written + (300 + STALE_BOUND_SECONDS + 1) * 1000);
      expect(await cache.get("/site/food", { kind: "APP_PAGE" })).toBeNull();
      // A page that never revalidates has no bound.
      clock.mockReturnValue(written + 365 * 86_400_000);
      expect(await cache.get("/site/about", { kind: "APP_PAGE" })).not.toBeNull();
    } finally {
      clock.mockRestore();
    }
  });
});
