import { TEXT, textResponse } from "@/lib/discovery/responses";
import { siteUrl } from "@/lib/site";

// SITE_URL is read at start-up, not baked in at build.
export const dynamic = "force-dynamic";

export function GET() {
  return textResponse(
    [
      "User-agent: *",
      "Allow: /",
      "Disallow: /api/",
      "Disallow: /search",
      "",
      `Sitemap: ${siteUrl("/sitemap.xml")}`,
      "",
    ].join("\n"),
    TEXT,
  );
}
