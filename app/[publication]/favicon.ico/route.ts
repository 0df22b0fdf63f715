import { brandIcon } from "@/components/seo/share-image";
import { publicationFromParams, type PublicationProps } from "@/lib/publication";
import { icoOf } from "@/lib/seo";

/**
 * /favicon.ico: the address browsers, feed readers and crawlers ask for when a document names
 * no icon (a feed, the radio's stream, a bookmark carried elsewhere). The publication's own
 * disc, drawn as the tab's icon is (icon.png), 48 px, in an ICO file.
 */
const FAVICON_SIZE = 48;

// Drawn on its first request, then kept like any cached page.
export const dynamic = "force-static";

export async function GET(_request: Request, { params }: PublicationProps) {
  const png = await brandIcon(await publicationFromParams(params), FAVICON_SIZE);
  const headers = new Headers(png.headers);
  headers.set("Content-Type", "image/x-icon");
  const body = icoOf(new Uint8Array(await png.arrayBuffer()), FAVICON_SIZE);
  return new Response(body, { status: png.status, headers });
}
