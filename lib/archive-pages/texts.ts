/** What the search and archive pages say when the archive cannot answer. */
export const SEARCH_UNAVAILABLE = "Search is unavailable right now. Please try again later.";
/** Shown in the site's error box, which adds "Please try again later." */
export const ARCHIVE_UNAVAILABLE = "The archive is unavailable right now.";
