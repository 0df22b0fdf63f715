import { ERROR_RETRY_SECONDS } from "../../cache";

/**
 * The body of an editor's or operator's POST (/api/revalidate, /api/headlines/withdraw,
 * /api/stories/split): a few bytes of JSON, read whole only when it is small. Well above any
 * real request; the cache tier caps bodies too (deploy/nginx/riverbend.conf).
 */
export const MAX_ADMIN_BODY_BYTES = 16 * 1024;

/** The request's body as text, or null when it is (or says it is) larger than the cap. */
export async function readAdminBody(request: Request): Promise<string | null> {
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > MAX_ADMIN_BODY_BYTES) return null;
  const body = await request.text();
  return Buffer.byteLength(body) > MAX_ADMIN_BODY_BYTES ? null : body;
}

/**
 * An editor's endpoint's refusal or failure: `{"error": …}`, never stored; a 5xx says when to
 * try again, as every machine endpoint's does (docs/operations.md).
 */
export function adminFailure(error: string, status: number): Response {
  const headers: Record<string, string> = { "cache-control": "no-store" };
  if (status >= 500) headers["retry-after"] = String(ERROR_RETRY_SECONDS);
  return Response.json({ error }, { status, headers });
}
