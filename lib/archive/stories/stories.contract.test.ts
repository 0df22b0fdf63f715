import { archiveEnginesUnderTest, searchRequest } from "../../../test-support/archive-engines";
import type { ArchiveEngine, ArchiveItemInput, CarriageRow } from "../types";

/**
 * Stories as the archive records them, on both engines: the same news from several feeds is
 * one story, and the story page lists what the publication carried; a different event that
 * shares words, a plain title, or a second item of one feed stays apart.
 */

const HOUR = 3_600_000;
const NOW = Date.UTC(2026, 10, 20, 18);
const WIRE_NATIONAL = "https://apwire.example/national.xml";
const WIRE_POLITICS = "https://apwire.example/politics.xml";
const VALLEY = "https://valleytimes.example/news.xml";
const LOCAL = "https://riverbendchronicle.example/local.xml";
const LAKE = "https://lakesideherald.example/local.xml";
const BACKGROUND = "https://background.example/all.xml";

const CARRIAGE: CarriageRow[] = [
  { publication: "riverbend", section: "national", feed: WIRE_NATIONAL, rank: 1 },
  { publication: "riverbend", section: "politics", feed: WIRE_POLITICS, rank: 2 },
  { publication: "riverbend", section: "local", feed: VALLEY, rank: 0 },
  { publication: "riverbend", section: "local", feed: LOCAL, rank: 0 },
  { publication: "riverbend", section: "world", feed: BACKGROUND, rank: 3 },
  { publication: "lakeside", section: "local", feed: LAKE, rank: 0 },
  { publication: "lakeside", section: "politics", feed: WIRE_POLITICS, rank: 1 },
];

let n = 0;
function item(title: string, description: string, at: number): ArchiveItemInput {
  n++;
  return {
    key: `k${n}`,
    title,
    description,
    body: "",
    link: `https://news${n}.example/${n}`,
    imageUrl: "",
    publishedAt: at,
  };
}

/**
 * A year's worth of other news in few words: a word's rarity is read from the archive's own
 * counts, so a new archive first learns which words are common.
 */
const TOPICS = ["market", "weather", "traffic", "school", "health", "sports", "arts", "farm"];
const PLACES = ["Riverbend", "Lakeside", "Arden", "Belmont", "Corliss", "Dunmore", "Easton"];
/** What a local paper's archive is full of: its town, councils, budgets, police, Mondays. */
const COMMON = [
  "council approves budget",
  "school board votes on plan",
  "police report calls for service",
  "city tax increase million",
  "passes vote Monday night",
  "company says jobs",
];
function background(count: number): ArchiveItemInput[] {
  return Array.from({ length: count }, (_, i) => {
    const topic = TOPICS[i % TOPICS.length]!;
    const place = PLACES[(i * 3) % PLACES.length]!;
    const common = COMMON[i % COMMON.length]!;
    return item(
      `${place} ${topic}: ${common}`,
      `The latest ${topic} news from ${place}: ${common}, ${i % 50} items.`,
      NOW - 30 * 24 * HOUR - i * HOUR,
    );
  });
}

/** One wire story as three feeds tell it: [title, description]. */
const CASTELLAN = {
  national: [
    "Castellan Steel to reopen Iron City mill, bringing back 600 jobs",
    "Castellan Steel will restart the idled Ridgeway Works mill in Iron City next spring, rehiring about 600 workers, the company said Tuesday.",
  ],
  politics: [
    "Castellan Steel reopening Iron City mill; 600 jobs return",
    "Castellan Steel said Tuesday it will restart the Ridgeway Works mill in Iron City, rehiring about 600 workers…",
  ],
  valley: [
    "Iron City mill to reopen as Castellan Steel brings back 600 jobs",
    "The Ridgeway Works mill in Iron City will restart next spring, Castellan Steel said, with about 600 workers rehired.",
  ],
} as const;

jest.setTimeout(30_000);

