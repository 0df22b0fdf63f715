import { brandIcon } from "@/components/seo/share-image";
import { publicationFromParams, type PublicationProps } from "@/lib/publication";

/** The home-screen icon (layout.tsx names it): the size iOS asks for. */
const APPLE_ICON_SIZE = 180;

// The publication's own icon: drawn on its first request, then kept like any cached page.
export const dynamic = "force-static";

export async function GET(_request: Request, { params }: PublicationProps) {
  return brandIcon(await publicationFromParams(params), APPLE_ICON_SIZE, { square: true });
}
