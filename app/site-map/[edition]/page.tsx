import { notFound } from "next/navigation";
import { Suspense } from "react";
import { QuickLinksCard } from "@/components/sitemap/quick-links-card";
import { RecentPostsCard } from "@/components/sitemap/recent-posts-card";
import { SitemapDirectory } from "@/components/sitemap/sitemap-directory";
import card from "@/components/ui/card.module.css";
import { PageHeader } from "@/components/ui/page-header";
import { Spinner } from "@/components/ui/spinner";
import { getBlogList } from "@/lib/blog";
import { pageMetadata } from "@/lib/seo";
import { SITE } from "@/lib/site";
import { SITEMAP_CATEGORIES } from "@/lib/sitemap-pages";

/**
 * The human sitemap, served at /sitemap: next.config.ts rewrites it here so that, like the
 * blog list, it is rendered on its first request (the build stays offline: the recent posts
 * come from the blog host) and then served from the cache.
 */
export const revalidate = 300;

export function generateStaticParams(): { edition: string }[] {
  return [];
}

export const metadata = pageMetadata({
  title: "Sitemap",
  description: `Every page of ${SITE.name} in one place: news sections, markets, the blog, events, resources and our policies.`,
  path: "/sitemap",
});

/** The spec's sitemap uses the blog list's first page only. */
async function RecentPosts() {
  return <RecentPostsCard list={await getBlogList(1)} />;
}

export default async function SitemapPage({ params }: { params: Promise<{ edition: string }> }) {
  if ((await params).edition !== "latest") notFound();
  return (
    <div className="container">
      <PageHeader
        title="Sitemap"
        subtitle={`Every page of ${SITE.name} in one place. Filter by name or topic.`}
      />
      <div className={card.withSidebar}>
        <SitemapDirectory categories={[...SITEMAP_CATEGORIES]} />
        <aside className={card.stack} aria-label="Blog posts and machine-readable views">
          <Suspense
            fallback={
              <section className={card.card} aria-label="Recent Blog Posts">
                <Spinner label="Loading recent blog posts…" />
              </section>
            }
          >
            <RecentPosts />
          </Suspense>
          <QuickLinksCard />
        </aside>
      </div>
    </div>
  );
}
