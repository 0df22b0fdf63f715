/**
 * The admin room of lib/news: what editors and operators ask of it. An editor's refresh of
 * sections (refresh.ts, POST /api/revalidate, its body checked by refresh-request.ts), a
 * headline's withdrawal (withdraw.ts, POST /api/headlines/withdraw, its body checked by
 * withdraw-request.ts, as it checks a story's split's, POST /api/stories/split), the size cap both bodies share (request-body.ts) and the feeds' status
 * (feed-status.ts, GET /api/feeds/status).
 */
export { feedStatuses } from "./feed-status";
export { refreshSections } from "./refresh";
export { parseRefreshRequest } from "./refresh-request";
export { adminFailure, readAdminBody } from "./request-body";
export { withdrawHeadline } from "./withdraw";
export { parseSplitRequest, parseWithdrawRequest } from "./withdraw-request";
