import type { StatementSync } from "node:sqlite";
import { marksOf, type StoryMember } from "../stories/marks.ts";
import { CARRIED, HEADLINE, NOT_WITHDRAWN, toHeadline, type HeadlineRow } from "./reads.ts";
import type { ArchivedHeadline, StoryMark } from "../types";

/** The embedded archive's reads of stories: a story's page, the marks of cards, the changes. */
export class SqliteStoryReads {
  private readonly sql: (text: string) => StatementSync;

  constructor(sql: (text: string) => StatementSync) {
    this.sql = sql;
  }

  /** A story's items the publication carried and shows, newest first (the story page). */
  async story(pub: string, story: string): Promise<ArchivedHeadline[]> {
    const id = Number(story);
    if (!/^\d{1,16}$/.test(story) || !Number.isSafeInteger(id)) return [];
    const rows = this.sql(
      `SELECT ${HEADLINE} FROM items i
        WHERE (i.story = :story OR (i.id = :story AND i.story IS NULL))
          AND ${CARRIED("")} AND ${NOT_WITHDRAWN}
        ORDER BY i.at DESC, i.id DESC`,
    ).all({ pub, story: id }) as unknown as HeadlineRow[];
    return rows.map(toHeadline);
  }

  /** The links' stories the publication shows more than one item of (stories/marks.ts). */
  async storiesOf(pub: string, links: readonly string[]): Promise<StoryMark[]> {
    if (links.length === 0) return [];
    const members = this.sql(
      `SELECT CAST(i.story AS TEXT) AS story, i.link, i.feed FROM items i
        WHERE i.story IN (SELECT DISTINCT a.story FROM items a
            WHERE a.link IN (SELECT value FROM json_each(:links)) AND a.story IS NOT NULL)
          AND ${CARRIED("")} AND ${NOT_WITHDRAWN}
        ORDER BY i.id`,
    ).all({ pub, links: JSON.stringify(links) }) as unknown as StoryMember[];
    return marksOf(members, links);
  }

  /** The feeds whose items' stories changed at or after `since`. */
  async storyChanges(since: number): Promise<{ feed: string; at: number }[]> {
    return this.sql("SELECT feed, at FROM story_changes WHERE at >= ? ORDER BY at").all(
      since,
    ) as unknown as { feed: string; at: number }[];
  }
}
