import { optionalCatchAll } from "@/components/not-found/optional-catch-all";
import { QuickLinksCard } from "@/components/sitemap/quick-links-card";
import { RecentPostsCard } from "@/components/sitemap/recent-posts-card";
import { SitemapDirectory } from "@/components/sitemap/sitemap-directory";
import card from "@/components/ui/card.module.css";
import { PageHeader } from "@/components/ui/page-header";
import { getBlogList } from "@/lib/blog";
import { sitemapCategories } from "@/lib/discovery";
import { pageFor } from "@/lib/pages";
import type { Publication } from "@/lib/publication";
import { pageMetadata } from "@/lib/seo";

/**
 * The human sitemap at /sitemap, and any deeper path under it (404): an optional catch-all (see
 * optionalCatchAll), as the recent posts come from the blog host.
 *
 * The recent posts (the blog list's first page only, as the spec says) are awaited, not put
 * behind a Suspense spinner: a cached page would keep the spinner in its HTML and the list in
 * a hidden block that only a script reveals, so readers without JavaScript saw a spinner
 * forever. The spec shows no server-side loading state.
 */
export const revalidate = 300;

async function SitemapPage({ publication }: { publication: Publication }) {
  return (
    <div className="container">
      <PageHeader
        title={pageFor(publication, "/sitemap").title}
        subtitle={`Every page of ${publication.name} in one place. Filter by name or topic.`}
      />
      <div className={card.withSidebar}>
        <SitemapDirectory categories={sitemapCategories(publication)} />
        <aside className={card.stack} aria-label="Blog posts and machine-readable views">
          <RecentPostsCard
            list={await getBlogList(publication, 1)}
            timeZone={publication.timeZone}
          />
          <QuickLinksCard />
        </aside>
      </div>
    </div>
  );
}

const route = optionalCatchAll("/sitemap", "rest", {
  metadata: (publication) => pageMetadata(publication, pageFor(publication, "/sitemap")),
  render: (publication) => <SitemapPage publication={publication} />,
});

export const generateStaticParams = route.generateStaticParams;
export const generateMetadata = route.generateMetadata;
export default route.Page;
