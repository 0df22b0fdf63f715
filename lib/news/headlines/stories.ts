import type { StoryMark } from "../../archive";
import { MAX_ARTICLES, type FeedArticle, type StoryLink } from "../types";

/**
 * A section's list with each story once (lib/archive/stories groups them at ingest): of a
 * story's copies the section holds, its lead stays, where it stands in the list (newest
 * first), the others go, and the list is cut to MAX_ARTICLES stories. The lead is the copy of
 * the feed listed first for the section (an editor's order says whose copy they want), the
 * newest of that feed's. A card whose story has two or more sources in the publication is
 * marked with its story. Without marks (no story, or the archive away), the list as merged.
 */
export function oneCardPerStory(
  articles: readonly FeedArticle[],
  marks: ReadonlyMap<string, StoryMark>,
  feeds: readonly string[],
): { articles: FeedArticle[]; stories: Map<string, StoryLink> } {
  const rank = (article: FeedArticle) => {
    const index = feeds.indexOf(marks.get(article.link)?.feed ?? "");
    return index < 0 ? feeds.length : index;
  };
  const leads = new Map<string, FeedArticle>();
  for (const article of articles) {
    const mark = marks.get(article.link);
    if (!mark) continue;
    const lead = leads.get(mark.story);
    if (!lead || rank(article) < rank(lead)) leads.set(mark.story, article);
  }
  const shown = articles
    .filter((article) => {
      const mark = marks.get(article.link);
      return !mark || leads.get(mark.story) === article;
    })
    .slice(0, MAX_ARTICLES);
  const stories = new Map<string, StoryLink>();
  for (const article of shown) {
    const mark = marks.get(article.link);
    if (mark && mark.sources >= 2)
      stories.set(article.link, { id: mark.story, sources: mark.sources });
  }
  return { articles: shown, stories };
}
