import { ArchiveUnavailableError, changeStorySplit } from "@/lib/archive";
import { adminFailure, parseSplitRequest, readAdminBody } from "@/lib/news";
import { secretRefused } from "@/lib/ops";
import { editorRequest } from "@/lib/publication";

/**
 * POST /api/stories/split: an editor takes a headline out of the story it was grouped in (two
 * different pieces of news taken for one), for good: a later read of its feed does not put it
 * back, and no later copy joins it. {"link": …, "undo": true} lets it be grouped again. Same
 * secrets as POST /api/revalidate and /api/headlines/withdraw: a publication's editors (its
 * revalidateSecret) may split what their publication carried; the network's operators
 * (REVALIDATE_SECRET) any headline. A story is the network's: a split shows on every
 * publication that carries the story. Wrong or missing secret 401; another publication's 403;
 * a bad body 400, over 16 KB 413; a link the publication never carried 404; the archive away
 * 503 (nothing changed). Within 10 s the headline stands alone on every page of every instance
 * (lib/archive/story-marks.ts).
 */
export const dynamic = "force-dynamic";

export async function POST(request: Request) {
  const opened = editorRequest(request);
  if (!opened.ok) return secretRefused(opened.status);
  const { publication, scope } = opened;

  const body = await readAdminBody(request);
  if (body === null) return adminFailure("The body is too large.", 413);
  const parsed = parseSplitRequest(body);
  if (!parsed.ok) return adminFailure(parsed.error, 400);

  const target = scope === "network" ? "*" : publication.key;
  const by = scope === "network" ? "operators" : `editors of ${publication.key}`;
  try {
    const changed = await changeStorySplit({ target, link: parsed.link, by }, parsed.undo);
    if (changed === null)
      return adminFailure(
        scope === "network"
          ? "No headline the network carried has that link."
          : `No headline ${publication.name} carried has that link.`,
        404,
      );
    return Response.json(
      { split: !parsed.undo, link: parsed.link, changed },
      { headers: { "cache-control": "no-store" } },
    );
  } catch (error) {
    if (error instanceof ArchiveUnavailableError)
      return adminFailure("The archive is unavailable right now. Please try again later.", 503);
    throw error;
  }
}
