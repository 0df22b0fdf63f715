// @ts-check
/**
 * Two rules that bound how old a cached page's headlines can be, applied by the cache handler
 * (lib/cache/file-cache.mjs, and lib/cache/redis-cache.mjs with several instances):
 *
 * 1. Feed versions. Whatever is made from a feed carries, besides the feed's tag
 *    (`feed:<hash>`), the tag of the version of the feed's copy it read (`feed:<hash>@<version>`,
 *    lib/news/headlines.ts). When a feed's copy changes (a poll, a push, an editor's refresh),
 *    its new version is published here; from then on an entry carrying another version of that
 *    feed is a miss, whenever it was written. That is what closes the race of a render that read
 *    the old copy and stores its page after the change was announced: a time-based expiry
 *    (revalidateTag) takes that late write for new. Shared through Redis (one small hash, a
 *    field per feed) when REDIS_URL is set, so every instance drops the same entries.
 * 2. An age bound. An entry is served stale while Next renders it again (its
 *    stale-while-revalidate) for at most STALE_BOUND_SECONDS past its lifetime; older, it is a
 *    miss and its reader waits for a render. A page left unread for hours is never shown as it
 *    was hours ago.
 *
 * State on globalThis: Next loads the cache handler unbundled, the app's own modules (the feed
 * reader that publishes versions) are bundled, and both must see one map.
 */
import { KEY_PREFIX, redisConfigured, withRedis } from "./redis-client.mjs";

/** How long past its lifetime an entry may still be served while it is rendered again. */
export const STALE_BOUND_SECONDS = 30;

const VERSIONS_KEY = `${KEY_PREFIX}feed-versions`;
const READ_TIMEOUT_MS = 400;

/**
 * @typedef {{ version: string, confirmedAt: number }} Known
 * @typedef {{ versions: Map<string, Known>, observe: ((ageSeconds: number) => void) | null }} State
 */
const holder = /** @type {{ __riverbendFreshness?: State }} */ (globalThis);
const state = (holder.__riverbendFreshness ??= { versions: new Map(), observe: null });
const versions = state.versions;

/**
 * Installs what is told, for every page served from the cache, how old its headlines are:
 * seconds since the feeds it shows were last read (lib/ops/metrics.ts, a histogram).
 * @param {(ageSeconds: number) => void} observe
 */
export function setFreshnessObserver(observe) {
  state.observe = observe;
}

/** The tag of one version of a feed's copy. @param {string} tag @param {string} version */
export function versionTag(tag, version) {
  return `${tag}@${version}`;
}

/** @param {string} tag @returns {[string, string] | null} */
function splitVersion(tag) {
  const at = tag.lastIndexOf("@");
  return at > 0 && tag.startsWith("feed:") ? [tag.slice(0, at), tag.slice(at + 1)] : null;
}

/**
 * @param {readonly string[]} tags
 * @param {(tag: string) => Known | undefined} known
 */
function judge(tags, known) {
  let confirmedAt = Infinity;
  for (const tag of tags) {
    const split = splitVersion(tag);
    if (!split) continue;
    const current = known(split[0]);
    if (!current) continue;
    if (current.version !== split[1]) return { superseded: true, confirmedAt: null };
    confirmedAt = Math.min(confirmedAt, current.confirmedAt);
  }
  return { superseded: false, confirmedAt: Number.isFinite(confirmedAt) ? confirmedAt : null };
}

/**
 * Whether one of `tags` names a feed version that is no longer the feed's, against the versions
 * every instance published (Redis) when REDIS_URL is set, else this process's. A page that
 * stands is told to the observer with the age of its headlines.
 * @param {readonly string[]} tags @param {{ page?: boolean }} [options]
 */
export async function superseded(tags, { page = false } = {}) {
  const bases = tags
    .map(splitVersion)
    .filter((pair) => pair !== null)
    .map(([tag]) => tag);
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
  const verdict = judge(tags, known);
  if (page && !verdict.superseded && verdict.confirmedAt !== null)
    state.observe?.((Date.now() - verdict.confirmedAt) / 1000);
  return verdict.superseded;
}

/** @param {string | null | undefined} field "<version> <confirmed at, epoch ms>" */
function parseKnown(field) {
  const [version, at] = (field ?? "").split(" ");
  return version ? { version, confirmedAt: Number(at) || 0 } : undefined;
}

/**
 * `tag`'s feed is at `version`, as read at `confirmedAt` (epoch ms): entries made from any
 * other version are misses from now on, here at once and, through Redis, on every instance.
 * Told after every read, changed or not, so the age of what pages show is known.
 * @param {string} tag @param {string} version @param {number} [confirmedAt]
 */
export async function publishVersion(tag, version, confirmedAt = Date.now()) {
  versions.set(tag, { version, confirmedAt });
  if (redisConfigured())
    await withRedis((client) => client.hSet(VERSIONS_KEY, tag, `${version} ${confirmedAt}`));
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
