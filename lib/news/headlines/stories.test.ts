import type { StoryMark } from "../../archive";
import { MAX_ARTICLES, type FeedArticle } from "../types";
import { oneCardPerStory } from "./stories";

const NATIONAL = "https://wire.example/national.xml";
const POLITICS = "https://wire.example/politics.xml";
const VALLEY = "https://valley.example/news.xml";

const article = (link: string, hoursAgo: number): FeedArticle => ({
  title: `Item at ${link}`,
  description: "",
  link,
  pubDate: new Date(Date.UTC(2026, 11, 1, 12 - hoursAgo)).toISOString(),
  imageUrl: "https://photos.example/a.jpg",
});
const mark = (link: string, story: string, feed: string, sources: number): StoryMark => ({
  link,
  story,
  feed,
  sources,
});

describe("oneCardPerStory", () => {
  // Newest first, as the section's merge gives them.
  const valley = article("https://valley.example/mill", 1);
  const politics = article("https://wire.example/politics/mill", 2);
  const other = article("https://valley.example/fair", 3);
  const national = article("https://wire.example/national/mill", 4);
  const list = [valley, politics, other, national];
  const marks = new Map(
    [
      mark(valley.link, "41", VALLEY, 2),
      mark(politics.link, "41", POLITICS, 2),
      mark(national.link, "41", NATIONAL, 2),
    ].map((m) => [m.link, m]),
  );

  it("shows a story once: the copy of the feed listed first, where it stands", () => {
    const shown = oneCardPerStory(list, marks, [NATIONAL, POLITICS, VALLEY]);
    expect(shown.articles).toEqual([other, national]);
    expect([...shown.stories]).toEqual([[national.link, { id: "41", sources: 2 }]]);
    // Another order of feeds, another lead.
    expect(oneCardPerStory(list, marks, [VALLEY, NATIONAL]).articles).toEqual([valley, other]);
  });

  it("marks no card whose story has one source in the publication, but still shows it once", () => {
    const oneSource = new Map(
      [mark(politics.link, "41", POLITICS, 1), mark(national.link, "41", NATIONAL, 1)].map((m) => [
        m.link,
        m,
      ]),
    );
    const shown = oneCardPerStory(list, oneSource, [NATIONAL, POLITICS, VALLEY]);
    expect(shown.articles).toEqual([valley, other, national]);
    expect(shown.stories.size).toBe(0);
  });

  it("counts stories against the cap, and without marks is the list as merged", () => {
    const many = Array.from({ length: 3 * MAX_ARTICLES }, (_, i) =>
      article(`https://wire.example/${i}`, i),
    );
    // Every pair of neighbours one story: the page still shows MAX_ARTICLES stories.
    const paired = new Map(
      many.map((a, i) => [
        a.link,
        mark(a.link, `s${Math.floor(i / 2)}`, i % 2 ? POLITICS : NATIONAL, 2),
      ]),
    );
    const shown = oneCardPerStory(many, paired, [NATIONAL, POLITICS]);
    expect(shown.articles).toHaveLength(MAX_ARTICLES);
    expect(shown.articles).toEqual(many.filter((_, i) => i % 2 === 0).slice(0, MAX_ARTICLES));
    expect(oneCardPerStory(many, new Map(), [NATIONAL]).articles).toEqual(
      many.slice(0, MAX_ARTICLES),
    );
  });
});
