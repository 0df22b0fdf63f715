/**
 * The front door of lib/archive, the newspaper's memory: every headline the network's feeds
 * carried (and every blog post), recorded once per feed item, searched, listed by day, and
 * withdrawn by editors. Its rooms:
 *
 *   types.ts            the one interface both engines implement, and what they answer
 *   engine.ts           the engine of this deployment (SQLite, or PostgreSQL with DATABASE_URL)
 *   sqlite-*.ts         the embedded engine;  postgres-*.ts  the shared one
 *   query.ts            a reader's query, read safely; marking; spelling distance
 *   recorder.ts         what feeds carried, queued and written after each read
 *   posts.ts            the blog's posts as a feed of each publication
 *   days.ts             a publication's days in its time zone
 *   calendar.ts         months, a month's days, a day's headlines
 *   search.ts           the search page's request and answer
 *   withdrawals.ts      withdrawn links, watched by every instance
 *   stories/            stories decided at ingest;  story-marks.ts  what pages show of them
 *   health.ts           whether the archive answers now (search's 503)
 */
export {
  archiveDay,
  archiveIndex,
  archiveMonth,
  archiveMonths,
  DAY_PARTS,
  dayPartOf,
  type ArchiveDayPage,
  type DayPart,
  type DayCount,
  type IndexMonth,
  type MonthCount,
} from "./calendar";
export { archiveReachable } from "./health";
export { dayOf, dayPartPath, dayPath, isoDay, monthPath, readDay, type CalendarDay } from "./days";
export { BLOG_SECTION, blogCarriage, recordPosts, type PostRecord } from "./posts";
export { markWords, MAX_QUERY_LENGTH } from "./query";
export { recordFeed } from "./recorder";
export {
  readSearchRequest,
  RESULTS_PER_PAGE,
  searchArchive,
  type SearchOutcome,
  type SearchParamsInput,
  type SearchRequest,
  type SearchSuggestions,
} from "./search";
export { changeStorySplit, storyItems, storyMarks, tagWithStories } from "./story-marks";
export { sourceOf } from "./stories/marks";
export {
  ArchiveUnavailableError,
  type ArchivedHeadline,
  type CarriageRow,
  type StoryLink,
  type StoryMark,
} from "./types";
export { changeWithdrawal, isWithdrawn, tagWithWithdrawals } from "./withdrawals";
export { startArchive } from "./start";
