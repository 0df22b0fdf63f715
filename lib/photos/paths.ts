/**
 * The addresses of headline photos and video posters on the site's own origin, and the widths
 * they are made at. Pure: the article card and the video facade (client components) build
 * their `srcset` from these.
 *
 * A photo is `/photo/<id>/<width>.webp`: `<id>` names a photo a headline named (the hash of
 * its address, photo-names.ts), `<width>` one of PHOTO_WIDTHS. Nothing else is
 * answered (app/photo/[id]/[file]/route.ts).
 */

const PHOTO_PATH = "/photo";

/** The photo a card shows when its headline has none, or its own could not be had. */
export const DEFAULT_PHOTO = "/images/default-news.svg";

/**
 * The widths made, for cards from 343 px (a 375 px phone) to about 400 px (three columns at
 * 1280 px) and 600 px (one column at 639 px), at 1× and 2×. Each is one more file per photo
 * on disk and in the cache tier, so the list is short.
 */
export const PHOTO_WIDTHS = [400, 640, 800, 1200] as const;
export type PhotoWidth = (typeof PHOTO_WIDTHS)[number];

/** The width written in `src`, for browsers that ignore `srcset`. */
const FALLBACK_WIDTH: PhotoWidth = 640;

/** Cards are 16:9 (components/news/news.module.css): photos are cropped to it when made. */
export const PHOTO_ASPECT = 16 / 9;

/**
 * The photo's width in CSS pixels at each layout of the grid (news.module.css: a 6rem
 * thumbnail beside the headline under 640 px; above, the card's width: two columns under
 * 1024 px, three above, at most 395 px in a page of 80rem). The grid's widths are rounded up
 * by the page's gutters (16-48 px): the browser then picks the same file as with the exact
 * widths at 1× and 2× on common screens, and the attribute, written on every card, stays
 * short. A phone takes the smallest file (400 px) up to 4×.
 */
export const CARD_SIZES = "(min-width: 1024px) 395px, (min-width: 640px) 50vw, 96px";

const ID = /^[A-Za-z0-9_-]{22}$/;

export function isPhotoId(value: string): boolean {
  return ID.test(value);
}

/** The base a card's photo addresses are built on: `/photo/<id>`. */
export function photoBase(id: string): string {
  return `${PHOTO_PATH}/${id}`;
}

/** `src` and `srcset` for a photo base (`/photo/<id>`); null for any other address. */
export function photoSources(imageUrl: string): { src: string; srcSet: string } | null {
  const prefix = `${PHOTO_PATH}/`;
  if (!imageUrl.startsWith(prefix) || !isPhotoId(imageUrl.slice(prefix.length))) return null;
  return {
    src: `${imageUrl}/${FALLBACK_WIDTH}.webp`,
    srcSet: PHOTO_WIDTHS.map((width) => `${imageUrl}/${width}.webp ${width}w`).join(", "),
  };
}

/** The width a file name `<width>.webp` asks for, when it is one that is made. */
export function parsePhotoFile(file: string): PhotoWidth | null {
  const match = /^([1-9]\d{2,3})\.webp$/.exec(file);
  const width = match ? Number(match[1]) : NaN;
  return (PHOTO_WIDTHS as readonly number[]).includes(width) ? (width as PhotoWidth) : null;
}

/** A video's poster: `/photo/video/<video id>/<width>.webp` (video-posters.ts). */
const POSTER_PATH = `${PHOTO_PATH}/video`;

/**
 * The poster's widths. YouTube's poster is 480 px wide (a 16:9 frame of 480×270 inside 4:3),
 * and the facade from 288 px (a 320 px phone) to 56rem (the home page): every screen takes 480
 * but a small one at 1×, which takes 320. A wider file would only be 480 px enlarged.
 */
export const POSTER_WIDTHS = [320, 480] as const;

/**
 * The facade's width: the home page's 56rem at most, the screen's under it. A Short's frame is
 * narrower, but the 4:3 poster covering its 9:16 is drawn about as wide.
 */
const POSTER_SIZES = "(min-width: 58rem) 56rem, 100vw";

/** `src`, `srcset` and `sizes` of a video's poster, at the site's own origin. */
export function posterSources(videoId: string): { src: string; srcSet: string; sizes: string } {
  const base = `${POSTER_PATH}/${videoId}`;
  return {
    src: `${base}/${POSTER_WIDTHS.at(-1)}.webp`,
    srcSet: POSTER_WIDTHS.map((width) => `${base}/${width}.webp ${width}w`).join(", "),
    sizes: POSTER_SIZES,
  };
}

/** The width a poster's file name `<width>.webp` asks for, when it is one that is made. */
export function parsePosterFile(file: string): number | null {
  const match = /^([1-9]\d{2})\.webp$/.exec(file);
  const width = match ? Number(match[1]) : NaN;
  return (POSTER_WIDTHS as readonly number[]).includes(width) ? width : null;
}
