export declare const SECTION_FEEDS: Record<string, string[]>;
export declare function itemAgeMinutes(id: string, index: number): number;
export declare function sampleLink(
  id: string,
  index: number,
  title: string,
  host?: string,
): string;

export type PhotoKind = "wire" | "original";
export type PhotoSize = { width: number; height: number };

export declare const HOME_SECTION: string;
export declare const PHOTO_SIZES: Record<PhotoKind, PhotoSize>;
export declare const SVG_PHOTO_SIZE: PhotoSize;
export declare const NO_PHOTO_FEEDS: string[];
export declare const SVG_PHOTO_FEEDS: string[];
export declare const ORIGINAL_PHOTO_FEEDS: string[];
export declare function photoPath(id: string, n: number, kind?: PhotoKind): string;
export declare function itemPhoto(
  id: string,
  index: number,
): (PhotoSize & { path: string; type: string; kind: PhotoKind | "svg" }) | null;
export declare const POSTER_VIDEOS: string[];
export declare const NO_POSTER_VIDEO: string;
export declare const POSTER_SIZE: PhotoSize;
