import { SHARE_IMAGE_SIZE, shareImage } from "@/components/seo/share-image";
import { SITE } from "@/lib/site";

export const alt = `${SITE.name}: ${SITE.tagline}`;
export const size = SHARE_IMAGE_SIZE;
export const contentType = "image/png";

export default function Image() {
  return shareImage({
    kicker: "Local news for Riverbend",
    title: SITE.tagline,
    footer: SITE.description,
  });
}
