import {
  alike,
  likeness,
  THRESHOLDS,
  type Rarity,
  type Terms,
  type Thresholds,
} from "./similarity.ts";

/**
 * Online grouping of items into stories, decided once, when an item is recorded (Miranda et
 * al.'s streaming clustering; NewsBlur's and Feedly's rules for what never merges):
 *
 * - the same link or the same key in another feed is the same item's story, always;
 * - otherwise the item joins the story of the most alike recent item of ANOTHER feed, within
 *   the window, when it is also alike the story's core (the sum of its items' terms), so a
 *   chain where A is like B and B like C never pulls in a C that is nothing like A;
 * - never: a second item of a feed the story already holds (a feed does not carry one story
 *   twice); a story past MAX_STORY items; an item outside the window of the one it matches.
 *
 * What is not decided at first is decided when the later copy arrives: it looks back.
 */

export const MAX_STORY = 30;

export interface Groupable {
  feed: string;
  link: string;
  key: string;
  at: number;
  terms: Terms;
}

/** A recent item another feed carried, with its story. */
export interface Candidate extends Groupable {
  id: string;
  story: string;
}

/** What a story holds, for the new item to be compared with. */
export interface StoryCore {
  story: string;
  feeds: ReadonlySet<string>;
  size: number;
  /** The sum of its items' terms. */
  terms: Terms;
}

export interface GroupOptions {
  windowMs: number;
  rarity: Rarity;
  thresholds?: Thresholds;
  /** An item an editor split out: it stays alone. */
  split?: boolean;
}

/**
 * The story the item joins, or null for a story of its own. `candidates` are recent items of
 * the network that share at least one distinctive word with it; `coreOf` answers each story's
 * core.
 */
export interface Choice {
  /** The story the item joins; null: a story of its own. */
  story: string | null;
  /**
   * Stories the item shows to be the same news as `story` (it is alike each, and their cores
   * alike one another): they join it, with the item. What was not decided when the first
   * copies came is decided when a later one bridges them.
   */
  absorbed: string[];
}

export function chooseStory(
  item: Groupable,
  candidates: readonly Candidate[],
  coreOf: (story: string) => StoryCore | undefined,
  options: GroupOptions,
): Choice {
  if (options.split) return { story: null, absorbed: [] };
  const thresholds = options.thresholds ?? THRESHOLDS;
  for (const candidate of candidates)
    if (
      candidate.feed !== item.feed &&
      (candidate.link === item.link || candidate.key === item.key)
    )
      return { story: candidate.story, absorbed: [] };
  // The stories the item is alike, each by its most alike item, best first.
  const scores = new Map<string, number>();
  for (const candidate of candidates) {
    if (candidate.feed === item.feed) continue;
    if (Math.abs(candidate.at - item.at) > options.windowMs) continue;
    const pair = likeness(item.terms, candidate.terms, options.rarity);
    if (!alike(pair, thresholds)) continue;
    if ((scores.get(candidate.story) ?? -1) < pair.cosine) scores.set(candidate.story, pair.cosine);
  }
  const fits = (core: StoryCore | undefined): core is StoryCore =>
    !!core &&
    !core.feeds.has(item.feed) &&
    core.size < MAX_STORY &&
    (core.size === 1 || alike(likeness(item.terms, core.terms, options.rarity), thresholds));
  const ranked = [...scores].sort((a, b) => b[1] - a[1]).map(([story]) => coreOf(story));
  const first = ranked.findIndex(fits);
  if (first < 0) return { story: null, absorbed: [] };
  let core = withItem(ranked[first], ranked[first]!.story, item);
  const absorbed: string[] = [];
  for (const other of ranked.slice(first + 1)) {
    if (!fits(other)) continue;
    const overlap = [...other.feeds].some((feed) => core.feeds.has(feed));
    if (overlap || core.size + other.size > MAX_STORY) continue;
    if (!alike(likeness(core.terms, other.terms, options.rarity), thresholds)) continue;
    core = joined(core, other);
    absorbed.push(other.story);
  }
  return { story: ranked[first]!.story, absorbed };
}

/** A story's core with one more item's terms. */
export function withItem(core: StoryCore | undefined, story: string, item: Groupable): StoryCore {
  return joined(core, { story, feeds: new Set([item.feed]), size: 1, terms: item.terms });
}

/** Two cores as one (a story that absorbs another). */
export function joined(core: StoryCore | undefined, other: StoryCore): StoryCore {
  const sum = (a: Map<string, number> | undefined, b: Map<string, number>) => {
    const out = new Map(a);
    for (const [stem, count] of b) out.set(stem, (out.get(stem) ?? 0) + count);
    return out;
  };
  const words = new Map(core?.terms.words);
  for (const [stem, word] of other.terms.words) if (!words.has(stem)) words.set(stem, word);
  return {
    story: core?.story ?? other.story,
    feeds: new Set([...(core?.feeds ?? []), ...other.feeds]),
    size: (core?.size ?? 0) + other.size,
    terms: {
      counts: sum(core?.terms.counts, other.terms.counts),
      words,
      title: new Set([...(core?.terms.title ?? []), ...other.terms.title]),
      names: new Set([...(core?.terms.names ?? []), ...other.terms.names]),
      capitals: new Set([...(core?.terms.capitals ?? []), ...other.terms.capitals]),
      description: sum(core?.terms.description, other.terms.description),
    },
  };
}
