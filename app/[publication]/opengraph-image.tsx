import { SHARE_IMAGE_SIZE, shareImage } from "@/components/seo/share-image";
import { publicationFromParams, type PublicationProps } from "@/lib/publication";

export const alt = "The publication's share image";
export const size = SHARE_IMAGE_SIZE;
export const contentType = "image/png";

// The publication's own image: drawn on its first request, then kept like any cached page.
export const dynamic = "force-static";

export default async function Image({ params }: PublicationProps) {
  const publication = await publicationFromParams(params);
  return shareImage({
    kicker: `Local news for ${publication.town}`,
    title: publication.tagline,
    footer: publication.description,
    brand: publication,
  });
}
