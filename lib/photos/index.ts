/** Headline photos and video posters from the site's own origin: the front door of lib/photos. */
export { withSitePhotos, PHOTO_CHECK_BUDGET_MS } from "./headline-photos";
export { photoId } from "./photo-names";
export { photoResponse } from "./photo-response";
export { sitePhotos } from "./photo-variants";
export { posterVariant, videoPoster } from "./video-posters";
export {
  CARD_SIZES,
  DEFAULT_PHOTO,
  FALLBACK_WIDTH,
  PHOTO_PATH,
  PHOTO_WIDTHS,
  isPhotoId,
  parsePhotoFile,
  parsePosterFile,
  photoBase,
  photoSources,
  type PhotoWidth,
} from "./paths";
