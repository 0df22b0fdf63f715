import sharp from "sharp";
import { OutsideGetError, outsideGet } from "../net";

/**
 * One headline photo from its host, with the limits of a feed (lib/net/outside-get.ts: a
 * timeout, a byte cap, a few redirects, never into the server's own network) and more of its
 * own: the photo's address is reached on a loopback or private address only when it is on one
 * of `trustedOrigins` (the configured feeds' origins, which the caller passes); the bytes must be a raster image of a kind browsers show (JPEG,
 * PNG, WebP, GIF, AVIF), never SVG or anything else; and a size no reader needs is refused
 * before it is decoded (a "decompression bomb").
 */

const PHOTO_TIMEOUT_MS = 8_000;
/** Uploaded originals on blogs run to several MB; beyond this no card needs the bytes. */
const PHOTO_MAX_BYTES = 15 * 1024 * 1024;
/** 40 megapixels: an 8K photo; a tiny file that claims more is refused unread. */
export const PHOTO_MAX_PIXELS = 40_000_000;
const FORMATS = new Set(["jpeg", "png", "webp", "gif", "heif"]);

export class PhotoRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PhotoRefusedError";
  }
}

export async function fetchPhoto(
  address: string,
  trustedOrigins: ReadonlySet<string>,
): Promise<Buffer> {
  const result = await outsideGet(address, {
    timeoutMs: PHOTO_TIMEOUT_MS,
    maxBytes: PHOTO_MAX_BYTES,
    accept: "image/avif,image/webp,image/jpeg,image/png,image/gif;q=0.9,*/*;q=0.1",
    trustedOrigins,
  });
  // No validators are sent, so a 304 cannot come; it would mean a broken host.
  if (result.status !== "ok")
    throw new OutsideGetError("304 to an unconditional GET", "http-error");
  const type = result.contentType?.split(";")[0]?.trim().toLowerCase() ?? "";
  if (type.includes("svg") || type.startsWith("text/") || type.includes("html")) {
    throw new PhotoRefusedError(`not a photo: content-type ${type}`);
  }
  await assertPhoto(result.body);
  return result.body;
}

/** Throws PhotoRefusedError unless `bytes` are a raster photo of an accepted kind and size. */
export async function assertPhoto(bytes: Buffer): Promise<void> {
  let format: string | undefined;
  let pixels = 0;
  try {
    const metadata = await sharp(bytes, { limitInputPixels: PHOTO_MAX_PIXELS }).metadata();
    format = metadata.format;
    pixels = (metadata.width ?? 0) * (metadata.height ?? 0);
  } catch (error) {
    throw new PhotoRefusedError(
      `not a readable image (${error instanceof Error ? error.message : String(error)})`,
    );
  }
  if (!format || !FORMATS.has(format)) {
    throw new PhotoRefusedError(`not a photo format browsers share: ${format ?? "unknown"}`);
  }
  if (pixels === 0 || pixels > PHOTO_MAX_PIXELS) {
    throw new PhotoRefusedError(`${pixels} pixels: over the ${PHOTO_MAX_PIXELS} pixel cap`);
  }
}
