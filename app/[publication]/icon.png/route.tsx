import { brandIcon } from "@/components/seo/share-image";
import { publicationFromParams, type PublicationProps } from "@/lib/publication";

/** The tab's icon (layout.tsx names it): 96 px, sharp on a phone's screen at 3×. */
const ICON_SIZE = 96;

// The publication's own icon: drawn on its first request, then kept like any cached page.
export const dynamic = "force-static";

export async function GET(_request: Request, { params }: PublicationProps) {
  return brandIcon(await publicationFromParams(params), ICON_SIZE);
}
