/**
 * The admin room of lib/news: what editors and operators ask of it. An editor's refresh of
 * sections (refresh.ts, POST /api/revalidate, its body checked by refresh-request.ts) and the
 * feeds' status (feed-status.ts, GET /api/feeds/status).
 */
export { feedStatuses, type FeedStatus } from "./feed-status";
export { refreshSections, type SectionRefresh } from "./refresh";
export { parseRefreshRequest, type RefreshRequest } from "./refresh-request";
