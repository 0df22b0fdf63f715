/**
 * The body of an editor's or operator's POST (/api/revalidate, /api/headlines/withdraw): a few
 * bytes of JSON, read whole only when it is small. Well above any real request; the cache
 * tier caps bodies too (deploy/nginx/riverbend.conf).
 */
export const MAX_ADMIN_BODY_BYTES = 16 * 1024;

/** The request's body as text, or null when it is (or says it is) larger than the cap. */
export async function readAdminBody(request: Request): Promise<string | null> {
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > MAX_ADMIN_BODY_BYTES) return null;
  const body = await request.text();
  return Buffer.byteLength(body) > MAX_ADMIN_BODY_BYTES ? null : body;
}
