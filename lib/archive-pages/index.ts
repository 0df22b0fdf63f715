/**
 * The front door of lib/archive-pages: what the search page and the archive's pages (/archive,
 * a month, a day) read and show, over lib/archive's services. Its rooms:
 *
 *   address.ts        an address below /archive: the index, a month, a day, or nothing
 *   reads.ts          the archive's calendar, cached per publication (the archive away: a
 *                     cached failure of its own)
 *   headline-view.ts  an archived headline as a result or a day's entry; a day's sections
 *   story.ts          a story's page: its copies, sources and days
 *   search.ts         the search run for the page (the archive away: null), its links, its count
 *   texts.ts          what the pages say when the archive cannot answer
 */
export { readArchiveAddress, type ArchiveAddress } from "./address";
export { ARCHIVE_SECTIONS, groupBySection, headlineView, type HeadlineView } from "./headline-view";
export {
  readArchiveDay,
  readArchiveIndex,
  readArchiveMonth,
  type ArchiveMonth,
  type ArchiveMonthPage,
  type ArchiveRead,
} from "./reads";
export { resultCountText, runSearch, searchHref } from "./search";
export { readStory, type StoryPage } from "./story";
export { ARCHIVE_UNAVAILABLE, SEARCH_UNAVAILABLE } from "./texts";
