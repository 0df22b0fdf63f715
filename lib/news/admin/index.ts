/**
 * The admin room of lib/news: what editors and operators ask of it. An editor's refresh of
 * sections (refresh.ts, POST /api/revalidate, its body checked by refresh-request.ts) and the
 * feeds' status (feed-status.ts, GET /api/feeds/status).
 */
export { feedStatuses } from "./feed-status";
export { refreshSections } from "./refresh";
export { parseRefreshRequest } from "./refresh-request";
