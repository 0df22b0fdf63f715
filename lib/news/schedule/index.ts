/**
 * The schedule room of lib/news: every configured feed polled in the background on its own
 * pace (poll-schedule.ts: publishing rate, max-age, ttl, Retry-After, backoff), once per
 * interval for the whole network (scheduler.ts).
 */
export { pollScheduleOf, startScheduler, type PollSchedule } from "./scheduler";
