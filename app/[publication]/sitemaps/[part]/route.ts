import { sitemapEntries, sitemapPart, textResponse, XML } from "@/lib/discovery";
import { publicationFromParams } from "@/lib/publication";

/** The parts of a sitemap split past 50,000 URLs: /sitemaps/1.xml, /sitemaps/2.xml... */
export const dynamic = "force-dynamic";

export async function GET(
  _request: Request,
  { params }: { params: Promise<{ publication: string; part: string }> },
) {
  const publication = await publicationFromParams(params);
  const match = /^([1-9]\d{0,4})\.xml$/.exec((await params).part);
  const { entries, complete } = await sitemapEntries(publication);
  const body = match ? sitemapPart(entries, Number(match[1])) : null;
  return body
    ? textResponse(body, XML, 200, { degraded: !complete })
    : textResponse("Not found\n", "text/plain; charset=utf-8", 404);
}
