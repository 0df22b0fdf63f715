import { notFound } from "next/navigation";
import { SHARE_IMAGE_SIZE, shareImage } from "@/components/seo/share-image";
import { getBlogPost } from "@/lib/blog";
import { formatPublishedDate } from "@/lib/dates";
import { SITE } from "@/lib/site";

export const alt = `A post on the ${SITE.name} blog`;
export const size = SHARE_IMAGE_SIZE;
export const contentType = "image/png";
export const revalidate = 300;

export function generateStaticParams(): { slug: string }[] {
  return [];
}

export default async function Image({ params }: { params: Promise<{ slug: string }> }) {
  const result = await getBlogPost((await params).slug);
  if (result.status === "not-found") notFound();
  if (result.status === "error") return shareImage({ kicker: "Blog", title: SITE.name });
  const { post } = result;
  return shareImage({
    kicker: `Blog · ${formatPublishedDate(post.date)}`,
    title: post.metaTitle,
    footer: post.metaDescription,
  });
}
