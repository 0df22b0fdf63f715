import { ArchiveUnavailableError } from "@/lib/archive";
import { adminFailure, parseWithdrawRequest, readAdminBody, withdrawHeadline } from "@/lib/news";
import { secretRefused } from "@/lib/ops";
import { editorRequest } from "@/lib/publication";

/**
 * POST /api/headlines/withdraw: an editor pulls a headline a feed should never have carried, or
 * puts it back. Same secrets as POST /api/revalidate: a publication's editors (its
 * revalidateSecret) act on the publication the host names, the network's operators
 * (REVALIDATE_SECRET) on every publication. Wrong or missing: 401; another publication's: 403.
 * Body (lib/news/admin/withdraw-request.ts): {"link": "<the item's link>"} or
 * {"link": …, "restore": true}; a bad body 400, over 16 KB 413. The archive away: 503, to be
 * tried again (nothing changed).
 * Within 10 s the headline leaves (or comes back to) the pages, search and archive of every
 * instance, and a feed that still carries it does not bring it back (lib/news/admin/withdraw.ts).
 */
export const dynamic = "force-dynamic";

export async function POST(request: Request) {
  const opened = editorRequest(request);
  if (!opened.ok) return secretRefused(opened.status);
  const { publication, scope } = opened;

  const body = await readAdminBody(request);
  if (body === null) return adminFailure("The body is too large.", 413);
  const parsed = parseWithdrawRequest(body);
  if (!parsed.ok) return adminFailure(parsed.error, 400);

  try {
    const { target, changed } = await withdrawHeadline(
      publication,
      scope,
      parsed.link,
      parsed.restore,
    );
    return Response.json(
      {
        [parsed.restore ? "restored" : "withdrawn"]: true,
        link: parsed.link,
        publications: target === "*" ? "all" : target,
        changed,
      },
      { headers: { "cache-control": "no-store" } },
    );
  } catch (error) {
    if (error instanceof ArchiveUnavailableError)
      return adminFailure("The archive is unavailable right now. Please try again later.", 503);
    throw error;
  }
}
