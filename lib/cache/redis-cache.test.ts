import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { FileCache } from "./file-cache.mjs";
import { STALE_BOUND_SECONDS } from "./freshness.mjs";
import { RESP_TYPES } from "redis";
import { compressingEntries, lifespan, redisFirst, storage } from "./redis-cache.mjs";
import { pruneTagMaps } from "./redis-tag-maps.mjs";

/** Records the context Next hands the handler it wraps. */
class RecordingBase {
  constructor(readonly ctx: { maxMemoryCacheSize?: number; [key: string]: unknown }) {}
}

describe("redisFirst", () => {
  it("keeps no memory copy of the entries: Redis answers every read, the disk when it cannot", () => {
    const Shared = redisFirst(RecordingBase);
    const handler = new Shared({ maxMemoryCacheSize: 32 * 1024 * 1024, serverDistDir: "/x" });
    expect(handler.ctx.maxMemoryCacheSize).toBe(0);
    expect(handler.ctx.serverDistDir).toBe("/x");
  });

  it("so the file cache under it keeps no memory copy either", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "riverbend-redis-"));
    try {
      const handler = new (redisFirst(FileCache))({
        serverDistDir: path.join(dir, "server"),
        maxMemoryCacheSize: 32 * 1024 * 1024,
      });
      expect(handler.folder.memory).toBeNull();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("compressingEntries", () => {
  /**
   * A stand-in for the redis client, as far as the storage handler uses it: a value is kept as
   * the bytes Redis would hold, and read as text unless bytes are asked for.
   */
  function fakeClient() {
    const held = new Map<string, Buffer>();
    const base = {
      held,
      isReady: true,
      options: { asBytes: false, signal: null as AbortSignal | null },
      withAbortSignal(signal: AbortSignal) {
        return { ...this, options: { ...this.options, signal } };
      },
      // Bytes when the mapping asks strings (RESP's bulk strings, as the package names them) as
      // Buffers: the module names that type without loading the package.
      withTypeMapping(mapping: Record<number, unknown>) {
        const asBytes = mapping[RESP_TYPES.BLOB_STRING] === Buffer;
        return { ...this, options: { ...this.options, asBytes } };
      },
      async get(key: string) {
        const bytes = held.get(key);
        if (!bytes) return null;
        return this.options.asBytes ? bytes : bytes.toString("utf8");
      },
      async set(key: string, value: string | Buffer) {
        held.set(key, Buffer.isBuffer(value) ? value : Buffer.from(value));
        return "OK";
      },
      async hSet() {
        return this.options.signal ? 1 : 0;
      },
    };
    return base;
  }

  const page = JSON.stringify({
    value: { kind: "APP_PAGE", html: "<p>Riverbend’s council</p>".repeat(5_000) },
  });

  it("stores a page gzipped and gives the handler back the text it wrote", async () => {
    const client = fakeClient();
    const signal = AbortSignal.timeout(1000);
    await compressingEntries(client).withAbortSignal(signal).set("page", page, { EXAT: 1 });
    const stored = client.held.get("page")!;
    expect([stored[0], stored[1]]).toEqual([0x1f, 0x8b]);
    expect(stored.length).toBeLessThan(page.length / 10);
    expect(await compressingEntries(client).withAbortSignal(signal).get("page")).toBe(page);
    expect(await compressingEntries(client).withAbortSignal(signal).get("missing")).toBeNull();
  });

  it("reads entries written before as they are, keeps small values plain, passes the rest on", async () => {
    const client = fakeClient();
    client.held.set("old", Buffer.from(page));
    const wrapped = compressingEntries(client).withAbortSignal(AbortSignal.timeout(1000));
    expect(await wrapped.get("old")).toBe(page);
    await wrapped.set("tags", '["feed:a"]');
    expect(client.held.get("tags")!.toString("utf8")).toBe('["feed:a"]');
    expect(await wrapped.hSet()).toBe(1);
    expect(compressingEntries(client).isReady).toBe(true);
  });

  it("reads an entry that begins as gzip but does not inflate as a miss, not a failure", async () => {
    const client = fakeClient();
    const wrapped = compressingEntries(client).withAbortSignal(AbortSignal.timeout(1000));
    await wrapped.set("page", page);
    const whole = client.held.get("page")!;
    client.held.set("page", whole.subarray(0, whole.length / 2));
    const warn = jest.spyOn(console, "warn").mockImplementation(() => {});
    try {
      await expect(wrapped.get("page")).resolves.toBeNull();
      expect(warn).toHaveBeenCalledWith(expect.stringContaining("entry page is not valid gzip"));
    } finally {
      warn.mockRestore();
    }
    await wrapped.set("page", page);
    expect(await wrapped.get("page")).toBe(page);
  });
});

/**
 * A stand-in for Redis as the storage handler drives it: strings with an expiry (EXAT, EX, NX),
 * hashes (hSet, hExists, hmGet, hScan, hDel), unlink. `now` is Redis's clock, in seconds.
 */
function fakeRedis() {
  const strings = new Map<string, { value: string | Buffer; expireAt: number | null }>();
  const hashes = new Map<string, Map<string, string>>();
  const clock = { now: Math.floor(Date.now() / 1000) };
  const live = (key: string) => {
    const held = strings.get(key);
    if (held && held.expireAt !== null && held.expireAt <= clock.now) strings.delete(key);
    return strings.get(key);
  };
  const hash = (key: string) => hashes.get(key) ?? hashes.set(key, new Map()).get(key)!;
  const client = {
    strings,
    hashes,
    clock,
    isReady: true,
    withAbortSignal: () => client,
    withTypeMapping: () => client,
    async get(key: string) {
      return live(key)?.value ?? null;
    },
    async set(
      key: string,
      value: string | Buffer,
      options?: { EXAT?: number; EX?: number; NX?: boolean },
    ) {
      if (options?.NX && live(key)) return null;
      const expireAt = options?.EXAT ?? (options?.EX ? clock.now + options.EX : null);
      strings.set(key, { value, expireAt });
      return "OK";
    },
    async hSet(key: string, field: string, value: string | number) {
      hash(key).set(field, String(value));
      return 1;
    },
    async hExists(key: string, field: string) {
      return hash(key).has(field);
    },
    async hmGet(key: string, fields: string[]) {
      return fields.map((field) => hash(key).get(field) ?? null);
    },
    async hScan(key: string) {
      const entries = [...hash(key)].map(([field, value]) => ({ field, value }));
      return { cursor: "0", entries };
    },
    async hDel(key: string, fields: string | string[]) {
      for (const field of [fields].flat()) hash(key).delete(field);
      return 1;
    },
    async unlink(keys: string | string[]) {
      for (const key of [keys].flat()) strings.delete(key);
      return 1;
    },
  };
  return client;
}

const TAGS = "riverbend:next:__sharedTags__";
const TTLS = "riverbend:next:__sharedTagsTtl__";

/** What the storage handler stores: Next's entry with its tags and lifespan. */
type SharedEntry = Parameters<ReturnType<typeof storage>["set"]>[1];

/** An entry as redisFirst hands it to the storage handler (a page, cut to what it reads). */
function sharedEntry(lastModified: number, revalidate: number | null): SharedEntry {
  const page = { kind: "APP_PAGE", status: 200, html: "<p>day</p>".repeat(200), headers: {} };
  return {
    lastModified,
    lifespan: lifespan(lastModified, revalidate),
    tags: ["_N_T_/site/archive", "feed:abc", "feed:abc@v1"],
    value: page as unknown as SharedEntry["value"],
  };
}

describe("what the shared cache writes to Redis expires", () => {
  it("every entry: its lifetime and the stale bound, a minute more for clocks, at most 7 days", () => {
    const written = Date.UTC(2026, 0, 5, 12, 0, 0);
    const at = written / 1000;
    const page = lifespan(written, 300);
    expect(page.expireAt - at).toBe(300 + STALE_BOUND_SECONDS + 60);
    // Never before a read could still use it (stale, within the bound), never much after.
    expect(page.expireAt - at).toBeGreaterThan(300 + STALE_BOUND_SECONDS);
    expect(lifespan(written, 86_400).expireAt - at).toBe(86_400 + STALE_BOUND_SECONDS + 60);
    expect(lifespan(written, 365 * 86_400).expireAt - at).toBe(7 * 86_400);
    // An entry that never revalidates (a page without headlines): 7 days.
    expect(lifespan(written, null).expireAt - at).toBe(7 * 86_400);
  });

  it("the storage handler writes each entry with that expiry (EXAT)", async () => {
    const redis = fakeRedis();
    const written = Date.now();
    await storage(redis).set("/site/archive/2026-01-05", sharedEntry(written, 300));
    await storage(redis).set("/site/about", sharedEntry(written, null));
    const page = redis.strings.get("riverbend:next:/site/archive/2026-01-05")!;
    const about = redis.strings.get("riverbend:next:/site/about")!;
    expect(page.expireAt).toBe(lifespan(written, 300).expireAt);
    expect(about.expireAt).toBe(lifespan(written, null).expireAt);
    // Past it, Redis has nothing to answer: a miss.
    redis.clock.now = page.expireAt!;
    await expect(
      storage(redis).get("/site/archive/2026-01-05", { implicitTags: [] }),
    ).resolves.toBeNull();
  });

  it("the tag maps lose the fields of expired entries, once an interval for all instances", async () => {
    const redis = fakeRedis();
    // Pages written 400 s ago (past their 390 s in Redis), and one that never revalidates.
    const earlier = Date.now() - 400 * 1000;
    for (let day = 1; day <= 50; day++) {
      await storage(redis).set(`/site/archive/${day}`, sharedEntry(earlier, 300));
    }
    await storage(redis).set("/site/about", sharedEntry(earlier, null));
    // Redis dropped the pages; the handler's tag maps still name every one.
    expect(await storage(redis).get("/site/archive/1", { implicitTags: [] })).toBeNull();
    expect(redis.hashes.get(TAGS)!.size).toBe(51);
    expect(redis.hashes.get(TTLS)!.size).toBe(51);

    const now = Date.now();
    expect(await pruneTagMaps(redis, storage, now)).toBe(true);
    expect([...redis.hashes.get(TAGS)!.keys()]).toEqual(["/site/about"]);
    expect([...redis.hashes.get(TTLS)!.keys()]).toEqual(["/site/about"]);
    expect(await storage(redis).get("/site/about", { implicitTags: [] })).not.toBeNull();

    // Within the interval: this process does not try again, another instance finds the slot taken.
    await storage(redis).set("/site/archive/51", sharedEntry(earlier, 300));
    expect(await pruneTagMaps(redis, storage, now + 1000)).toBe(false);
    jest.resetModules();
    delete (globalThis as Record<string, unknown>)["__riverbend:cache-tag-maps"];
    const other = (await import("./redis-tag-maps.mjs")).pruneTagMaps;
    expect(await other(redis, storage, now + 2000)).toBe(false);
    expect(redis.hashes.get(TAGS)!.size).toBe(2);
    // The next interval (the slot has expired), whoever writes first prunes.
    redis.clock.now += 11 * 60;
    expect(await other(redis, storage, now + 11 * 60 * 1000)).toBe(true);
    expect([...redis.hashes.get(TAGS)!.keys()]).toEqual(["/site/about"]);
  });

  it("a prune that fails is told, not thrown, and not retried before the next interval", async () => {
    jest.resetModules();
    delete (globalThis as Record<string, unknown>)["__riverbend:cache-tag-maps"];
    const { pruneTagMaps: prune } = await import("./redis-tag-maps.mjs");
    const redis = fakeRedis();
    redis.hScan = async () => {
      throw new Error("no answer within 1000 ms");
    };
    const warn = jest.spyOn(console, "warn").mockImplementation(() => {});
    try {
      await expect(prune(redis, storage, Date.now())).resolves.toBe(false);
      expect(warn).toHaveBeenCalledWith(expect.stringContaining("tag maps were not pruned"));
      expect(await prune(redis, storage, Date.now() + 1000)).toBe(false);
      expect(warn).toHaveBeenCalledTimes(1);
    } finally {
      warn.mockRestore();
    }
  });
});
