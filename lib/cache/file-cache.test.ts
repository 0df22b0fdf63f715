import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
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

describe("FileCache on a bounded disk (PAGE_CACHE_MAX_MB)", () => {
  const saved = process.env.PAGE_CACHE_MAX_MB;
  afterEach(() => {
    if (saved === undefined) delete process.env.PAGE_CACHE_MAX_MB;
    else process.env.PAGE_CACHE_MAX_MB = saved;
  });

  const MB = 1024 * 1024;

  /** A dated archive page as Next stores it: about 100 kB of HTML and its React payload. */
  function archivePage(day: number) {
    const story = `<article><h2>Council meeting, day ${day}</h2><p>${"Riverbend news. ".repeat(40)}</p></article>`;
    return {
      ...page(
        `<html>${story.repeat(Math.ceil(100_000 / story.length))}</html>`,
        `_N_T_/site/${day}`,
      ),
      rscData: Buffer.alloc(30_000, day % 251),
    };
  }

  /** What the cache folder holds on disk now, every file counted (entries, tags.json, writes under way). */
  function folderBytes(dir: string) {
    return readdirSync(dir).reduce((sum, name) => {
      try {
        return sum + statSync(path.join(dir, name)).size;
      } catch {
        return sum; // removed while counting
      }
    }, 0);
  }

  const pageFiles = (dir: string) => readdirSync(dir).filter((name) => /^[0-9a-f]{64}$/.test(name));

  async function boundedCache(mb: number, dir = distDir("build-bounded"), memory = 0) {
    process.env.PAGE_CACHE_MAX_MB = String(mb);
    const { FileCache } = await started();
    const cache = new FileCache({
      serverDistDir: path.join(dir, "server"),
      maxMemoryCacheSize: memory,
    });
    return { cache, dir, folder: cache.folder.dir };
  }

  it("keeps the folder within the bound while a crawler writes many times more pages", async () => {
    const { cache, folder } = await boundedCache(1);
    let most = 0;
    const measure = () => (most = Math.max(most, folderBytes(folder)));
    // 120 writes, 8 at a time: 96 dated pages, every fifth write one of them written again.
    for (let batch = 0; batch < 15; batch++) {
      await Promise.all(
        Array.from({ length: 8 }, (_, i) => {
          const n = batch * 8 + i;
          const day = n % 5 === 4 ? n - 4 : n;
          return cache.set(`/site/archive/${day}`, archivePage(day), pageCtx).then(measure);
        }),
      );
    }
    const files = pageFiles(folder);
    const entry = statSync(path.join(folder, files[0]!)).size;
    // Each page is about 130 kB on disk: the 96 pages would take 12.5 MB.
    expect(entry).toBeGreaterThan(120_000);
    // At most the bound, plus the pages being written again at that moment (8 at a time here).
    expect(most).toBeLessThanOrEqual(1 * MB + 8 * entry);
    expect(folderBytes(folder)).toBeLessThanOrEqual(1 * MB);
    expect(cache.folder.disk.bytes).toBeLessThanOrEqual(1 * MB);
    // Still a cache: the bound is filled, not emptied.
    expect(files.length).toBeGreaterThanOrEqual(6);
    expect(cache.folder.disk.bytes).toBeGreaterThan(1 * MB - 2 * entry);
  });

  it("keeps what was read recently; what it removed is a miss, not an error", async () => {
    const { cache } = await boundedCache(1);
    await cache.set("/site/archive/home", archivePage(0), pageCtx);
    for (let day = 1; day <= 40; day++) {
      await cache.set(`/site/archive/${day}`, archivePage(day), pageCtx);
      if (day % 3 === 0)
        expect(await cache.get("/site/archive/home", { kind: "APP_PAGE" })).not.toBeNull();
    }
    expect((await cache.get("/site/archive/home", { kind: "APP_PAGE" }))?.value.html).toContain(
      "day 0",
    );
    await expect(cache.get("/site/archive/1", { kind: "APP_PAGE" })).resolves.toBeNull();
    await expect(cache.get("/site/archive/20", { kind: "APP_PAGE" })).resolves.toBeNull();
    expect((await cache.get("/site/archive/40", { kind: "APP_PAGE" }))?.value.html).toContain(
      "day 40",
    );
    // Written again after it was removed: kept, and served.
    await cache.set("/site/archive/1", archivePage(1), pageCtx);
    expect((await cache.get("/site/archive/1", { kind: "APP_PAGE" }))?.value.html).toContain(
      "day 1",
    );
  });

  it("counts a read from the memory copy as a use: a page served from memory keeps its file", async () => {
    const { cache } = await boundedCache(1, undefined, 64 * MB);
    await cache.set("/site/archive/home", archivePage(0), pageCtx);
    for (let day = 1; day <= 40; day++) {
      await cache.set(`/site/archive/${day}`, archivePage(day), pageCtx);
      await cache.get("/site/archive/home", { kind: "APP_PAGE" });
    }
    expect(existsSync(cache.fileOf("/site/archive/home"))).toBe(true);
    expect(existsSync(cache.fileOf("/site/archive/1"))).toBe(false);
  });

  it("builds its index from the folder at start: least recently used first, unfinished writes removed", async () => {
    const first = await boundedCache(2);
    for (let day = 0; day < 12; day++) {
      await first.cache.set(`/site/archive/${day}`, archivePage(day), pageCtx);
      // Apart in time: a file's time is the kernel's coarse clock, a few ms a tick.
      await new Promise((resolve) => setTimeout(resolve, 15));
    }
    await first.cache.revalidateTag("_N_T_/site/none");
    // Read from disk: its file's time says so for the next process.
    const read = first.cache.fileOf("/site/archive/0");
    const before = statSync(read).mtimeMs;
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await first.cache.get("/site/archive/0", { kind: "APP_PAGE" })).not.toBeNull();
    for (let i = 0; i < 100 && statSync(read).mtimeMs === before; i++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    // A write that a stopped process left half done.
    const unfinished = `${first.cache.fileOf("/site/archive/99")}.0b1c.tmp`;
    writeFileSync(unfinished, Buffer.alloc(200_000));
    expect(folderBytes(first.folder)).toBeGreaterThan(1.5 * MB);

    // Restarted with a smaller bound: the folder is brought within it, oldest use first.
    const second = await boundedCache(1, first.dir);
    await second.cache.folder.disk.ready;
    expect(folderBytes(second.folder)).toBeLessThanOrEqual(1 * MB);
    expect(existsSync(unfinished)).toBe(false);
    expect(existsSync(path.join(second.folder, "tags.json"))).toBe(true);
    expect(await second.cache.get("/site/archive/0", { kind: "APP_PAGE" })).not.toBeNull();
    expect(await second.cache.get("/site/archive/1", { kind: "APP_PAGE" })).toBeNull();
    expect(await second.cache.get("/site/archive/11", { kind: "APP_PAGE" })).not.toBeNull();
    // And kept within it as it goes on.
    for (let day = 12; day < 30; day++) {
      await second.cache.set(`/site/archive/${day}`, archivePage(day), pageCtx);
    }
    expect(folderBytes(second.folder)).toBeLessThanOrEqual(1 * MB);
  });

  it("does not write an entry larger than the whole bound, nor keep the copy it replaces", async () => {
    const { cache } = await boundedCache(1);
    await cache.set("/site/archive/big", archivePage(1), pageCtx);
    const huge = { ...archivePage(2), html: "<html>" + "x".repeat(1.2 * MB) + "</html>" };
    await expect(cache.set("/site/archive/big", huge, pageCtx)).resolves.toBeUndefined();
    expect(existsSync(cache.fileOf("/site/archive/big"))).toBe(false);
    expect(await cache.get("/site/archive/big", { kind: "APP_PAGE" })).toBeNull();
    expect(cache.folder.disk.bytes).toBe(0);
  });
});
