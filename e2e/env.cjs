/**
 * The environment the production build runs with in tests and in the demo: every
 * upstream points at the local stand-in through the documented variables.
 * CommonJS so that Playwright's config and plain Node scripts can both load it.
 */
const { mkdirSync, rmSync, writeFileSync } = require("node:fs");
const path = require("node:path");
const { BLOG_KEY } = require("./stand-in/blog-catalogue.cjs");
const { SECTION_FEEDS } = require("./stand-in/catalogue.cjs");

/** The secret POST /api/revalidate expects in tests and the demo. */
const REVALIDATE_SECRET = "stand-in-revalidate-secret";

const STAND_IN_PORT = Number(process.env.STAND_IN_PORT ?? 4010);
const STAND_IN_URL = `http://127.0.0.1:${STAND_IN_PORT}`;
/** The test station's port: the radio page asks for 8076, as the spec configures it. */
const RADIO_PORT = 8076;

/**
 * Writes the NEWS_FEEDS_FILE that maps every section to the stand-in's sample feeds. With a
 * `query`, every address carries it (`…/feeds/world.xml?network`): an instance's own addresses,
 * whose reads the stand-in counts apart from every other instance's polls of the same feeds.
 * @param {string} [query]
 */
function writeFeedsFile(query) {
  const dir = path.join(__dirname, ".tmp");
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `feeds-${STAND_IN_PORT}${query ? `-${query}` : ""}.json`);
  const feeds = Object.fromEntries(
    Object.entries(SECTION_FEEDS).map(([section, ids]) => [
      section,
      ids.map((id) => `${STAND_IN_URL}/feeds/${id}.xml${query ? `?${query}` : ""}`),
    ]),
  );
  writeFileSync(file, JSON.stringify(feeds, null, 2));
  return file;
}

/**
 * The sample network's time zones: Riverbend has none of its own (TIME_ZONE's default,
 * America/Chicago); Guam's day begins 16 hours before Chicago's.
 */
const PUBLICATION_TIME_ZONES = { lakeside: "America/Los_Angeles", hillcountry: "Pacific/Guam" };

/** The editors' secrets of the sample network's publications (POST /api/revalidate). */
const EDITOR_SECRETS = {
  riverbend: "riverbend-editors-secret",
  lakeside: "lakeside-editors-secret",
};

/**
 * A sample network of three publications at the given origins, as PUBLICATIONS_FILE holds it:
 * Riverbend (the network's feeds), Lakeside (its own local feed, accent and editors' secret;
 * its local blog folder content/blog/lakeside.example) and Hill Country (its own local feed, no
 * secret of its own). `hillcountry` may be left out (the demo serves two).
 * Written to e2e/.tmp; returns the file's path.
 * @param {string} name
 * @param {{ riverbend: string; lakeside: string; hillcountry?: string }} origins
 */
function writePublicationsFile(name, { riverbend, lakeside, hillcountry }) {
  const publications = [
    {
      url: riverbend,
      name: "The Riverbend Chronicle",
      town: "Riverbend",
      revalidateSecret: EDITOR_SECRETS.riverbend,
    },
    {
      url: lakeside,
      name: "The Lakeside Ledger",
      town: "Lakeside",
      tagline: "News from the water's edge",
      accent: "#0b5394",
      blogDomain: "lakeside.example",
      feeds: { local: [`${STAND_IN_URL}/feeds/lakeside-local.xml`] },
      revalidateSecret: EDITOR_SECRETS.lakeside,
      // A network spans the continent, and beyond: each dates its stories as its town does.
      timeZone: PUBLICATION_TIME_ZONES.lakeside,
    },
    ...(hillcountry
      ? [
          {
            url: hillcountry,
            // Long on purpose: the masthead must show it whole on a phone (e2e/network.spec.ts).
            name: "The Hill Country Herald and Valley Courier",
            town: "Hill Country",
            accent: "#2e6b30",
            timeZone: PUBLICATION_TIME_ZONES.hillcountry,
            feeds: { local: [`${STAND_IN_URL}/feeds/hillcountry-local.xml`] },
          },
        ]
      : []),
  ];
  const dir = path.join(__dirname, ".tmp");
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `publications-${name}.json`);
  writeFileSync(file, JSON.stringify({ publications }, null, 2));
  return file;
}

