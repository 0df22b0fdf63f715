/**
 * A deterministic, realistic archive for scripts/bench-archive.mjs: `publications` papers, each
 * carrying the site's 15 sections (lib/news/sections.ts, in its order, the rank an instance
 * gives them): its own local feed, and 14 sections from 280 shared regional and national feeds
 * (20 variants a section), as a network shares its wires. Headlines over the
 * last year, words drawn with Zipf's law from the sample headlines' own vocabulary (the common
 * words) and 40,000 made-up ones (the long tail of names and places).
 */
import { readFileSync } from "node:fs";

/** @import { CarriageRow, RecordBatch } from "../../lib/archive/types.ts" */

export const SECTIONS = [
  "local",
  "national",
  "world",
  "politics",
  "business",
  "technology",
  "automotive",
  "realestate",
  "health",
  "sports",
  "culture",
  "food",
  "lifestyle",
  "opinion",
  "archives",
];
const VARIANTS = 20;
/**
 * Where the corpus's feeds live: a loopback port nothing listens on (9, discard), so an
 * instance given these feeds (the crawl's, scripts/lib/bench-archive-beside.mjs) carries what
 * the archive holds, and its polls fail at once on this machine, never reaching out.
 */
const FEED_ORIGIN = "http://127.0.0.1:9";
const localFeed = (/** @type {number} */ p) => `${FEED_ORIGIN}/p${p}/local.xml`;
const DAY = 86_400_000;

/** mulberry32: the same corpus on every run. @param {number} seed */
export function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** @param {() => number} rand @returns {string[]} */
function vocabulary(rand) {
  const sample = JSON.parse(
    readFileSync(new URL("../../e2e/stand-in/sample-headlines.json", import.meta.url), "utf8"),
  );
  const text = JSON.stringify(sample).toLowerCase();
  /** @type {Map<string, number>} */
  const counts = new Map();
  for (const word of text.match(/[a-z]{3,}/g) ?? []) counts.set(word, (counts.get(word) ?? 0) + 1);
  const real = [...counts]
    .sort((a, b) => b[1] - a[1])
    .map(([word]) => word)
    .filter(
      (w) =>
        !["title", "description", "link", "https", "http", "www", "com", "example"].includes(w),
    );
  const syllables = [
    "ba",
    "ver",
    "lin",
    "to",
    "mar",
    "es",
    "ko",
    "ran",
    "del",
    "su",
    "mi",
    "ton",
    "ar",
    "wick",
    "ley",
    "ham",
    "ford",
    "ste",
    "qui",
    "zo",
  ];
  /** @type {Set<string>} */
  const made = new Set();
  while (made.size < 40_000) {
    let word = "";
    const length = 2 + Math.floor(rand() * 3);
    for (let i = 0; i < length; i++) word += syllables[Math.floor(rand() * syllables.length)];
    if (!counts.has(word)) made.add(word);
  }
  return [...real, ...made];
}

/**
 * Zipf (s = 1.05) over the words: the first few in most headlines, the last in a handful.
 * @param {string[]} words @param {() => number} rand
 */
function zipf(words, rand) {
  const weights = words.map((_, rank) => 1 / (rank + 1) ** 1.05);
  /** @type {number[]} */
  const cumulative = [];
  let sum = 0;
  for (const weight of weights) cumulative.push((sum += weight));
  return () => {
    const target = rand() * sum;
    let low = 0;
    let high = cumulative.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (/** @type {number} */ (cumulative[middle]) < target) low = middle + 1;
      else high = middle;
    }
    // Within the list: `low` stays in [0, length - 1].
    return /** @type {string} */ (words[low]);
  };
}

/** @param {number} publications */
export function network(publications) {
  /** @type {CarriageRow[]} */
  const carriage = [];
  for (let p = 0; p < publications; p++)
    SECTIONS.forEach((section, rank) => {
      const feed =
        rank === 0
          ? localFeed(p)
          : `${FEED_ORIGIN}/wire/${section}/${(p * 7 + rank) % VARIANTS}.xml`;
      carriage.push({ publication: `p${p}.example`, section, feed, rank });
    });
  const shared = SECTIONS.slice(1).flatMap((section) =>
    Array.from({ length: VARIANTS }, (_, v) => `${FEED_ORIGIN}/wire/${section}/${v}.xml`),
  );
  const local = Array.from({ length: publications }, (_, p) => localFeed(p));
  return { carriage, shared, local };
}

/**
 * The publications file of an instance serving the corpus's papers on `port`, each listing the
 * feeds it carries in the archive: the instance's carriage (lib/archive/carriage.ts) is then
 * the archive's, as a network's is from one day to the next. (Given the site's own feeds, an
 * instance's start would end every row the archive holds, and its counts would all be read
 * from the headlines: what a network changing every feed at once costs, not its everyday.)
 * @param {number} publications
 * @param {number} port
 */
export function publicationsFileOf(publications, port) {
  /** @type {Record<string, string[]>[]} */
  const feeds = Array.from({ length: publications }, () => ({}));
  for (const { publication, section, feed } of network(publications).carriage)
    /** @type {Record<string, string[]>} p<n>.example: one of the list */ (
      feeds[Number(publication.slice(1, publication.indexOf(".")))]
    )[section] = [feed];
  return {
    publications: feeds.map((list, n) => ({
      url: `http://p${n}.example:${port}`,
      name: `The Gazette of Town ${n}`,
      town: `Town ${n}`,
      feeds: list,
    })),
  };
}

/**
 * Batches of `items` headlines in all, as polls would find them: a batch is one feed's new
 * items of one hour. 60% are the shared feeds', 40% the local ones'.
 * @param {{ items: number; publications: number; now: number; seed?: number }} options
 * @returns {Generator<RecordBatch, string[]>}
 */
export function* headlines({ items, publications, now, seed = 1 }) {
  const rand = random(seed);
  const words = vocabulary(rand);
  const word = zipf(words, rand);
  const sentence = (/** @type {number} */ count) => Array.from({ length: count }, word).join(" ");
  const { shared, local } = network(publications);
  const start = now - 365 * DAY;
  const batch = 20;
  let made = 0;
  let hour = 0;
  const hours = 365 * 24;
  const perHour = items / hours;
  while (made < items) {
    const due = Math.min(items, Math.round((hour + 1) * perHour));
    const seenAt = start + hour * 3_600_000;
    while (made < due) {
      const feed = /** @type {string} an index within the list */ (
        rand() < 0.6
          ? shared[Math.floor(rand() * shared.length)]
          : local[Math.floor(rand() * local.length)]
      );
      const count = Math.min(batch, due - made, 1 + Math.floor(rand() * 6));
      const list = [];
      for (let i = 0; i < count; i++, made++) {
        const title = sentence(7 + Math.floor(rand() * 6));
        list.push({
          key: `${feed}#${made}`,
          title:
            /** @type {string} seven words at least */ (title[0]).toUpperCase() + title.slice(1),
          description: sentence(18 + Math.floor(rand() * 16)),
          body: "",
          link: `${feed.replace(/\.xml$/, "")}/${made}`,
          imageUrl: "/images/default-headline.jpg",
          publishedAt: seenAt - Math.floor(rand() * 3_600_000),
        });
      }
      yield { feed, items: list, seenAt };
    }
    hour++;
  }
  return words;
}

export { vocabulary };
