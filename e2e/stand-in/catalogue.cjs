/**
 * Which sample feeds each section reads, and how old each sample item is. Shared by the
 * stand-in (which serves the feeds) and the tests (which predict the merged order).
 * CommonJS so that both Playwright's loader and plain Node scripts can load it.
 */

/** Section slug → feed ids, in the order the section lists them. */
const SECTION_FEEDS = {
  local: ["local"],
  national: ["national"],
  world: ["world"],
  politics: ["politics"],
  business: ["business"],
  technology: ["technology"],
  automotive: ["automotive"],
  realestate: ["realestate"],
  health: ["health"],
  sports: ["baseball", "tennis", "golf", "hockey", "soccer"],
  culture: ["culture"],
  food: ["food"],
  lifestyle: ["lifestyle"],
  opinion: ["opinion"],
  archives: ["archives"],
};

/** Hours between one sample item and the next of its feed, and of a sports feed. */
const ITEM_GAP_HOURS = 26;
const SPORTS_GAP_HOURS = 62;

/**
 * Minutes before start for item `index` of feed `id`. Each feed carries items of earlier days,
 * spread over the last 10 days (its first of the last minutes, then one every 26 hours, so
 * the archive has a past from the first poll and no two of a feed's items share a day). Sports
 * feeds interleave: item i of the k-th sports feed is 62*i hours + 10*k minutes old, so the
 * merged order is known.
 * @param {string} id @param {number} index
 */
function itemAgeMinutes(id, index) {
  const sport = SECTION_FEEDS.sports.indexOf(id);
  return sport >= 0 ? SPORTS_GAP_HOURS * 60 * index + 10 * sport : ITEM_GAP_HOURS * 60 * index + 5;
}

/**
 * The link of sample item `index` (0-based) of feed `id`, titled `title`: at the sample site,
 * or at the `host` of its own (a wire's copy of a story several feeds carry).
 * @param {string} id @param {number} index @param {string} title @param {string} [host]
 */
function sampleLink(id, index, title, host = "news.example.com") {
  const slug = title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
  return `https://${host}/${id}/${index + 1}-${slug}`;
}

/**
 * The section whose headlines top the home page ("Breaking News"): the app's
 * BREAKING_NEWS_SECTION (lib/news/sections.ts), which the stand-in cannot import.
 */
const HOME_SECTION = "national";

/**
 * The sizes of the stand-in's JPEG photos (e2e/stand-in/photos.mjs), as real feeds link them:
 * a large publisher's resized "wire" photo (about 100 kB) and a blog's or small publisher's
 * uploaded "original" (over 1 MB).
 */
const PHOTO_SIZES = {
  wire: { width: 1050, height: 550 },
  original: { width: 2048, height: 1365 },
};

/** The size of the stand-in's SVG photos (/images/<feed>-<n>.svg). */
const SVG_PHOTO_SIZE = { width: 640, height: 360 };

/** Feeds whose items carry no photo at all. */
const NO_PHOTO_FEEDS = ["opinion"];

/**
 * Feeds whose items still name SVG photos (/images/<feed>-<n>.svg), so tests can check that
 * the site refuses SVG from outside (an SVG can carry script). "culture": a section of one
 * plain RSS feed, away from the home page and /sports, whose cards would show the originals.
 */
const SVG_PHOTO_FEEDS = ["culture"];

/**
 * The feed of a section's newest sample item: the one on the section's first card.
 * @param {keyof typeof SECTION_FEEDS} section
 */
function newestFeed(section) {
  const ids = SECTION_FEEDS[section];
  return ids.reduce((newest, id) =>
    itemAgeMinutes(id, 0) < itemAgeMinutes(newest, 0) ? id : newest,
  );
}

/**
 * Feeds whose FIRST item names the 2048 px original instead of the wire photo: the first card
 * of the home page and the first card of /sports (baseball's first item is the newest there).
 */
const ORIGINAL_PHOTO_FEEDS = [newestFeed(HOME_SECTION), newestFeed("sports")];

/**
 * The stand-in path of photo `n` (1-based) of feed `id`: "/photos/national-1.jpg".
 * @param {string} id @param {number} n @param {keyof typeof PHOTO_SIZES} [kind]
 */
function photoPath(id, n, kind = "wire") {
  return `/photos/${id}-${n}${kind === "original" ? "-original" : ""}.jpg`;
}

/**
 * The photo that sample item `index` (0-based) of feed `id` names: its stand-in path, type
 * and size; null when the feed has none.
 * @param {string} id @param {number} index
 */
function itemPhoto(id, index) {
  if (NO_PHOTO_FEEDS.includes(id)) return null;
  if (SVG_PHOTO_FEEDS.includes(id)) {
    return {
      path: `/images/${id}-${index + 1}.svg`,
      type: "image/svg+xml",
      kind: "svg",
      ...SVG_PHOTO_SIZE,
    };
  }
  const kind = index === 0 && ORIGINAL_PHOTO_FEEDS.includes(id) ? "original" : "wire";
  return { path: photoPath(id, index + 1, kind), type: "image/jpeg", kind, ...PHOTO_SIZES[kind] };
}

/**
 * The videos the stand-in's YouTube image host (posters.mjs) has a poster for: the featured
 * video (FEATURED_VIDEO_URL's default) and two Shorts of content/blog. Any other id is a 404,
 * as YouTube answers for a video it has no poster for; NO_POSTER_VIDEO is one a page shows
 * (the stand-in blog's post with a video, blog-catalogue.cjs, and one post of content/blog).
 */
const POSTER_VIDEOS = ["aqz-KE-bpKQ", "Rb7mKq2xT9w", "Xo3nPz8LqAe"];
const NO_POSTER_VIDEO = "Kd4_vR8eYpM";

/** YouTube's `hqdefault.jpg`: 480×360, a widescreen video's 16:9 frame between black bars. */
const POSTER_SIZE = { width: 480, height: 360 };

module.exports = {
  SECTION_FEEDS,
  itemAgeMinutes,
  sampleLink,
  HOME_SECTION,
  PHOTO_SIZES,
  SVG_PHOTO_SIZE,
  NO_PHOTO_FEEDS,
  SVG_PHOTO_FEEDS,
  ORIGINAL_PHOTO_FEEDS,
  photoPath,
  itemPhoto,
  POSTER_VIDEOS,
  NO_POSTER_VIDEO,
  POSTER_SIZE,
};
