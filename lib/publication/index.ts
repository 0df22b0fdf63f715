/**
 * The publication layer's front door: which publication a request is, and what it is.
 * See docs/network.md.
 */
import { revalidatePath } from "next/cache";
import { notFound } from "next/navigation";
import { editorAccess } from "./editor-secret";
import type { Publication } from "./publication";
import { publicationByKey } from "./registry";

export { brandOf, footerOf, type Brand, type FooterProps } from "./brand";
export { embedAddress } from "./embeds";
export { fillPublication, localize } from "./fill";
export { DEFAULT_PUBLICATION, type NavLink } from "./network";
export type { Publication } from "./publication";
export { NETWORK_ACCENT, publications } from "./registry";

/** An absolute address on the publication's own origin. */
export function publicationUrl(publication: Publication, path = "/"): string {
  return new URL(path, publication.url).toString();
}

/**
 * The publication of a route below app/[publication]: server.mjs put its key there (through the one
 * rewrite in next.config.mjs). Any other value (a path typed with a key in it) is a 404.
 */
export async function publicationFromParams(
  params: Promise<{ publication: string }>,
): Promise<Publication> {
  const publication = publicationByKey((await params).publication);
  if (!publication) notFound();
  return publication;
}

/** The publication server.mjs named for a route handler outside app/[publication] (its `publication` header). */
export function publicationOfRequest(request: Request): Publication | undefined {
  const key = request.headers.get("publication");
  return key ? publicationByKey(key) : undefined;
}

/**
 * The opening of an editors' endpoint (POST /api/revalidate, /api/headlines/withdraw): the
 * publication the host names and who acts on it (editor-secret.ts), or the status to refuse
 * with: 401 for no secret or a wrong one (or a host that is no publication), 403 for another
 * publication's.
 */
export function editorRequest(
  request: Request,
):
  | { ok: true; publication: Publication; scope: "network" | "publication" }
  | { ok: false; status: 401 | 403 } {
  const publication = publicationOfRequest(request);
  const access = editorAccess(request, publication);
  if (!access.ok) return access;
  if (!publication) return { ok: false, status: 401 };
  return { ok: true, publication, scope: access.scope };
}

/** The props of every page and route below app/[publication]. */
export type PublicationProps = { params: Promise<{ publication: string }> };

/**
 * Expires the cached pages at `paths` (as readers spell them: "/", "/sports") of one
 * publication. Next caches a page under its route below app/[publication], which the rewrite
 * in next.config.mjs spells with the publication's key in front: that spelling is known here.
 */
export function expirePublicationPages(publication: Publication, paths: readonly string[]): void {
  for (const path of paths) revalidatePath(`/${publication.key}${path === "/" ? "" : path}`);
}
