import { sitemapIndex, textResponse, XML } from "@/lib/discovery";
import { publicationFromParams, type PublicationProps } from "@/lib/publication";

// Read at request time (the blog may live on a remote host the offline build cannot reach);
// the blog's and the archive's data underneath are cached, so this is cheap.
export const dynamic = "force-dynamic";

/** An index of the site's pages and of the archive's months (lib/discovery/site-index.ts). */
export async function GET(_request: Request, { params }: PublicationProps) {
  const { body, complete } = await sitemapIndex(await publicationFromParams(params));
  return textResponse(body, XML, 200, { degraded: !complete });
}
