import { refreshBlog } from "@/lib/blog/refresh";
import { config } from "@/lib/env";
import {
  hasOperatorSecret,
  logRefresh,
  metrics,
  parseRefreshRequest,
  secretRefused,
} from "@/lib/ops";
import { refreshSections } from "@/lib/news/refresh";

/**
 * POST /api/revalidate: on-demand refresh for editors and the blog's functions host.
 * Body (lib/ops/refresh-request.ts): {"sections": [...] | "all"}, {"blog": true}, or empty for
 * the blog. Sections' feeds are read again before answering, so the next reader sees the new
 * headlines. Secret as lib/ops/operator-secret.ts says; wrong or missing: 401; a bad body: 400.
 */
export const dynamic = "force-dynamic";

/** Well above any real request; the reverse proxy caps bodies too. */
const MAX_BODY_BYTES = 16 * 1024;

const NO_STORE = { "cache-control": "no-store" };

function badRequest(error: string, extra: Record<string, unknown> = {}, status = 400) {
  return Response.json({ revalidated: false, error, ...extra }, { status, headers: NO_STORE });
}

export async function POST(request: Request) {
  if (!hasOperatorSecret(request, config().revalidateSecret)) return secretRefused();

  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > MAX_BODY_BYTES) return badRequest("The body is too large.", {}, 413);
  const body = await request.text();
  if (Buffer.byteLength(body) > MAX_BODY_BYTES)
    return badRequest("The body is too large.", {}, 413);

  const parsed = parseRefreshRequest(body);
  if (!parsed.ok) {
    return badRequest(
      parsed.error,
      parsed.unknownSections ? { unknownSections: parsed.unknownSections } : {},
    );
  }

  const sections = parsed.sections.length > 0 ? await refreshSections(parsed.sections) : [];
  if (sections.length > 0) {
    metrics().refreshes.inc({ kind: "headlines" });
    logRefresh(`headlines of ${parsed.sections.join(", ")}`, {
      sections: parsed.sections,
      failedFeeds: sections.flatMap((section) => section.failures.map((failure) => failure.url)),
    });
  }
  const blog = parsed.blog ? refreshBlog() : null;
  if (blog) {
    metrics().refreshes.inc({ kind: "blog" });
    logRefresh("blog");
  }

  return Response.json(
    {
      revalidated: true,
      at: new Date().toISOString(),
      sections,
      blog: blog !== null,
      ...(blog ? { tag: blog.tag } : {}),
    },
    { headers: NO_STORE },
  );
}
