import {
  dayOf,
  dayRange,
  monthRange,
  nextDay,
  startOfDay,
  startOfHour,
  type CalendarDay,
} from "./days";

const HOUR = 3_600_000;
const CHICAGO = "America/Chicago";
const TOKYO = "Asia/Tokyo";

const previousDay = ({ year, month, day }: CalendarDay): CalendarDay => {
  const date = new Date(Date.UTC(year, month - 1, day - 1));
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
};

/** A day's start is its zone's midnight: the day at that moment, the day before a ms earlier. */
function expectMidnight(day: CalendarDay, timeZone: string) {
  const start = startOfDay(day, timeZone);
  expect(dayOf(start, timeZone)).toEqual(day);
  expect(dayOf(start - 1, timeZone)).toEqual(previousDay(day));
}

describe("a publication's days", () => {
  it("last 24 hours, 23 on the spring's change and 25 on the autumn's", () => {
    const hours = (day: CalendarDay) => {
      const [from, to] = dayRange(day, CHICAGO);
      return (to - from) / HOUR;
    };
    expect(hours({ year: 2026, month: 3, day: 7 })).toBe(24);
    expect(hours({ year: 2026, month: 3, day: 8 })).toBe(23);
    expect(hours({ year: 2026, month: 11, day: 1 })).toBe(25);
    expect(hours({ year: 2026, month: 11, day: 2 })).toBe(24);
    expect(dayRange({ year: 2026, month: 11, day: 30 }, CHICAGO)[0]).toBe(
      Date.UTC(2026, 10, 30, 6),
    );
  });

  it("begin at each zone's own midnight, whichever zone was asked first", () => {
    const day = { year: 2026, month: 3, day: 8 };
    for (let round = 0; round < 3; round++) {
      expect(startOfDay(day, CHICAGO)).toBe(Date.UTC(2026, 2, 8, 6));
      expect(startOfDay(day, TOKYO)).toBe(Date.UTC(2026, 2, 7, 15));
    }
    expect(monthRange(2026, 3, TOKYO)).toEqual([
      Date.UTC(2026, 1, 28, 15),
      Date.UTC(2026, 2, 31, 15),
    ]);
  });

  it("stay right past the number of starts kept, and when asked again after", () => {
    const first = { year: 1990, month: 1, day: 1 };
    let day = first;
    // 21,000 days: more than the starts kept, so the kept ones are emptied on the way.
    for (let count = 0; count < 21_000; count++, day = nextDay(day)) expectMidnight(day, CHICAGO);
    expect(day.year).toBe(2047);
    for (let count = 0, again = first; count < 400; count++, again = nextDay(again))
      expectMidnight(again, CHICAGO);
  });

  it("have hours as the zone's clocks show them, on the days the clocks change too", () => {
    // Central standard time is UTC-6, daylight time UTC-5 (from 2 AM on March 8, 2026).
    expect(startOfHour({ year: 2026, month: 3, day: 7 }, 6, CHICAGO)).toBe(
      Date.UTC(2026, 2, 7, 12),
    );
    expect(startOfHour({ year: 2026, month: 3, day: 8 }, 6, CHICAGO)).toBe(
      Date.UTC(2026, 2, 8, 11),
    );
    expect(startOfHour({ year: 2026, month: 11, day: 1 }, 12, CHICAGO)).toBe(
      Date.UTC(2026, 10, 1, 18),
    );
    expect(startOfHour({ year: 2026, month: 3, day: 8 }, 18, TOKYO)).toBe(Date.UTC(2026, 2, 8, 9));
    expect(startOfHour({ year: 2026, month: 3, day: 8 }, 0, CHICAGO)).toBe(
      startOfDay({ year: 2026, month: 3, day: 8 }, CHICAGO),
    );
  });
});
