import { blogPageHref, pageItems, parsePageNumber, totalPages, type PageItem } from "./pagination";

/**
 * The spec's pagination rules: 12 posts a page, and the numbered buttons: 5 or fewer pages
 * show all; current page 3 or lower: 1-4, gap, last; within 2 of the end: first, gap, last
 * 4; otherwise first, gap, previous/current/next, gap, last.
 */

describe("totalPages", () => {
  // The spec's 12 posts a page: 12 fill one page, 13 take two, 25 three.
  it.each([
    [0, 0],
    [1, 1],
    [11, 1],
    [12, 1],
    [13, 2],
    [24, 2],
    [25, 3],
    [30, 3],
    [36, 3],
    [37, 4],
  ])("%i posts make %i pages", (total, pages) => {
    expect(totalPages(total)).toBe(pages);
  });

  it.each([-1, -12, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY])(
    "%p posts make 0 pages",
    (total) => {
      expect(totalPages(total)).toBe(0);
    },
  );

  it("honours another page size", () => {
    expect(totalPages(10, 5)).toBe(2);
    expect(totalPages(11, 5)).toBe(3);
  });
});

describe("pageItems", () => {
  describe("5 or fewer pages: all of them", () => {
    it.each<[number, PageItem[]]>([
      [0, []],
      [1, [1]],
      [2, [1, 2]],
      [3, [1, 2, 3]],
      [4, [1, 2, 3, 4]],
      [5, [1, 2, 3, 4, 5]],
    ])("%i pages → %j", (pages, expected) => {
      expect(pageItems(1, pages)).toEqual(expected);
    });

    it("does not depend on the current page", () => {
      expect(pageItems(3, 5)).toEqual([1, 2, 3, 4, 5]);
      expect(pageItems(5, 5)).toEqual([1, 2, 3, 4, 5]);
    });

    it("gives nothing for a negative page count", () => {
      expect(pageItems(1, -3)).toEqual([]);
    });
  });

  describe("6 pages", () => {
    it.each<[number, PageItem[]]>([
      [1, [1, 2, 3, 4, "gap", 6]],
      [2, [1, 2, 3, 4, "gap", 6]],
      [3, [1, 2, 3, 4, "gap", 6]],
      // 4 is within 2 of the end (6 - 2 = 4): first, gap, last four.
      [4, [1, "gap", 3, 4, 5, 6]],
      [5, [1, "gap", 3, 4, 5, 6]],
      [6, [1, "gap", 3, 4, 5, 6]],
    ])("current %i → %j", (current, expected) => {
      expect(pageItems(current, 6)).toEqual(expected);
    });
  });

  describe("10 pages", () => {
    it.each<[number, PageItem[]]>([
      [1, [1, 2, 3, 4, "gap", 10]],
      [3, [1, 2, 3, 4, "gap", 10]],
      [4, [1, "gap", 3, 4, 5, "gap", 10]],
      [5, [1, "gap", 4, 5, 6, "gap", 10]],
      // 7 is not within 2 of the end (10 - 2 = 8): the middle form.
      [7, [1, "gap", 6, 7, 8, "gap", 10]],
      [8, [1, "gap", 7, 8, 9, 10]],
      [9, [1, "gap", 7, 8, 9, 10]],
      [10, [1, "gap", 7, 8, 9, 10]],
    ])("current %i → %j", (current, expected) => {
      expect(pageItems(current, 10)).toEqual(expected);
    });
  });

  it("never shows a number twice nor one out of range", () => {
    for (let pages = 0; pages <= 20; pages++) {
      for (let current = 1; current <= Math.max(pages, 1); current++) {
        const numbers = pageItems(current, pages).filter((item) => item !== "gap");
        expect(new Set(numbers).size).toBe(numbers.length);
        for (const number of numbers) {
          expect(number).toBeGreaterThanOrEqual(1);
          expect(number).toBeLessThanOrEqual(pages);
        }
        if (pages > 0) expect(numbers).toContain(current);
      }
    }
  });
});

describe("parsePageNumber", () => {
  it.each([
    ["1", 1],
    ["2", 2],
    ["12", 12],
    ["9999", 9999],
  ])("accepts %p as %i", (raw, page) => {
    expect(parsePageNumber(raw)).toBe(page);
  });

  it("caps at 9999", () => {
    expect(parsePageNumber("9999")).toBe(9999);
    expect(parsePageNumber("10000")).toBeNull();
  });

  it("refuses a missing value and a repeated one", () => {
    expect(parsePageNumber(undefined)).toBeNull();
    expect(parsePageNumber(["2"])).toBeNull();
    expect(parsePageNumber(["2", "3"])).toBeNull();
    expect(parsePageNumber([])).toBeNull();
  });

  it.each([
    "",
    "0",
    "00",
    "-1",
    "+1",
    "01",
    "abc",
    "2abc",
    "1e309",
    "1e3",
    "3.5",
    "2.0",
    " 2",
    "2 ",
    "\t2",
    "2\n",
    "%32",
    "10000",
    "99999999999999999999",
    "１",
    "٢",
    "0x10",
    "Infinity",
    "NaN",
  ])("refuses %p", (raw) => {
    expect(parsePageNumber(raw)).toBeNull();
  });
});

describe("blogPageHref", () => {
  it("sends page 1 to /blog itself", () => {
    expect(blogPageHref(1)).toBe("/blog");
  });

  it("gives later pages a path of their own", () => {
    expect(blogPageHref(2)).toBe("/blog/page/2");
    expect(blogPageHref(3)).toBe("/blog/page/3");
    expect(blogPageHref(9999)).toBe("/blog/page/9999");
  });
});
