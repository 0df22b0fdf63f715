/**
 * A Next.js bug with no public way out, isolated here: a `Next-Router-State-Tree` header that
 * Next cannot parse is answered 500 on every page rendered per request (/search, the archive's
 * pages), because `parseAndValidateFlightRouterState` throws a plain Error where a bad request
 * should be a 400 (vercel/next.js#92907; the fix proposed upstream, vercel/next.js#92844, is
 * not released in Next 16.4). A stranger can send one at will, and so does a reader's open tab
 * after a deployment changes Next's version (the header's shape changed in 16.2): a 500 for
 * what is the client's fault, counted as the site's error.
 *
 * server.mjs answers such a request 400 before Next sees it. The checks are Next's own, in its
 * order (lib/serving/router-state.test.ts holds them to Next's parser on the same headers, and
 * fails once Next answers these itself: then this file goes). A browser's router sends a valid
 * header, which costs one JSON.parse of a few hundred bytes on a client navigation; requests
 * without the header cost one property read.
 */

/** Next's bound on the header: about 2,000 route segments. */
const MOST = 20 * 2000;

const PARAM_TYPES = new Set([
  "c",
  "ci(..)(..)",
  "ci(.)",
  "ci(..)",
  "ci(...)",
  "oc",
  "d",
  "di(..)(..)",
  "di(.)",
  "di(..)",
  "di(...)",
]);
const REFRESH = new Set(["refetch", "inside-shared-layout", "metadata-only"]);

/** @param {unknown} value */
const isString = (value) => typeof value === "string";

/** @param {unknown} value @param {(value: unknown) => boolean} check */
const optional = (value, check) => value === undefined || value === null || check(value);

/**
 * A route segment: a name, or [param, cache key, param type, static siblings or null].
 * @param {unknown} value
 * @returns {boolean}
 */
function isSegment(value) {
  if (isString(value)) return true;
  return (
    Array.isArray(value) &&
    value.length === 4 &&
    isString(value[0]) &&
    isString(value[1]) &&
    PARAM_TYPES.has(value[2]) &&
    (value[3] === null || (Array.isArray(value[3]) && value[3].every(isString)))
  );
}

/**
 * Next's FlightRouterState: [segment, {slot: state}, url pair?, refresh marker?, number?,
 * string?], no more.
 * @param {unknown} value
 * @returns {boolean}
 */
function isRouterState(value) {
  if (!Array.isArray(value) || value.length < 2 || value.length > 6) return false;
  const [segment, slots, url, refresh, number, extra] = value;
  return (
    isSegment(segment) &&
    typeof slots === "object" &&
    slots !== null &&
    Object.values(slots).every(isRouterState) &&
    optional(url, (pair) => Array.isArray(pair) && pair.length === 2 && pair.every(isString)) &&
    optional(refresh, (marker) => REFRESH.has(/** @type {string} */ (marker))) &&
    optional(number, (n) => typeof n === "number" && !Number.isNaN(n)) &&
    (extra === undefined || isString(extra))
  );
}

/**
 * Whether a request's `next-router-state-tree` header (as node:http gives it) is one Next
 * would refuse with a 500: more than one, too long, not URI-encoded JSON, not a router state.
 * No header: false.
 * @param {string | string[] | undefined} header
 * @returns {boolean}
 */
export function isUnparseableRouterState(header) {
  if (header === undefined) return false;
  if (Array.isArray(header) || header.length > MOST) return true;
  try {
    return !isRouterState(JSON.parse(decodeURIComponent(header)));
  } catch {
    return true;
  }
}

const REFUSAL = "400 Bad Request: the Next-Router-State-Tree header cannot be read.\n";

/**
 * Answers 400 to a request whose router state header Next would answer 500 (see above);
 * true when it did, and the request is done.
 * @param {import("node:http").IncomingMessage} req
 * @param {import("node:http").ServerResponse} res
 * @returns {boolean}
 */
export function refuseUnparseableRouterState(req, res) {
  if (!isUnparseableRouterState(req.headers["next-router-state-tree"])) return false;
  res.writeHead(400, {
    "content-type": "text/plain; charset=utf-8",
    "cache-control": "no-store",
    "content-length": Buffer.byteLength(REFUSAL),
  });
  res.end(req.method === "HEAD" ? undefined : REFUSAL);
  return true;
}
