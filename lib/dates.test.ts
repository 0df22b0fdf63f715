import { formatLongDate, formatPublishedDate } from "./dates";

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
