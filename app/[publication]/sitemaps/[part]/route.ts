import { sitemapPartDocument, textResponse, XML } from "@/lib/discovery";
import { publicationFromParams } from "@/lib/publication";

/** The parts /sitemap.xml lists: the site's pages (/sitemaps/1.xml...), a month (/sitemaps/2026-11.xml). */
export const dynamic = "force-dynamic";

export async function GET(
  _request: Request,
  { params }: { params: Promise<{ publication: string; part: string }> },
) {
  const publication = await publicationFromParams(params);
  const name = /^(.+)\.xml$/.exec((await params).part)?.[1];
  const answer = name ? await sitemapPartDocument(publication, name) : null;
  return answer
    ? textResponse(answer.body, XML, 200, { degraded: !answer.complete })
    : textResponse("Not found\n", "text/plain; charset=utf-8", 404);
}
