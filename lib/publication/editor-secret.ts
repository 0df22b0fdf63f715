import { createHash } from "node:crypto";
import { config } from "../env";
import { hasOperatorSecret, presentedSecret } from "../ops";
import type { Publication } from "./publication";
import { publications } from "./registry";

/**
 * Who may refresh a publication (POST /api/revalidate): the network's operators with
 * REVALIDATE_SECRET, on any publication's host; a publication's editors with its own
 * revalidateSecret (PUBLICATIONS_FILE), on that publication's host only. Another
 * publication's secret is recognised and refused with 403, not 401: the editor is known, the
 * host is not theirs.
 */
export type EditorAccess =
  { ok: true; scope: "network" | "publication" } | { ok: false; status: 401 | 403 };

const digest = (secret: string) => createHash("sha256").update(secret).digest("base64url");

let owners: { list: readonly Publication[]; byDigest: Map<string, string> } | undefined;

/** Which publication a secret is, by its digest: one lookup whatever the network's size. */
function ownerOf(secret: string): string | undefined {
  const list = publications();
  if (owners?.list !== list) {
    const byDigest = new Map<string, string>();
    for (const publication of list) {
      if (publication.revalidateSecret)
        byDigest.set(digest(publication.revalidateSecret), publication.key);
    }
    owners = { list, byDigest };
  }
  return owners.byDigest.get(digest(secret));
}

export function editorAccess(request: Request, publication: Publication | undefined): EditorAccess {
  if (hasOperatorSecret(request, config().revalidateSecret)) return { ok: true, scope: "network" };
  if (publication && hasOperatorSecret(request, publication.revalidateSecret)) {
    return { ok: true, scope: "publication" };
  }
  const presented = presentedSecret(request);
  return { ok: false, status: presented && ownerOf(presented) ? 403 : 401 };
}
