import { mkdir, readFile, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { BoundedStore } from "../cache/bounded-store.mjs";

/**
 * The photos kept on disk, one folder per photo id (`<dir>/<id>/`): the original as the feed's
 * host sent it (`source`), its address (`src`), and each width made (`<width>.webp`). The
 * folders together stay under `maxBytes` (PHOTO_CACHE_MAX_MB): when a write goes over, the
 * photos used least recently are removed whole. Only photos a headline named get a folder
 * (app/photo/[id]/[file]/route.ts refuses any other id before touching the disk).
 *
 * The index is this process's: it is read from the folder once, on first use, and kept in
 * memory (about 100 bytes a photo). Instances that share one folder each keep it under the
 * bound as they see it.
 */
export class PhotoDiskCache {
  private readonly index: BoundedStore<true>;
  /** The bytes each photo's folder holds, as this process has seen them. */
  private readonly sizes = new Map<string, number>();
  private ready: Promise<void> | undefined;

  constructor(
    readonly dir: string,
    readonly maxBytes: number,
  ) {
    this.index = new BoundedStore<true>(maxBytes, (id) => {
      this.sizes.delete(id);
      void rm(this.folder(id), { recursive: true, force: true });
    });
  }

  get bytes(): number {
    return this.index.bytes;
  }

  get photos(): number {
    return this.index.size;
  }

  private folder(id: string): string {
    return path.join(this.dir, id);
  }

  /** Reads what earlier processes left, oldest first, so the newest are kept if over. */
  private load(): Promise<void> {
    this.ready ??= (async () => {
      await mkdir(this.dir, { recursive: true });
      const found: Array<{ id: string; size: number; used: number }> = [];
      for (const id of await readdir(this.dir)) {
        try {
          let size = 0;
          let used = 0;
          for (const file of await readdir(this.folder(id))) {
            const info = await stat(path.join(this.folder(id), file));
            size += info.size;
            used = Math.max(used, info.mtimeMs);
          }
          found.push({ id, size, used });
        } catch {
          // not a photo's folder, or removed meanwhile
        }
      }
      found.sort((a, b) => a.used - b.used);
      for (const { id, size } of found) this.account(id, size);
    })();
    return this.ready;
  }

  private account(id: string, size: number) {
    this.sizes.set(id, size);
    this.index.set(id, true, size);
  }

  /** A file of a photo, or null; a hit makes the photo the most recently used. */
  async read(id: string, file: string): Promise<Buffer | null> {
    await this.load();
    try {
      const bytes = await readFile(path.join(this.folder(id), file));
      this.index.get(id);
      return bytes;
    } catch {
      return null;
    }
  }

  /** Writes a file of a photo (whole or not at all), then removes old photos if over. */
  async write(id: string, file: string, bytes: Buffer | string): Promise<void> {
    await this.load();
    const folder = this.folder(id);
    await mkdir(folder, { recursive: true });
    const target = path.join(folder, file);
    const temporary = `${target}.${process.pid}.${Math.random().toString(36).slice(2)}`;
    await writeFile(temporary, bytes);
    await rename(temporary, target);
    this.account(id, (this.sizes.get(id) ?? 0) + Buffer.byteLength(bytes));
  }
}
