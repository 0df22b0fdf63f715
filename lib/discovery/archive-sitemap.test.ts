import { embeddedPublication } from "../publication/registry";
import { monthEntries, monthLastModified, monthPartName } from "./archive-sitemap";

describe("the archive's sitemap parts", () => {
  const publication = embeddedPublication();
  const month = {
    year: 2025,
    month: 3,
    count: 12,
    days: [
      { day: { year: 2025, month: 3, day: 1 }, count: 5 },
      { day: { year: 2025, month: 3, day: 9 }, count: 7 },
    ],
  };

  it("names a month's part and dates it by its last day", () => {
    expect(monthPartName(month)).toBe("2025-03");
    expect(monthLastModified(month)).toBe("2025-03-09");
    expect(monthLastModified({ ...month, days: [] })).toBeUndefined();
  });

  it("lists the month's page, then each day with headlines", () => {
    const url = (path: string) => new URL(path, publication.url).href;
    expect(monthEntries(publication, month)).toEqual([
      {
        url: url("/archive/2025/03"),
        lastModified: "2025-03-09",
        changeFrequency: "monthly",
        priority: 0.5,
      },
      {
        url: url("/archive/2025/03/01"),
        lastModified: "2025-03-01",
        changeFrequency: "yearly",
        priority: 0.4,
      },
      {
        url: url("/archive/2025/03/09"),
        lastModified: "2025-03-09",
        changeFrequency: "yearly",
        priority: 0.4,
      },
    ]);
  });
});
