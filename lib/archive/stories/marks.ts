import type { StoryMark } from "../types";

/**
 * What a card shows of its story (both engines, in their reading thread): the links asked
 * that are in a story the publication shows more than one item of, with the story's sources
 * there. A source is the host of an item's link without "www." (as an archive day names a
 * headline's source): two feeds of one site are one source.
 */

/** The source a link names: its host, less "www."; "" for no address. */
export function sourceOf(link: string): string {
  try {
    return new URL(link).hostname.replace(/^www\./, "");
  } catch {
    return "";
  }
}

/** One item of an asked story that the publication shows. */
export interface StoryMember {
  story: string;
  link: string;
  feed: string;
}

/** The marks of `asked` among the shown items of their stories. */
export function marksOf(members: readonly StoryMember[], asked: readonly string[]): StoryMark[] {
  const byStory = new Map<string, StoryMember[]>();
  for (const member of members) {
    const list = byStory.get(member.story);
    if (list) list.push(member);
    else byStory.set(member.story, [member]);
  }
  const wanted = new Set(asked);
  const marks = new Map<string, StoryMark>();
  for (const [story, list] of byStory) {
    if (list.length < 2) continue;
    const sources = new Set(list.map((member) => sourceOf(member.link))).size;
    for (const { link, feed } of list)
      if (wanted.has(link) && !marks.has(link)) marks.set(link, { link, story, feed, sources });
  }
  return [...marks.values()];
}