/**
 * The archive (ARCHIVE_FILE) of the server at `siteUrl` in tests: a file of its port under
 * e2e/.tmp, which whoever starts that server removes first (removeArchive), so no run reads
 * another's history. The demo keeps one of its own (scripts/demo.mjs).
 * @param {string} siteUrl
 */
function archiveFileFor(siteUrl) {
  const { port, protocol } = new URL(siteUrl);
  return path.join(
    __dirname,
    ".tmp",
    `archive-${port || (protocol === "https:" ? 443 : 80)}.sqlite`,
  );
}

/** Removes an SQLite archive and the files of its write-ahead log. @param {string} file */
function removeArchive(file) {
  for (const suffix of ["", "-wal", "-shm", "-journal"]) rmSync(file + suffix, { force: true });
}

/**
 * `blog: "functions"` points the blog at the stand-in functions host (30 sample posts);
 * otherwise the app reads its own content/blog folder, as an install without a host does.
 * `archiveFile`: the archive's file; by default the one of the site's port (archiveFileFor).
 * `feedQuery` is appended to every feed address: this instance's own (counted apart).
 * @param {{
 *   siteUrl: string;
 *   feedRevalidateSeconds?: number;
 *   blog?: "local" | "functions";
 *   feedQuery?: string;
 *   archiveFile?: string;
 * }} options
 * @returns {Record<string, string>} the variables, as a child process's `env` takes them
 */
function appEnv({ siteUrl, feedRevalidateSeconds, blog = "local", feedQuery, archiveFile }) {
  return {
    SITE_URL: siteUrl,
    ARCHIVE_FILE: archiveFile ?? archiveFileFor(siteUrl),
    ...(blog === "functions"
      ? { BLOG_API_URL: `${STAND_IN_URL}/functions/v1`, BLOG_API_KEY: BLOG_KEY }
      : {}),
    REVALIDATE_SECRET,
    NEWS_FEEDS_FILE: writeFeedsFile(feedQuery),
    ...(feedRevalidateSeconds ? { FEED_REVALIDATE_SECONDS: String(feedRevalidateSeconds) } : {}),
    // Each publication's own wall and form: "{domain}" is its domain (lib/publication/embeds.ts).
    EVENTS_WALL_URL: `${STAND_IN_URL}/embed/events?domain={domain}`,
    CONTACT_FORM_URL: `${STAND_IN_URL}/embed/contact?domain={domain}`,
    MARKET_BOARD_URL: `${STAND_IN_URL}/embed/market-board`,
    PARTNER_DOC_URLS: ["media-kit", "network-guide", "sponsorship"]
      .map((doc) => `${STAND_IN_URL}/embed/docs/${doc}/preview`)
      .join(","),
    // The station on loopback: in tests the real Icecast they start (e2e/radio/station.mjs),
    // in the demo the stand-in's sample stream (e2e/stand-in/radio.mjs), both on RADIO_PORT.
    // The featured video's poster, fetched by the server only (e2e/stand-in/posters.mjs).
    YOUTUBE_POSTER_ORIGIN: STAND_IN_URL,
    RADIO_STREAM_ORIGIN: "http://127.0.0.1",
    RADIO_STREAM_PORTS: String(RADIO_PORT),
  };
}

/**
 * The stand-in's command-line arguments. `radio: true` also plays the radio station on
 * RADIO_PORT (the demo's sample stream); never alongside the tests' Icecast, which holds it.
 * @param {{ port?: number; radio?: boolean }} [options]
 */
function standInArgs({ port = STAND_IN_PORT, radio = false } = {}) {
  return [
    "e2e/stand-in/server.mjs",
    ...["--port", String(port)],
    ...(radio ? ["--radio-port", String(RADIO_PORT)] : []),
  ];
}

module.exports = {
  archiveFileFor,
  removeArchive,
  EDITOR_SECRETS,
  PUBLICATION_TIME_ZONES,
  writePublicationsFile,
  STAND_IN_PORT,
  STAND_IN_URL,
  RADIO_PORT,
  REVALIDATE_SECRET,
  appEnv,
  standInArgs,
};
