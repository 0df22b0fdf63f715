/** Headline photos and video posters from the site's own origin: the front door of lib/photos. */
export { withSitePhotos } from "./headline-photos";
export { photoResponse } from "./photo-response";
export { sitePhotos } from "./photo-variants";
export { posterVariant, videoPoster } from "./video-posters";
export {
  CARD_SIZES,
  DEFAULT_PHOTO,
  isPhotoId,
  parsePhotoFile,
  parsePosterFile,
  photoSources,
} from "./paths";
