import {
  daysInMonth,
  formatCalendarDay,
  formatLongDate,
  formatMonth,
  formatPublishedDate,
  formatShortCalendarDay,
  formatTime,
  weekdayOf,
} from "./dates";

const CHICAGO = "America/Chicago";

describe("formatLongDate", () => {
  it("formats in long US form", () => {
    expect(formatLongDate(new Date("2026-11-21T18:00:00Z"), CHICAGO)).toBe("November 21, 2026");
    expect(formatLongDate(new Date("2025-01-05T18:00:00Z"), CHICAGO)).toBe("January 5, 2025");
  });

  it("dates a moment on the day it falls on in the publication's time zone", () => {
    // 03:00 UTC on the 22nd is still the evening of the 21st in Chicago, and in Los Angeles;
    // in Tokyo it is noon on the 22nd; at 23:30 UTC it is the 22nd in Auckland already.
    const lateEvening = new Date("2026-11-22T03:00:00Z");
    expect(formatLongDate(lateEvening, CHICAGO)).toBe("November 21, 2026");
    expect(formatLongDate(lateEvening, "America/Los_Angeles")).toBe("November 21, 2026");
    expect(formatLongDate(lateEvening, "Asia/Tokyo")).toBe("November 22, 2026");
    expect(formatLongDate(lateEvening, "UTC")).toBe("November 22, 2026");
    expect(formatLongDate(new Date("2026-11-21T23:30:00Z"), "Pacific/Auckland")).toBe(
      "November 22, 2026",
    );
  });
});

describe("formatPublishedDate", () => {
  it("dates a date-time in the publication's time zone", () => {
    expect(formatPublishedDate("2026-11-22T03:00:00Z", CHICAGO)).toBe("November 21, 2026");
    expect(formatPublishedDate("2026-11-22T03:00:00Z", "Europe/Berlin")).toBe("November 22, 2026");
  });

  it("keeps a bare calendar day the same day in every zone, and text as written", () => {
    for (const zone of [CHICAGO, "Pacific/Honolulu", "Asia/Tokyo"])
      expect(formatPublishedDate("2026-06-03", zone)).toBe("June 3, 2026");
    expect(formatPublishedDate("to be announced", CHICAGO)).toBe("to be announced");
  });
});

describe("calendar days, months and times", () => {
  it("names a calendar day the same in every zone", () => {
    expect(formatCalendarDay({ year: 2026, month: 11, day: 30 })).toBe("Monday, November 30, 2026");
    expect(formatShortCalendarDay({ year: 2026, month: 1, day: 5 })).toBe("January 5");
    expect(formatMonth(2026, 2)).toBe("February 2026");
  });

  it("gives the day of the week, Sunday first, and the month's length", () => {
    expect(weekdayOf({ year: 2026, month: 11, day: 1 })).toBe(0);
    expect(weekdayOf({ year: 2026, month: 12, day: 1 })).toBe(2);
    expect(daysInMonth(2028, 2)).toBe(29);
    expect(daysInMonth(2026, 2)).toBe(28);
    expect(daysInMonth(2026, 12)).toBe(31);
  });

  it("tells a moment's time of day in the publication's zone", () => {
    const moment = new Date("2026-11-22T03:05:00Z");
    expect(formatTime(moment, CHICAGO).replace(/\s/gu, " ")).toBe("9:05 PM");
    expect(formatTime(moment, "Asia/Tokyo").replace(/\s/gu, " ")).toBe("12:05 PM");
  });
});
