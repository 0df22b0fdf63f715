import { createHash } from "node:crypto";
import { mkdir, readFile, readdir, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { onRedisReady, redisConfigured, sharedGet, sharedSet, sharedSetMany } from "../cache";
import { BoundedStore } from "../cache/bounded-store.mjs";
import { config } from "../env";
import { logRefused, logUpstreamError } from "../ops";
import { OutsideGetError } from "../net/outside-get";
import { PhotoDiskCache } from "./disk-cache";
import { fetchPhoto, PHOTO_MAX_PIXELS, PhotoRefusedError } from "./fetch-photo";
import { isPhotoId, PHOTO_ASPECT, PHOTO_WIDTHS, type PhotoWidth } from "./paths";

/**
 * Headline photos, served from the site's own origin. A photo is known by an id, the hash of
 * its address, issued only for photos a headline named (`register`, called when a section's
 * headlines are read). The original is fetched once (fetch-photo.ts), kept on disk, and each
 * width is made from it once, on first request, and kept beside it (disk-cache.ts). A photo
 * that cannot be fetched is remembered as dead for one feed interval, so pages name the
 * default photo instead and its host is not asked again meanwhile.
 *
 * Where an id's address is found: this process's memory, a small file per id on disk (`names/`,
 * outside the photos' size bound: a page cached by the tier may name a photo for days after
 * its files were dropped to make room, and must still get it), and with REDIS_URL every
 * instance's registrations (`photo:src:<id>`), so any instance can serve a photo that a page
 * rendered by another instance names. A name unused for NAME_DAYS is removed at start.
 *
 * Redis may lose a name: it restarts empty, or evicts the key under `maxmemory`. Every id this
 * process knows is written to Redis again each time Redis becomes usable again and every
 * RESHARE_MS, so a page cached anywhere keeps its photos on every instance.
 */

export type SourceState = "ok" | "dead";

/**
 * WebP quality by width: the wide files are for screens of 2× and more, where compression
 * shows least, and they weigh most. Measured on a 1 MB original of 2048 px with fine grain
 * (the stand-in's): 400 px 4 kB, 640 px 14 kB, 800 px 22 kB, 1200 px 69 kB; on a 100 kB
 * 1050 px wire photo: 4, 8, 12 and 20 kB.
 */
const WEBP_QUALITY: Record<PhotoWidth, number> = { 400: 70, 640: 70, 800: 62, 1200: 50 };
const SOURCE_FILE = "source";
/** Written beside the source once it is whole. */
const DONE_FILE = "done";
/** Longer than any copy of a page is kept (the tier's stale copies: 7 days). */
const NAME_DAYS = 30;
/** How often every id this process knows is written to Redis again (see above). */
const RESHARE_MS = 10 * 60_000;
/** Photos being made at once: each decode takes a core (libvips) and tens of MB. */
const MAX_CONCURRENT_WORK = 2;

export function photoId(address: string): string {
  return createHash("sha256").update(address).digest("base64url").slice(0, 22);
}

/** The work under way for `key`, started by `start` if none is: callers at once share one. */
function joined<T>(pending: Map<string, Promise<T>>, key: string, start: () => Promise<T>) {
  let work = pending.get(key);
  if (!work) {
    work = start().finally(() => pending.delete(key));
    pending.set(key, work);
  }
  return work;
}

/** A piece of work waiting for a slot, or running. */
interface Job<T> {
  readonly done: Promise<T>;
  /** Moves the work, if it is still waiting, ahead of the background's. */
  promote(): void;
}

/**
 * At most `max` pieces of work at once; when a slot frees, a reader's work goes before the
 * background's (the widths made ahead of anyone asking), so on a cold start a reader's photo
 * does not wait behind every other photo's four widths.
 */
class Limiter {
  private running = 0;
  private readonly readers: Array<() => void> = [];
  private readonly background: Array<() => void> = [];
  constructor(private readonly max: number) {}

  schedule<T>(work: () => Promise<T>, { background = false } = {}): Job<T> {
    let start!: () => void;
    const started = new Promise<void>((resolve) => (start = resolve));
    const done = (async () => {
      if (this.running < this.max) {
        this.running++;
      } else {
        (background ? this.background : this.readers).push(start);
        // The slot is handed over by the work that frees it.
        await started;
      }
      try {
        return await work();
      } finally {
        const next = this.readers.shift() ?? this.background.shift();
        if (next) next();
        else this.running--;
      }
    })();
    const promote = () => {
      const at = this.background.indexOf(start);
      if (at >= 0) this.readers.push(...this.background.splice(at, 1));
    };
    return { done, promote };
  }
}

// libvips keeps the images of recent operations in memory (up to 50 MB, 100 operations, by
// default) to repeat them faster. Every width is made once here and then read from disk, so
// nothing is repeated: that memory would only hold decoded photos (docs/memory.md).
sharp.cache(false);

export class PhotoStore {
  readonly disk: PhotoDiskCache;
  /** id → address, for ids this process issued or looked up (a few MB at most). */
  private readonly addresses = new BoundedStore<string>(4 * 1024 * 1024);
  /** id → when its fetch failed. */
  private readonly failures = new BoundedStore<number>(1024 * 1024);
  private readonly fetching = new Map<string, Promise<SourceState>>();
  /** The share under way (one at a time). */
  private readonly sharing = new Map<string, Promise<boolean>>();
  /** id → its recording under way (register). */
  private readonly registering = new Map<string, Promise<void>>();
  private readonly making = new Map<string, Job<Buffer | null>>();
  private readonly work = new Limiter(MAX_CONCURRENT_WORK);

  private readonly namesDir: string;
  private namesReady: Promise<void> | undefined;

  private readonly stopSharing: () => void;

  constructor(dir: string, maxBytes: number) {
    this.disk = new PhotoDiskCache(path.join(dir, "photos"), maxBytes);
    this.namesDir = path.join(dir, "names");
    const stopListening = onRedisReady(() => void this.share());
    const timer = setInterval(() => void this.share(), RESHARE_MS).unref();
    this.stopSharing = () => {
      stopListening();
      clearInterval(timer);
    };
  }

  /** Stops writing ids to Redis again (a store that is no longer used). */
  close(): void {
    this.stopSharing();
  }

  /**
   * Writes every id this process knows, issued or looked up, to Redis again; false when Redis
   * did not take them all (its next recovery, or RESHARE_MS, tries again).
   */
  share(): Promise<boolean> {
    // One at a time: Redis recovering again while a share runs waits for it.
    return joined(this.sharing, "all", async () => {
      if (!redisConfigured() || this.addresses.size === 0) return true;
      return sharedSetMany(
        Array.from(
          this.addresses.items(),
          ([id, address]) => [`photo:src:${id}`, address] as const,
        ),
      );
    });
  }

  /** The names folder, with names unused for NAME_DAYS removed (once per process). */
  private names(): Promise<void> {
    this.namesReady ??= (async () => {
      await mkdir(this.namesDir, { recursive: true });
      const oldest = Date.now() - NAME_DAYS * 86_400_000;
      for (const id of await readdir(this.namesDir)) {
        const file = path.join(this.namesDir, id);
        const used = (await stat(file).catch(() => null))?.mtimeMs ?? Infinity;
        if (used < oldest) {
          await rm(file, { force: true });
        }
      }
    })();
    return this.namesReady;
  }

  /**
   * Issues the id of a photo a headline names; pages then name `/photo/<id>/...`. The id is
   * given out only once it is recorded where any instance will look for it (this one's disk,
   * Redis): a page rendered here may send the reader's browser to another instance at once.
   * Renders asking at the same time wait for the one recording. A recording Redis did not take
   * (it was down or slow) is made by `share` as soon as Redis is usable again.
   */
  async register(address: string): Promise<string> {
    const id = photoId(address);
    if (this.addresses.get(id) === null) {
      await joined(this.registering, id, () => this.record(id, address));
    }
    return id;
  }

  private async record(id: string, address: string): Promise<void> {
    await this.names();
    await writeFile(path.join(this.namesDir, id), address);
    this.addresses.set(id, address, address.length + 64);
    // Not taken (Redis down, slow or cooling down): `share` writes it when Redis is usable.
    if (redisConfigured()) await sharedSet(`photo:src:${id}`, address);
  }

  /** The address behind an id this site issued; null for any other id. */
  async address(id: string): Promise<string | null> {
    const known = this.addresses.get(id);
    if (known !== null) return known;
    await this.names();
    const onDisk = await readFile(path.join(this.namesDir, id), "utf8").catch(() => undefined);
    const shared = onDisk ? undefined : await sharedGet<string>(`photo:src:${id}`);
    const address = onDisk ?? (shared?.ok ? shared.value : undefined);
    // The id is the address's hash: anything else found under it is not this photo.
    if (!address || photoId(address) !== id) return null;
    this.addresses.set(id, address, address.length + 64);
    return address;
  }

  /**
   * Whether the photo's original is on disk, fetching it if need be; "dead" if it cannot be.
   * `trustedOrigins`: the origins reached on any address (the configured feeds').
   */
  ensureSource(
    id: string,
    address: string,
    trustedOrigins: ReadonlySet<string>,
  ): Promise<SourceState> {
    const failedAt = this.failures.get(id);
    if (failedAt !== null && Date.now() - failedAt < config().feedRevalidateSeconds * 1000) {
      return Promise.resolve("dead");
    }
    return joined(this.fetching, id, () => this.fetchSource(id, address, trustedOrigins));
  }

  private async fetchSource(
    id: string,
    address: string,
    trustedOrigins: ReadonlySet<string>,
  ): Promise<SourceState> {
    if (await this.disk.read(id, DONE_FILE)) return "ok";
    try {
      const bytes = await fetchPhoto(address, trustedOrigins);
      await this.disk.write(id, SOURCE_FILE, bytes);
      // Written last: its presence says the source beside it is whole.
      await this.disk.write(id, DONE_FILE, "");
      this.failures.delete(id);
      // Every width is made now, in the background, so no reader waits for one to be made.
      void Promise.all(
        PHOTO_WIDTHS.map((width) => this.widthAs(id, width, trustedOrigins, { background: true })),
      ).catch((error) =>
        logUpstreamError(`photo ${address}`, `making its widths: ${String(error)}`),
      );
      return "ok";
    } catch (error) {
      this.failures.set(id, Date.now(), 64);
      const message = error instanceof Error ? error.message : String(error);
      if (
        error instanceof PhotoRefusedError ||
        (error instanceof OutsideGetError && error.kind === "refused")
      ) {
        logRefused(`photo ${address}`, message);
      } else {
        logUpstreamError(`photo ${address}`, `${message} (the default photo is shown)`);
      }
      return "dead";
    }
  }

  /**
   * The photo at `width` as WebP: from disk, else made from the original (fetched first if
   * this instance has none). "dead" when the original cannot be had; null for an id that no
   * headline named.
   */
  variant(
    id: string,
    width: PhotoWidth,
    trustedOrigins: ReadonlySet<string>,
  ): Promise<Buffer | "dead" | null> {
    return this.widthAs(id, width, trustedOrigins, { background: false });
  }

  private async widthAs(
    id: string,
    width: PhotoWidth,
    trustedOrigins: ReadonlySet<string>,
    { background }: { background: boolean },
  ): Promise<Buffer | "dead" | null> {
    // The id names a folder: nothing but an id's own characters reaches the disk.
    if (!isPhotoId(id)) return null;
    const file = `${width}.webp`;
    const kept = await this.disk.read(id, file);
    if (kept) return kept;
    const address = await this.address(id);
    if (address === null) return null;
    if ((await this.ensureSource(id, address, trustedOrigins)) === "dead") return "dead";
    const key = `${id}/${file}`;
    let making = this.making.get(key);
    if (!making) {
      making = this.work.schedule(
        () => this.make(id, width).finally(() => this.making.delete(key)),
        { background },
      );
      this.making.set(key, making);
    } else if (!background) {
      making.promote();
    }
    return (await making.done) ?? "dead";
  }

  /** Makes one width from the original on disk; null (the default photo) if it cannot. */
  private async make(id: string, width: PhotoWidth): Promise<Buffer | null> {
    const source = await this.disk.read(id, SOURCE_FILE);
    if (!source) return null;
    try {
      const bytes = await sharp(source, { limitInputPixels: PHOTO_MAX_PIXELS, animated: false })
        .rotate()
        .resize({
          width,
          height: Math.round(width / PHOTO_ASPECT),
          fit: "cover",
          withoutEnlargement: true,
        })
        .webp({ quality: WEBP_QUALITY[width] })
        .toBuffer();
      await this.disk.write(id, `${width}.webp`, bytes);
      return bytes;
    } catch (error) {
      // The original passed its checks but does not decode whole (a truncated file).
      logUpstreamError(`photo ${id}`, `making ${width} px: ${String(error)}`);
      return null;
    }
  }
}

const holder = globalThis as { __riverbendPhotos?: PhotoStore };

/** The process's photo store (one for every module instance, like the feed store). */
export function photoStore(): PhotoStore {
  if (!holder.__riverbendPhotos) {
    const { cacheDir, maxBytes } = config().photos;
    holder.__riverbendPhotos = new PhotoStore(path.resolve(cacheDir), maxBytes);
  }
  return holder.__riverbendPhotos;
}
