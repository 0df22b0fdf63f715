import type { Metadata } from "next";
import { BlogPostArticle } from "@/components/blog/blog-post";
import { NotFoundPage } from "@/components/not-found/not-found-page";
import { JsonLd } from "@/components/seo/json-ld";
import { AdSlot } from "@/components/ui/ad-slot";
import { ErrorBox } from "@/components/ui/error-box";
import { blogPostingJsonLd, getBlogPost } from "@/lib/blog";
import { publicationFromParams } from "@/lib/publication";
import { breadcrumbJsonLd, notFoundMetadata, pageMetadata } from "@/lib/seo";

// Incremental regeneration, like every page with outside data; POST /api/revalidate refreshes at once.
export const revalidate = 300;

// Posts render on their first request (the build is offline and the host may be remote).
export function generateStaticParams(): { slug: string }[] {
  return [];
}

type Props = { params: Promise<{ publication: string; slug: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const publication = await publicationFromParams(params);
  const { slug } = await params;
  const result = await getBlogPost(publication, slug);
  if (result.status === "not-found") return notFoundMetadata("post");
  if (result.status !== "ok") {
    return { title: "Blog post not found", robots: { index: false, follow: true } };
  }
  const { post } = result;
  const metadata = pageMetadata(publication, {
    title: post.metaTitle,
    description: post.metaDescription || post.metaTitle,
    path: `/blog/${post.slug}`,
    image: `/blog/${post.slug}/opengraph-image`,
  });
  return {
    ...metadata,
    openGraph: {
      ...metadata.openGraph,
      type: "article",
      publishedTime: post.date,
      tags: post.shortTailKeywords,
    },
  };
}

export default async function BlogPostPage({ params }: Props) {
  const publication = await publicationFromParams(params);
  const { slug } = await params;
  const result = await getBlogPost(publication, slug);
  if (result.status === "not-found") {
    return <NotFoundPage kind="post" path={`/blog/${slug}`} />;
  }
  return (
    <div className="container">
      {result.status === "error" ? (
        <ErrorBox message={result.message} />
      ) : (
        <>
          <JsonLd
            data={[
              blogPostingJsonLd(publication, result.post),
              breadcrumbJsonLd(publication, [
                ["Home", "/"],
                ["Blog", "/blog"],
                [result.post.metaTitle, `/blog/${result.post.slug}`],
              ]),
            ]}
          />
          <BlogPostArticle post={result.post} timeZone={publication.timeZone} />
        </>
      )}
      <AdSlot placement="middle" town={publication.town} wideOnly />
    </div>
  );
}
