/** A headline as the app uses it: the spec's feed article, whatever the feed's format. */
export interface FeedArticle {
  /** Plain text. */
  title: string;
  /** Plain text: HTML removed, entities decoded, whitespace collapsed. */
  description: string;
  /** Absolute http(s) address of the story. */
  link: string;
  /** ISO 8601, or null when the feed gave no usable date. */
  pubDate: string | null;
  /** Absolute http(s) address, or the bundled default photo. */
  imageUrl: string;
}

import type { StoryLink } from "../archive";

export type { StoryLink };

export type SectionHeadlines =
  | {
      status: "ok";
      articles: FeedArticle[];
      /** By link: the cards whose story has two or more sources in the publication. */
      stories?: ReadonlyMap<string, StoryLink>;
    }
  | { status: "error"; message: string };

export const FEED_ERROR_MESSAGE = "Failed to fetch RSS feed";
export { DEFAULT_PHOTO as DEFAULT_IMAGE_URL } from "../photos";
export const MAX_ARTICLES = 15;
