import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { FileCache } from "./file-cache.mjs";
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
