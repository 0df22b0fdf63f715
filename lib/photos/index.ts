/** Headline photos from the site's own origin: the front door of lib/photos. */
export { withSitePhotos, PHOTO_CHECK_BUDGET_MS } from "./headline-photos";
export { photoId } from "./photo-names";
export { sitePhotos } from "./photo-variants";
export {
  CARD_SIZES,
  DEFAULT_PHOTO,
  FALLBACK_WIDTH,
  PHOTO_PATH,
  PHOTO_WIDTHS,
  isPhotoId,
  parsePhotoFile,
  photoBase,
  photoSources,
  type PhotoWidth,
} from "./paths";
