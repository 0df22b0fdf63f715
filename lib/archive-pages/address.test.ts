import { readArchiveAddress } from "./address";

describe("readArchiveAddress", () => {
  it("reads the archive, a month and a day", () => {
    expect(readArchiveAddress(undefined)).toEqual({ kind: "index" });
    expect(readArchiveAddress([])).toEqual({ kind: "index" });
    expect(readArchiveAddress(["2026", "11"])).toEqual({ kind: "month", year: 2026, month: 11 });
    expect(readArchiveAddress(["2026", "11", "30"])).toEqual({
      kind: "day",
      day: { year: 2026, month: 11, day: 30 },
      part: null,
    });
    expect(readArchiveAddress(["2028", "02", "29"])).toMatchObject({ kind: "day" });
  });

  it("reads a busy day's parts after its first, by the hour each begins", () => {
    for (const part of [6, 12, 18])
      expect(readArchiveAddress(["2026", "11", "30", String(part).padStart(2, "0")])).toEqual({
        kind: "day",
        day: { year: 2026, month: 11, day: 30 },
        part,
      });
  });

  it.each([
    [["2026", "11", "30", "00"]],
    [["2026", "11", "30", "6"]],
    [["2026", "11", "30", "07"]],
    [["2026", "11", "30", "24"]],
    [["2026", "11", "30", "12", "00"]],
    [["2026", "11", "31", "12"]],
    [["abc"]],
    [["2026"]],
    [["2026", "13"]],
    [["2026", "13", "01"]],
    [["2026", "11", "31"]],
    [["2026", "02", "29"]],
    [["2026", "00", "10"]],
    [["2026", "11", "00"]],
    [["2026", "1", "05"]],
    [["2026", "11", "5"]],
    [["26", "11", "05"]],
    [["1989", "12", "31"]],
    [["2026", "11", "30", "more"]],
    [["２０２６", "11", "30"]],
    [["2026", "11", "3a"]],
  ])("names nothing at %j", (segments) => {
    expect(readArchiveAddress(segments)).toBeNull();
  });
});
