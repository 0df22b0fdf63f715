// @ts-check
/**
 * Two rules that bound how old a cached page's headlines can be, applied by the cache handler
 * (lib/cache/file-cache.mjs, and lib/cache/redis-cache.mjs with several instances):
 *
 * 1. Versions. An entry made from a source whose copy changes (a feed) carries, besides the
 *    source's tag, the tag of the version it read: `<tag>@<version>` (versionTag; lib/tags.ts
 *    says which tags are versioned). When the source's copy changes, its new version is
 *    published here; from then on an entry carrying another version of that tag is a miss,
 *    whenever it was written. That is what closes the race of a render that read
 *    the old copy and stores its page after the change was announced: a time-based expiry
 *    (revalidateTag) takes that late write for new. Shared through Redis (one small hash, a
 *    field per feed) when REDIS_URL is set, so every instance drops the same entries.
 * 2. An age bound. An entry is served stale while Next renders it again (its
 *    stale-while-revalidate) for at most STALE_BOUND_SECONDS past its lifetime; older, it is a
 *    miss and its reader waits for a render. A page left unread for hours is never shown as it
 *    was hours ago.
 *
 * The versions are one map for the process (lib/process/singleton.mjs says why).
 */
import { processSingleton } from "../process/singleton.mjs";
import { KEY_PREFIX, redisConfigured, withRedis } from "./redis-client.mjs";

/** How long past its lifetime an entry may still be served while it is rendered again. */
export const STALE_BOUND_SECONDS = 30;

// Named when feeds were its only source; kept, so running deployments keep their versions.
const VERSIONS_KEY = `${KEY_PREFIX}feed-versions`;
const READ_TIMEOUT_MS = 400;

/**
 * @typedef {{ version: string, confirmedAt: number, changedAt: number }} Known
 * @typedef {{ versions: Map<string, Known>, observe: ((ageSeconds: number) => void) | null }} State
 */
const state = processSingleton(
  "freshness",
  () =>
    /** @type {State} */ ({
      versions: new Map(),
      observe: null,
    }),
);
const versions = state.versions;

/**
 * Installs what is told, for every page served from the cache, how old its headlines are:
 * seconds since the feeds it shows were last read (lib/ops/metrics.ts, a histogram).
 * @param {(ageSeconds: number) => void} observe
 */
export function setFreshnessObserver(observe) {
  state.observe = observe;
}

/** The tag of what was made from one version of `tag`'s source. @param {string} tag @param {string} version */
export function versionTag(tag, version) {
  return `${tag}@${version}`;
}

/**
 * A version tag's base and version; null for any other tag. A tag with "@" whose base was never
 * published is judged by nothing (judge skips it).
 * @param {string} tag @returns {[string, string] | null}
 */
function splitVersion(tag) {
  const at = tag.lastIndexOf("@");
  return at > 0 ? [tag.slice(0, at), tag.slice(at + 1)] : null;
}

/** Next's own tags (a path's): never a source's. @param {string} tag */
const implicit = (tag) => tag.startsWith("_N_T_");

/**
 * An entry is superseded when it carries a version of a tag that is no longer the tag's, or
 * carries a versioned tag without its version (it was made while there was no copy to name)
 * and was written before the tag's current version appeared.
 * @param {readonly string[]} tags @param {number} writtenAt
 * @param {(tag: string) => Known | undefined} known
 */
function judge(tags, writtenAt, known) {
  let confirmedAt = Infinity;
  const versioned = new Set();
  for (const tag of tags) {
    const split = splitVersion(tag);
    if (!split) continue;
    versioned.add(split[0]);
    const current = known(split[0]);
    if (!current) continue;
    if (current.version !== split[1]) return { superseded: true, confirmedAt: null };
    confirmedAt = Math.min(confirmedAt, current.confirmedAt);
  }
  for (const tag of tags) {
    if (versioned.has(tag) || implicit(tag) || splitVersion(tag)) continue;
    const current = known(tag);
    if (current && current.changedAt > writtenAt) return { superseded: true, confirmedAt: null };
  }
  return { superseded: false, confirmedAt: Number.isFinite(confirmedAt) ? confirmedAt : null };
}

