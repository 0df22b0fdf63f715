import { refreshBlog } from "@/lib/blog";
import { parseRefreshRequest, readAdminBody, refreshSections } from "@/lib/news";
import { logRefresh, metrics, secretRefused } from "@/lib/ops";
import { pathsShowingSection } from "@/lib/pages";
import { editorRequest } from "@/lib/publication";

/**
 * POST /api/revalidate: on-demand refresh of the publication the host names, for its editors
 * (its revalidateSecret), the network's operators (REVALIDATE_SECRET) and the blog's functions
 * host.
 * Body (lib/news/admin/refresh-request.ts): {"sections": [...] | "all"}, {"blog": true}, or empty for
 * the blog. Sections' feeds are read again before answering, so the next reader sees the new
 * headlines. Secret as lib/ops/operator-secret.ts says; wrong or missing: 401; a bad body: 400.
 */
export const dynamic = "force-dynamic";

const NO_STORE = { "cache-control": "no-store" };

function badRequest(error: string, extra: Record<string, unknown> = {}, status = 400) {
  return Response.json({ revalidated: false, error, ...extra }, { status, headers: NO_STORE });
}

export async function POST(request: Request) {
  // The publication the host names (server.mjs); its editors' secret or the network's opens it.
  const opened = editorRequest(request);
  if (!opened.ok) return secretRefused(opened.status);
  const { publication, scope } = opened;

  const body = await readAdminBody(request);
  if (body === null) return badRequest("The body is too large.", {}, 413);

  const parsed = parseRefreshRequest(body);
  if (!parsed.ok) {
    return badRequest(
      parsed.error,
      parsed.unknownSections ? { unknownSections: parsed.unknownSections } : {},
    );
  }

  const sections =
    parsed.sections.length > 0
      ? await refreshSections(publication, parsed.sections, pathsShowingSection)
      : [];
  if (sections.length > 0) {
    metrics().refreshes.inc({ kind: "headlines" });
    logRefresh(`headlines of ${parsed.sections.join(", ")} for ${publication.key}`, {
      publication: publication.key,
      by: scope,
      sections: parsed.sections,
      failedFeeds: sections.flatMap((section) => section.failures.map((failure) => failure.url)),
    });
  }
  const blog = parsed.blog ? refreshBlog(publication) : null;
  if (blog) {
    metrics().refreshes.inc({ kind: "blog" });
    logRefresh(`blog of ${publication.key}`, { publication: publication.key, by: scope });
  }

  return Response.json(
    {
      revalidated: true,
      publication: publication.key,
      at: new Date().toISOString(),
      sections,
      blog: blog !== null,
      ...(blog ? { tag: blog.tag } : {}),
    },
    { headers: NO_STORE },
  );
}
