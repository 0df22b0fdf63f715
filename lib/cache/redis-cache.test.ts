import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { FileCache } from "./file-cache.mjs";
import { compressingEntries, redisFirst } from "./redis-cache.mjs";

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
      withTypeMapping() {
        return { ...this, options: { ...this.options, asBytes: true } };
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
