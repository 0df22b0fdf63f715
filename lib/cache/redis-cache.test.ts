import FileSystemCacheModule from "next/dist/server/lib/incremental-cache/file-system-cache.js";
import { redisFirst } from "./redis-cache.mjs";

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

  it("so Next's file-system cache under it creates no memory cache", () => {
    const FileSystemCache = ((FileSystemCacheModule as { default?: unknown }).default ??
      FileSystemCacheModule) as new (ctx: unknown) => unknown & { memoryCache?: unknown };
    const Shared = redisFirst(FileSystemCache as new (ctx: unknown) => unknown);
    new Shared({
      fs: undefined,
      serverDistDir: "/tmp/riverbend-redis-cache-test",
      maxMemoryCacheSize: 32 * 1024 * 1024,
      revalidatedTags: [],
    });
    expect((FileSystemCache as unknown as { memoryCache?: unknown }).memoryCache).toBeUndefined();
  });
});
