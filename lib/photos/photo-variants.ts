import path from "node:path";
import sharp from "sharp";
import { BoundedStore } from "../cache/bounded-store.mjs";
import { config } from "../env";
import { OutsideGetError } from "../net";
import { logRefused, logUpstreamError } from "../ops";
import { PriorityLimiter, processSingleton, SingleFlight, type Job } from "../process";
import { PhotoDiskCache } from "./disk-cache";
import { fetchPhoto, PHOTO_MAX_PIXELS, PhotoRefusedError } from "./fetch-photo";
import { PhotoNames } from "./photo-names";
import { isPhotoId, PHOTO_ASPECT, PHOTO_WIDTHS, type PhotoWidth } from "./paths";

/**
 * The photos the site serves, made from their originals: the original is fetched once
 * (fetch-photo.ts), kept on disk, and each width is made from it once and kept beside it
 * (disk-cache.ts). Only ids the names (photo-names.ts) know are served. A photo that cannot
 * be fetched is remembered as dead for one feed interval, so pages name the default photo
 * instead and its host is not asked again meanwhile.
 */

export type SourceState = "ok" | "dead";

/** How one kind of photo is made from its original. */
export interface VariantShape {
  /** The widths made, each once per photo. */
  readonly widths: readonly number[];
  /** Width over height, the photo cropped to it; null keeps the original's. */
  readonly aspect: number | null;
  /** The WebP quality at a width. */
  quality(width: number): number;
  /** The file a width is kept in, beside the original. */
  file(width: number): string;
}

/**
 * WebP quality by width: the wide files are for screens of 2× and more, where compression
 * shows least, and they weigh most. Measured on a 1 MB original of 2048 px with fine grain
 * (the stand-in's): 400 px 4 kB, 640 px 14 kB, 800 px 22 kB, 1200 px 69 kB; on a 100 kB
 * 1050 px wire photo: 4, 8, 12 and 20 kB.
 */
const CARD_QUALITY: Record<PhotoWidth, number> = { 400: 70, 640: 70, 800: 62, 1200: 50 };

/** A headline's photo, cropped to the card's 16:9. */
const CARD_PHOTO: VariantShape = {
  widths: PHOTO_WIDTHS,
  aspect: PHOTO_ASPECT,
  quality: (width) => CARD_QUALITY[width as PhotoWidth],
  file: (width) => `${width}.webp`,
};

const SOURCE_FILE = "source";
/** Written beside the source once it is whole. */
const DONE_FILE = "done";
/** Photos being made at once: each decode takes a core (libvips) and tens of MB. */
const MAX_CONCURRENT_WORK = 2;

// libvips keeps the images of recent operations in memory (up to 50 MB, 100 operations, by
// default) to repeat them faster. Every width is made once here and then read from disk, so
// nothing is repeated: that memory would only hold decoded photos (docs/memory.md).
sharp.cache(false);

export class PhotoVariants {
  readonly disk: PhotoDiskCache;
  /** id → when its fetch failed. */
  private readonly failures = new BoundedStore<number>(1024 * 1024);
  private readonly fetching = new SingleFlight<string, SourceState>();
  /** `<id>/<file>` → its making, waiting for a slot or running. */
  private readonly making = new Map<string, Job<Buffer | null>>();
  private readonly work = new PriorityLimiter(MAX_CONCURRENT_WORK);

  constructor(
    readonly names: PhotoNames,
    dir: string,
    maxBytes: number,
  ) {
    this.disk = new PhotoDiskCache(dir, maxBytes);
  }

