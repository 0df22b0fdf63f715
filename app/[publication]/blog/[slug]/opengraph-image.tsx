import { notFound } from "next/navigation";
import { SHARE_IMAGE_SIZE, shareImage } from "@/components/seo/share-image";
import { getBlogPost } from "@/lib/blog";
import { formatPublishedDate } from "@/lib/dates";
import { publicationFromParams } from "@/lib/publication";

export const alt = "A blog post's share image";
export const size = SHARE_IMAGE_SIZE;
export const contentType = "image/png";
export const revalidate = 300;

export function generateStaticParams(): { slug: string }[] {
  return [];
}

export default async function Image({
  params,
}: {
  params: Promise<{ publication: string; slug: string }>;
}) {
  const publication = await publicationFromParams(params);
  const result = await getBlogPost(publication, (await params).slug);
  if (result.status === "not-found") notFound();
  if (result.status === "error") {
    return shareImage({ kicker: "Blog", title: publication.name, brand: publication });
  }
  const { post } = result;
  return shareImage({
    kicker: `Blog · ${formatPublishedDate(post.date, publication.timeZone)}`,
    title: post.metaTitle,
    footer: post.metaDescription,
    brand: publication,
  });
}
