// @ts-check
/**
 * A publication's key and a request's host as one, in plain JavaScript with no imports: the
 * server in front of Next (server.mjs) maps hosts with these before Next and the file's
 * validator (publications-file.mjs, zod) have loaded.
 */

/**
 * The key a publication is known by everywhere (route segment, cache keys): its host.
 * @param {string} value
 */
export function hostKey(value) {
  return String(value).trim().toLowerCase().replace(/\.$/, "");
}

/**
 * A request's Host header as a key: lower case, port and a trailing dot removed.
 * @param {string | undefined} header
 */
export function requestHostKey(header) {
  if (typeof header !== "string" || header.length === 0 || header.length > 255) return "";
  const host = header.startsWith("[") ? header : header.replace(/:\d*$/, "");
  return hostKey(host);
}
