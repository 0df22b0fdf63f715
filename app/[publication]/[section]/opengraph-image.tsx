import { notFound } from "next/navigation";
import { SHARE_IMAGE_SIZE, shareImage } from "@/components/seo/share-image";
import { getSection } from "@/lib/news";
import { localize, publicationFromParams } from "@/lib/publication";

export const alt = "A section's share image";
export const size = SHARE_IMAGE_SIZE;
export const contentType = "image/png";

// Drawn from the section's own texts and the publication's name: no outside data. Drawn on
// the first request for each publication, then kept like any cached page.
export const dynamic = "force-static";
export function generateStaticParams(): { section: string }[] {
  return [];
}

export default async function Image({
  params,
}: {
  params: Promise<{ publication: string; section: string }>;
}) {
  const publication = await publicationFromParams(params);
  const found = getSection((await params).section);
  if (!found) notFound();
  const section = localize(found, publication);
  return shareImage({
    kicker: section.label,
    title: section.title,
    footer: section.subtitle,
    brand: publication,
  });
}