describe.each(archiveEnginesUnderTest())("stories on $name", (under) => {
  let engine: ArchiveEngine;
  beforeEach(async () => {
    engine = await under.fresh();
    await engine.migrate();
    await engine.syncCarriage(CARRIAGE, NOW - 60 * 24 * HOUR);
    await engine.record([{ feed: BACKGROUND, items: background(600), seenAt: NOW - HOUR }]);
  });
  afterEach(() => engine.close());

  const storyOf = async (publication: string, text: string) => {
    // The last days' news, not the background's.
    const { hits } = await engine.search({
      ...searchRequest(text, NOW),
      publication,
      from: NOW - 3 * 24 * HOUR,
    });
    return hits;
  };

  it("one step's two copies older than the story they join stay in it with it (another instance recorded it first)", async () => {
    const at = NOW - 10 * HOUR;
    const national = item(...CASTELLAN.national, at);
    const politics = item(...CASTELLAN.politics, at - 2 * HOUR);
    const valley = item(...CASTELLAN.valley, at - HOUR);
    // The newest copy first; then, in one step, two older ones (each older than the story's
    // first item: the story takes the oldest's id as it goes).
    await engine.record([{ feed: WIRE_NATIONAL, items: [national], seenAt: at + 10 * 60_000 }]);
    await engine.record([
      { feed: WIRE_POLITICS, items: [politics], seenAt: at + 20 * 60_000 },
      { feed: VALLEY, items: [valley], seenAt: at + 20 * 60_000 },
    ]);
    const hits = await storyOf("riverbend", "Castellan");
    expect(hits).toHaveLength(3);
    expect(new Set(hits.map((hit) => hit.story)).size).toBe(1);
    const page = await engine.story("riverbend", hits[0]!.story);
    expect(page.map((headline) => headline.title).sort()).toEqual(
      [national.title, politics.title, valley.title].sort(),
    );
  });

  it("groups one wire story carried by three feeds, and lists what each publication carried", async () => {
    const at = NOW - 10 * HOUR;
    const national = item(...CASTELLAN.national, at);
    const politics = item(...CASTELLAN.politics, at + HOUR);
    const valley = item(...CASTELLAN.valley, at + 3 * HOUR);
    await engine.record([{ feed: WIRE_NATIONAL, items: [national], seenAt: at + 10 * 60_000 }]);
    await engine.record([{ feed: WIRE_POLITICS, items: [politics], seenAt: at + 2 * HOUR }]);
    await engine.record([{ feed: VALLEY, items: [valley], seenAt: at + 4 * HOUR }]);

    const hits = await storyOf("riverbend", "Castellan");
    expect(hits).toHaveLength(3);
    expect(new Set(hits.map((hit) => hit.story)).size).toBe(1);
    const story = hits[0]!.story;
    const page = await engine.story("riverbend", story);
    expect(page.map((headline) => headline.title)).toEqual([
      valley.title,
      politics.title,
      national.title,
    ]);
    // Lakeside carries the politics wire alone: its story is its own item, nothing more.
    expect((await engine.story("lakeside", story)).map((headline) => headline.title)).toEqual([
      politics.title,
    ]);
    expect(await engine.story("lakeside", "123")).toEqual([]);
    expect(await engine.story("riverbend", "not-a-number")).toEqual([]);
  });

  it("marks the cards of a story with its sources in each publication, and an editor's split holds", async () => {
    const at = NOW - 10 * HOUR;
    const copies = [
      item(
        "Harbor authority approves Port Calloway dredging, $48 million",
        "The Port Calloway harbor authority approved a $48 million dredging of the Marrow Channel on Thursday.",
        at,
      ),
      item(
        "Port Calloway dredging approved: $48 million for Marrow Channel",
        "Harbor commissioners approved $48 million to dredge the Marrow Channel at Port Calloway.",
        at + HOUR,
      ),
      item(
        "Marrow Channel dredging gets $48 million go-ahead in Port Calloway",
        "Port Calloway's harbor authority voted Thursday for the $48 million Marrow Channel dredging.",
        at + 2 * HOUR,
      ),
    ];
    const [national, politics, valley] = copies as [
      ArchiveItemInput,
      ArchiveItemInput,
      ArchiveItemInput,
    ];
    const since = Date.now() - 1;
    await engine.record([{ feed: WIRE_NATIONAL, items: [national], seenAt: at }]);
    await engine.record([{ feed: WIRE_POLITICS, items: [politics], seenAt: at + HOUR }]);
    await engine.record([{ feed: VALLEY, items: [valley], seenAt: at + 2 * HOUR }]);
    const links = [...copies.map((copy) => copy.link), "https://elsewhere.example/x"];
    const marks = await engine.storiesOf("riverbend", links);
    expect(marks.map(({ link, feed, sources }) => [link, feed, sources]).sort()).toEqual(
      [
        [national.link, WIRE_NATIONAL, 3],
        [politics.link, WIRE_POLITICS, 3],
        [valley.link, VALLEY, 3],
      ].sort(),
    );
    const story = marks[0]!.story;
    expect(new Set(marks.map((mark) => mark.story))).toEqual(new Set([story]));
    // Lakeside carries one of the three: no story to show there.
    expect(await engine.storiesOf("lakeside", links)).toEqual([]);
    const changed = (await engine.storyChanges(since)).map((row) => row.feed);
    expect(changed).toEqual(expect.arrayContaining([WIRE_NATIONAL, WIRE_POLITICS, VALLEY]));

    // The story's first item split out: it stands alone; the others keep together, under the
    // next item's id; the feed's next read does not put it back.
    const split = {
      publication: "riverbend",
      link: national.link,
      by: "editors of riverbend",
      at: Date.now(),
    };
    // Lakeside never carried it: its editors cannot split it.
    expect(await engine.splitStory({ ...split, publication: "lakeside" }, false)).toBeNull();
    expect(
      await engine.splitStory({ ...split, publication: "*", link: "https://no.example/" }, false),
    ).toBeNull();
    expect(await engine.splitStory(split, false)).toBe(true);
    expect(await engine.splitStory(split, false)).toBe(false);
    await engine.record([{ feed: WIRE_NATIONAL, items: [national], seenAt: at + 5 * HOUR }]);
    const after = await engine.storiesOf("riverbend", links);
    expect(after.map(({ link, sources }) => [link, sources]).sort()).toEqual(
      [
        [politics.link, 2],
        [valley.link, 2],
      ].sort(),
    );
    expect(after[0]!.story).not.toBe(story);
    expect((await engine.story("riverbend", story)).map((row) => row.link)).toEqual([
      national.link,
    ]);
    // A later copy joins the rest, never the split item.
    const later = item(
      "Port Calloway dredging of Marrow Channel: $48 million approved",
      "The $48 million Marrow Channel dredging at Port Calloway was approved by the harbor authority.",
      at + 3 * HOUR,
    );
    await engine.record([{ feed: LOCAL, items: [later], seenAt: at + 3 * HOUR }]);
    const withLater = await engine.storiesOf("riverbend", [...links, later.link]);
    expect(withLater.map((mark) => mark.link).sort()).toEqual(
      [politics.link, valley.link, later.link].sort(),
    );

    // Undone: grouped again, with the others.
    expect(await engine.splitStory({ ...split, at: Date.now() }, true)).toBe(true);
    const undone = await engine.storiesOf("riverbend", [...links, later.link]);
    expect(undone).toHaveLength(4);
    expect(new Set(undone.map((mark) => mark.story)).size).toBe(1);
    expect(undone[0]!.sources).toBe(4);
    // Under its first item's id again: the address the story's page had before the split.
    expect(undone[0]!.story).toBe(story);
  });

  it("keeps apart a different event that shares words, plain titles, and two items of one feed", async () => {
    const at = NOW - 20 * HOUR;
    await engine.record([
      {
        feed: VALLEY,
        items: [
          item(
            "Riverbend council approves $112 million budget, 2% tax increase",
            "The Riverbend City Council voted 5-2 on Monday night to approve a $112 million budget with a 2% property tax increase.",
            at,
          ),
          item(
            "Police Log",
            "Calls for service in Riverbend: a stolen bicycle on Elm Street and a noise complaint.",
            at + HOUR,
          ),
        ],
        seenAt: at + 2 * HOUR,
      },
    ]);
    await engine.record([
      {
        feed: LOCAL,
        items: [
          item(
            "Riverbend school board approves $64 million budget",
            "The Riverbend school board on Monday approved a $64 million budget that adds two reading teachers.",
            at + 2 * HOUR,
          ),
          item(
            "Police Log",
            "Calls for service in Lakeside: a fender-bender on Shore Road and a lost dog.",
            at + 2 * HOUR,
          ),
        ],
        seenAt: at + 3 * HOUR,
      },
    ]);
    // The same feed again, the same news in other words: a feed does not carry a story twice.
    await engine.record([
      {
        feed: VALLEY,
        items: [
          item(
            "Riverbend council passes $112 million budget with 2% tax increase",
            "Riverbend City Council approved the $112 million budget 5-2 Monday, raising the property tax 2%.",
            at + 4 * HOUR,
          ),
        ],
        seenAt: at + 5 * HOUR,
      },
    ]);
    const budgets = await storyOf("riverbend", "budget");
    expect(budgets).toHaveLength(3);
    expect(new Set(budgets.map((hit) => hit.story)).size).toBe(3);
    const logs = await storyOf("riverbend", '"police log"');
    expect(logs).toHaveLength(2);
    expect(new Set(logs.map((hit) => hit.story)).size).toBe(2);
  });

  it("gives the same link in two feeds one story", async () => {
    const at = NOW - 5 * HOUR;
    const shared = item("Ferry runs aground near Bergen", "All 212 aboard were evacuated.", at);
    await engine.record([{ feed: WIRE_NATIONAL, items: [shared], seenAt: at }]);
    await engine.record([{ feed: VALLEY, items: [{ ...shared, key: "other" }], seenAt: at }]);
    const hits = await storyOf("riverbend", "Bergen");
    expect(hits).toHaveLength(2);
    expect(new Set(hits.map((hit) => hit.story)).size).toBe(1);
  });
});

