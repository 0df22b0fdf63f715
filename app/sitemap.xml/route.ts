import { XML, textResponse } from "@/lib/discovery/responses";
import { sitemapEntries } from "@/lib/discovery/site-index";
import { sitemapDocument } from "@/lib/discovery/sitemap-xml";
import { siteUrl } from "@/lib/site";

// Read at request time (the blog may live on a remote host the offline build cannot reach);
// the blog data underneath is cached, so this is cheap.
export const dynamic = "force-dynamic";

export async function GET() {
  const { entries, complete } = await sitemapEntries();
  return textResponse(
    sitemapDocument(entries, (part) => siteUrl(`/sitemaps/${part}.xml`)),
    XML,
    200,
    { degraded: !complete },
  );
}
