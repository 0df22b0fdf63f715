import { TEXT, textResponse } from "@/lib/discovery";
import { publicationFromParams, publicationUrl, type PublicationProps } from "@/lib/publication";

// Each publication names its own sitemap, on its own origin.
export const dynamic = "force-dynamic";

export async function GET(_request: Request, { params }: PublicationProps) {
  const publication = await publicationFromParams(params);
  return textResponse(
    [
      "User-agent: *",
      "Allow: /",
      "Disallow: /api/",
      "Disallow: /search",
      "",
      `Sitemap: ${publicationUrl(publication, "/sitemap.xml")}`,
      "",
    ].join("\n"),
    TEXT,
  );
}