/** The tags whose published versions judge an entry. @param {readonly string[]} tags */
function basesOf(tags) {
  const bases = new Set();
  for (const tag of tags) {
    if (implicit(tag)) continue;
    bases.add(splitVersion(tag)?.[0] ?? tag);
  }
  return [...bases];
}

/**
 * Whether an entry with `tags`, written at `writtenAt`, is superseded (judge), against the
 * versions every instance published (Redis) when REDIS_URL is set, else this process's. A page
 * that stands is told to the observer with the age of its headlines.
 * @param {readonly string[]} tags @param {{ page?: boolean, writtenAt?: number }} [options]
 */
export async function superseded(tags, { page = false, writtenAt = 0 } = {}) {
  const bases = basesOf(tags);
  if (bases.length === 0) return false;
  /** @type {(tag: string) => Known | undefined} */
  let known = (tag) => versions.get(tag);
  if (redisConfigured()) {
    const answer = await withRedis((client) => client.hmGet(VERSIONS_KEY, bases), READ_TIMEOUT_MS);
    if (answer.ok) {
      const shared = new Map(
        bases.map((tag, index) => [tag, parseKnown(/** @type {any} */ (answer.value)[index])]),
      );
      known = (tag) => shared.get(tag) ?? versions.get(tag);
    }
  }
  const verdict = judge(tags, writtenAt, known);
  if (page && !verdict.superseded && verdict.confirmedAt !== null)
    state.observe?.((Date.now() - verdict.confirmedAt) / 1000);
  return verdict.superseded;
}

/**
 * Whether a stored entry is a miss by either rule: past the age bound, or superseded.
 * @param {{ lastModified: number, value?: any }} entry @param {readonly string[]} tags
 * @param {unknown} revalidate its lifetime, in seconds
 */
export async function outdated(entry, tags, revalidate) {
  if (outlived(entry.lastModified, revalidate)) return true;
  const page = entry.value?.kind === "APP_PAGE";
  return superseded(tags, { page, writtenAt: entry.lastModified });
}

/** @param {string | null | undefined} field "<version> <confirmed at> <changed at>", epoch ms */
function parseKnown(field) {
  const [version, confirmed, changed] = (field ?? "").split(" ");
  return version
    ? { version, confirmedAt: Number(confirmed) || 0, changedAt: Number(changed) || 0 }
    : undefined;
}

/**
 * `tag`'s source is at `version`, first seen at `changedAt` and read again at `confirmedAt`
 * (epoch ms): entries made from any other version, or made without one before `changedAt`, are
 * misses from now on, here at once and, through Redis, on every instance. Told after every
 * read, changed or not, so the age of what pages show is known.
 * @param {string} tag @param {string} version
 * @param {{ confirmedAt?: number, changedAt?: number }} [times]
 */
export async function publishVersion(tag, version, times = {}) {
  const confirmedAt = times.confirmedAt ?? Date.now();
  const changedAt = times.changedAt ?? confirmedAt;
  versions.set(tag, { version, confirmedAt, changedAt });
  if (redisConfigured())
    await withRedis((client) =>
      client.hSet(VERSIONS_KEY, tag, `${version} ${confirmedAt} ${changedAt}`),
    );
}

/**
 * Whether an entry written at `lastModified` with a lifetime of `revalidate` seconds is past
 * the bound, and so a miss. Entries without a lifetime (never revalidated) are not.
 * @param {number} lastModified @param {unknown} revalidate @param {number} [now]
 */
export function outlived(lastModified, revalidate, now = Date.now()) {
  if (typeof revalidate !== "number" || !(revalidate > 0)) return false;
  return now - lastModified > (revalidate + STALE_BOUND_SECONDS) * 1000;
}
