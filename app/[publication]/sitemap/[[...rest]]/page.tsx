import type { Metadata } from "next";
import { NotFoundPage } from "@/components/not-found/not-found-page";
import { QuickLinksCard } from "@/components/sitemap/quick-links-card";
import { RecentPostsCard } from "@/components/sitemap/recent-posts-card";
import { SitemapDirectory } from "@/components/sitemap/sitemap-directory";
import card from "@/components/ui/card.module.css";
import { PageHeader } from "@/components/ui/page-header";
import { getBlogList } from "@/lib/blog";
import { localize, publicationFromParams } from "@/lib/publication";
import { notFoundMetadata, pageMetadata } from "@/lib/seo";
import { SITEMAP_CATEGORIES } from "@/lib/discovery/sitemap-pages";

/**
 * The human sitemap at /sitemap, and any deeper path under it (404). An optional catch-all
 * with no static params so that, like the blog list, it is rendered on its first request (the
 * build stays offline: the recent posts come from the blog host) and then served from the
 * cache, with no rewrite on the request path.
 *
 * The recent posts (the blog list's first page only, as the spec says) are awaited, not put
 * behind a Suspense spinner: a cached page would keep the spinner in its HTML and the list in
 * a hidden block that only a script reveals, so readers without JavaScript saw a spinner
 * forever. The spec shows no server-side loading state.
 */
export const revalidate = 300;

export function generateStaticParams(): { rest: string[] }[] {
  return [];
}

type Props = { params: Promise<{ publication: string; rest?: string[] }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const publication = await publicationFromParams(params);
  if ((await params).rest) return notFoundMetadata("site");
  return pageMetadata(publication, {
    title: "Sitemap",
    description: `Every page of ${publication.name} in one place: news sections, markets, the blog, events, resources and our policies.`,
    path: "/sitemap",
  });
}

export default async function SitemapPage({ params }: Props) {
  const publication = await publicationFromParams(params);
  const { rest } = await params;
  if (rest) return <NotFoundPage kind="site" path={`/sitemap/${rest.join("/")}`} />;
  return (
    <div className="container">
      <PageHeader
        title="Sitemap"
        subtitle={`Every page of ${publication.name} in one place. Filter by name or topic.`}
      />
      <div className={card.withSidebar}>
        <SitemapDirectory categories={localize([...SITEMAP_CATEGORIES], publication)} />
        <aside className={card.stack} aria-label="Blog posts and machine-readable views">
          <RecentPostsCard list={await getBlogList(publication, 1)} />
          <QuickLinksCard />
        </aside>
      </div>
    </div>
  );
}
