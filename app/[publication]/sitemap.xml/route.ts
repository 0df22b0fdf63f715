import { sitemapDocument, sitemapEntries, textResponse, XML } from "@/lib/discovery";
import { publicationFromParams, publicationUrl, type PublicationProps } from "@/lib/publication";

// Read at request time (the blog may live on a remote host the offline build cannot reach);
// the blog data underneath is cached, so this is cheap.
export const dynamic = "force-dynamic";

export async function GET(_request: Request, { params }: PublicationProps) {
  const publication = await publicationFromParams(params);
  const { entries, complete } = await sitemapEntries(publication);
  return textResponse(
    sitemapDocument(entries, (part) => publicationUrl(publication, `/sitemaps/${part}.xml`)),
    XML,
    200,
    { degraded: !complete },
  );
}
