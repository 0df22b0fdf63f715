import { BACKOFF_CEILINGS, pollInterval, withJitter, type PollInput } from "./poll-schedule";

const NOW = Date.parse("2026-11-25T12:00:00Z");
const hoursAgo = (hours: number) => new Date(NOW - hours * 3_600_000).toISOString();

const base: PollInput = {
  floorSeconds: 60,
  ceilingSeconds: 300,
  pubDates: [],
  maxAgeSeconds: null,
  ttlSeconds: null,
  updatePeriodSeconds: null,
  consecutiveErrors: 0,
  retryAfterSeconds: null,
  pushed: false,
  now: NOW,
};

describe("pollInterval", () => {
  it("reads a quiet feed at the ceiling, a busy one at the floor, others at their pace", () => {
    expect(pollInterval(base)).toEqual({ seconds: 300, reason: "ceiling" });
    // One a minute lately: more often than the floor allows.
    const busy = Array.from({ length: 200 }, (_, i) => hoursAgo(i / 60));
    expect(pollInterval({ ...base, pubDates: busy })).toEqual({ seconds: 60, reason: "floor" });
    // One every 150 s, between floor and ceiling.
    const paced = Array.from({ length: 20 }, (_, i) => hoursAgo((i * 150) / 3600));
    expect(pollInterval({ ...base, pubDates: paced })).toEqual({
      seconds: 150,
      reason: "publish-rate",
    });
    // Busy once, quiet since: the newest item's age counts.
    const wentQuiet = Array.from({ length: 20 }, (_, i) => hoursAgo(2 + i / 60));
    expect(pollInterval({ ...base, pubDates: wentQuiet }).reason).toBe("ceiling");
  });

  it("counts only last week's items, and never an item dated far ahead", () => {
    const old = [hoursAgo(24 * 8), hoursAgo(24 * 30), new Date(NOW + 86_400_000).toISOString()];
    expect(pollInterval({ ...base, pubDates: [...old, null] }).reason).toBe("ceiling");
  });

  it("is never more often than the feed's max-age, ttl or update period ask", () => {
    const busy = Array.from({ length: 200 }, (_, i) => hoursAgo(i / 60));
    expect(pollInterval({ ...base, pubDates: busy, maxAgeSeconds: 120 })).toEqual({
      seconds: 120,
      reason: "max-age",
    });
    expect(pollInterval({ ...base, pubDates: busy, ttlSeconds: 180, maxAgeSeconds: 90 })).toEqual({
      seconds: 180,
      reason: "ttl",
    });
    expect(pollInterval({ ...base, pubDates: busy, updatePeriodSeconds: 240 })).toEqual({
      seconds: 240,
      reason: "update-period",
    });
    // ...but the ceiling (the headlines' lifetime) still holds.
    expect(pollInterval({ ...base, pubDates: busy, ttlSeconds: 3_600 })).toEqual({
      seconds: 300,
      reason: "ceiling",
    });
  });

  it("reads a pushed feed at the ceiling only", () => {
    const busy = Array.from({ length: 200 }, (_, i) => hoursAgo(i / 60));
    expect(pollInterval({ ...base, pubDates: busy, pushed: true })).toEqual({
      seconds: 300,
      reason: "websub",
    });
  });

  it("backs off failures, doubling from the floor to a bound, and honours Retry-After", () => {
    expect(pollInterval({ ...base, consecutiveErrors: 1 })).toEqual({
      seconds: 120,
      reason: "back-off",
    });
    expect(pollInterval({ ...base, consecutiveErrors: 2 }).seconds).toBe(240);
    expect(pollInterval({ ...base, consecutiveErrors: 50 }).seconds).toBe(300 * BACKOFF_CEILINGS);
    expect(pollInterval({ ...base, consecutiveErrors: 1, retryAfterSeconds: 3_600 })).toEqual({
      seconds: 3_600,
      reason: "retry-after",
    });
    expect(pollInterval({ ...base, retryAfterSeconds: 5 }).seconds).toBe(60);
    expect(pollInterval({ ...base, retryAfterSeconds: 10 ** 9 }).seconds).toBe(86_400);
  });
});

describe("withJitter", () => {
  it("brings a poll forward by up to a tenth, never later", () => {
    expect(withJitter(300, 0)).toBe(300);
    expect(withJitter(300, 0.999)).toBeGreaterThan(270);
    const spread = new Set(Array.from({ length: 50 }, () => Math.round(withJitter(300))));
    expect(spread.size).toBeGreaterThan(5);
    for (const value of spread) expect(value).toBeLessThanOrEqual(300);
  });
});