describe.each(archiveEnginesUnderTest())("a young archive's stories on $name", (under) => {
  let engine: ArchiveEngine;
  beforeEach(async () => {
    engine = await under.fresh();
    await engine.migrate();
    await engine.syncCarriage(CARRIAGE, NOW - 60 * 24 * HOUR);
  });
  afterEach(() => engine.close());

  it("waits while too few items can tell a rare word, then groups the first items with the next step", async () => {
    const at = NOW - 6 * HOUR;
    const copies = [
      item(
        "Federal grant of $310 million revives Calder Valley passenger rail line",
        "The Transportation Department awarded $310 million to restore passenger trains between Riverbend and Port Ellison, closed since 1987.",
        at,
      ),
      item(
        "Calder Valley rail line wins $310 million grant to restore passenger trains",
        "Passenger service between Riverbend and Port Ellison, ended in 1987, returns after a $310 million federal grant.",
        at + HOUR,
      ),
    ];
    // The network's first reads: a story's two copies among a few items.
    await engine.record([
      { feed: WIRE_NATIONAL, items: [copies[0]!, ...background(10)], seenAt: at },
      { feed: VALLEY, items: [copies[1]!], seenAt: at + HOUR },
    ]);
    const links = copies.map((copy) => copy.link);
    expect(await engine.storiesOf("riverbend", links)).toEqual([]);
    // More reads: the archive can tell, and the first items are grouped with them.
    await engine.record([{ feed: BACKGROUND, items: background(120), seenAt: NOW - HOUR }]);
    const marks = await engine.storiesOf("riverbend", links);
    expect(marks.map((mark) => mark.link).sort()).toEqual([...links].sort());
    expect(new Set(marks.map((mark) => mark.story)).size).toBe(1);
    // The background's plain items stay their own.
    const { hits } = await engine.search({
      ...searchRequest("budget", NOW),
      publication: "riverbend",
    });
    expect(new Set(hits.map((hit) => hit.story)).size).toBe(hits.length);
  });
});
