import { isSettled } from "./reads";

describe("isSettled", () => {
  const chicago = "America/Chicago";
  const day = { year: 2026, month: 11, day: 30 };

  it("is a day that ended over an hour ago in the publication's zone", () => {
    // Chicago's November 30 ends at 06:00 UTC on December 1.
    expect(isSettled(day, chicago, Date.parse("2026-12-01T06:30:00Z"))).toBe(false);
    expect(isSettled(day, chicago, Date.parse("2026-12-01T07:00:00Z"))).toBe(true);
    expect(isSettled(day, chicago, Date.parse("2026-11-30T12:00:00Z"))).toBe(false);
    // Guam's November 30 ended long before Chicago's.
    expect(isSettled(day, "Pacific/Guam", Date.parse("2026-12-01T06:30:00Z"))).toBe(true);
  });
});