  /**
   * Whether the photo's original is on disk, fetching it if need be; "dead" if it cannot be.
   * `trustedOrigins`: the origins reached on any address (the configured feeds'). Once it is
   * here, every width of `shape` is made in the background, so no reader waits for one.
   */
  ensureSource(
    id: string,
    address: string,
    trustedOrigins: ReadonlySet<string>,
    shape: VariantShape = CARD_PHOTO,
  ): Promise<SourceState> {
    const failedAt = this.failures.get(id);
    if (failedAt !== null && Date.now() - failedAt < config().feedRevalidateSeconds * 1000) {
      return Promise.resolve("dead");
    }
    return this.fetching.run(id, () => this.fetchSource(id, address, trustedOrigins, shape));
  }

  private async fetchSource(
    id: string,
    address: string,
    trustedOrigins: ReadonlySet<string>,
    shape: VariantShape,
  ): Promise<SourceState> {
    if (await this.disk.read(id, DONE_FILE)) return "ok";
    try {
      const bytes = await fetchPhoto(address, trustedOrigins);
      await this.disk.write(id, SOURCE_FILE, bytes);
      // Written last: its presence says the source beside it is whole.
      await this.disk.write(id, DONE_FILE, "");
      this.failures.delete(id);
      void Promise.all(
        shape.widths.map((width) => this.widthAs(id, width, trustedOrigins, shape, true)),
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
   * page named.
   */
  variant(
    id: string,
    width: number,
    trustedOrigins: ReadonlySet<string>,
    shape: VariantShape = CARD_PHOTO,
  ): Promise<Buffer | "dead" | null> {
    return this.widthAs(id, width, trustedOrigins, shape, false);
  }

  private async widthAs(
    id: string,
    width: number,
    trustedOrigins: ReadonlySet<string>,
    shape: VariantShape,
    background: boolean,
  ): Promise<Buffer | "dead" | null> {
    // The id names a folder: nothing but an id's own characters reaches the disk.
    if (!isPhotoId(id) || !shape.widths.includes(width)) return null;
    const file = shape.file(width);
    const kept = await this.disk.read(id, file);
    if (kept) return kept;
    const address = await this.names.address(id);
    if (address === null) return null;
    if ((await this.ensureSource(id, address, trustedOrigins, shape)) === "dead") return "dead";
    const key = `${id}/${file}`;
    let making = this.making.get(key);
    if (!making) {
      making = this.work.schedule(
        () => this.make(id, width, shape).finally(() => this.making.delete(key)),
        { background },
      );
      this.making.set(key, making);
    } else if (!background) {
      // A reader waits for it: ahead of the widths made before anyone asked.
      making.promote();
    }
    return (await making.done) ?? "dead";
  }

  /** Makes one width from the original on disk; null (the default photo) if it cannot. */
  private async make(id: string, width: number, shape: VariantShape): Promise<Buffer | null> {
    const source = await this.disk.read(id, SOURCE_FILE);
    if (!source) return null;
    try {
      const bytes = await sharp(source, { limitInputPixels: PHOTO_MAX_PIXELS, animated: false })
        .rotate()
        .resize({
          width,
          ...(shape.aspect === null ? {} : { height: Math.round(width / shape.aspect) }),
          fit: "cover",
          withoutEnlargement: true,
        })
        .webp({ quality: shape.quality(width) })
        .toBuffer();
      await this.disk.write(id, shape.file(width), bytes);
      return bytes;
    } catch (error) {
      // The original passed its checks but does not decode whole (a truncated file).
      logUpstreamError(`photo ${id}`, `making ${width} px: ${String(error)}`);
      return null;
    }
  }
}

/** The photos kept in `dir`: `photos/<id>/` their files, `names/<id>` their addresses. */
export function openPhotos(dir: string, maxBytes: number): PhotoVariants {
  return new PhotoVariants(
    new PhotoNames(path.join(dir, "names")),
    path.join(dir, "photos"),
    maxBytes,
  );
}

/** The process's photos (one for every module instance, like the feed store). */
export function sitePhotos(): PhotoVariants {
  return processSingleton("photos", () => {
    const { cacheDir, maxBytes } = config().photos;
    return openPhotos(path.resolve(cacheDir), maxBytes);
  });
}
