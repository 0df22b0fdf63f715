import { notFound } from "next/navigation";
import { SHARE_IMAGE_SIZE, shareImage } from "@/components/seo/share-image";
import { getSection, SECTION_SLUGS } from "@/lib/news/sections";
import { SITE } from "@/lib/site";

export const alt = `A section of ${SITE.name}`;
export const size = SHARE_IMAGE_SIZE;
export const contentType = "image/png";

// Drawn at build from the section's own texts: no outside data.
export function generateStaticParams() {
  return SECTION_SLUGS.map((section) => ({ section }));
}
export const dynamicParams = false;

export default async function Image({ params }: { params: Promise<{ section: string }> }) {
  const section = getSection((await params).section);
  if (!section) notFound();
  return shareImage({ kicker: section.label, title: section.title, footer: section.subtitle });
}
