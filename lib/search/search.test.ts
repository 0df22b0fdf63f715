import {
  MAX_QUERY_LENGTH,
  highlightSegments,
  readQuery,
  scoreMatch,
  searchItems,
  type SearchFields,
} from "./search";

const item = (title: string, description = ""): SearchFields => ({ title, description });
const titles = (items: SearchFields[]) => items.map((entry) => entry.title);
const search = (items: SearchFields[], query: string) =>
  titles(searchItems(items, query, (entry) => entry));

describe("readQuery", () => {
  it("trims and answers an empty string when q is absent or blank", () => {
    expect(readQuery(undefined)).toBe("");
    expect(readQuery("")).toBe("");
    expect(readQuery("   \t\n ")).toBe("");
    expect(readQuery("  council  ")).toBe("council");
  });

  it("takes the first value of a repeated q", () => {
    expect(readQuery(["parks", "library"])).toBe("parks");
    expect(readQuery([])).toBe("");
  });

  it(`caps the query at ${MAX_QUERY_LENGTH} characters`, () => {
    expect(readQuery("a".repeat(300))).toBe("a".repeat(MAX_QUERY_LENGTH));
    expect(readQuery("b".repeat(MAX_QUERY_LENGTH))).toHaveLength(MAX_QUERY_LENGTH);
    // Trailing spaces left by the cut are trimmed too.
    expect(readQuery(`${"c".repeat(199)}   tail`)).toBe("c".repeat(199));
  });

  it("never cuts a character made of two UTF-16 units in half", () => {
    const capped = readQuery("😀".repeat(250));
    expect(Array.from(capped)).toHaveLength(MAX_QUERY_LENGTH);
    expect(capped).toBe("😀".repeat(MAX_QUERY_LENGTH));
  });
});

describe("searchItems", () => {
  const items = [
    item("Riverbend Council Approves Budget", "Extra lifeguards for three parks."),
    item("Library Adds Weekend Hours", "The council asked for Sunday opening."),
    item("Rowing Club Wins Regatta", "A record time on the river."),
  ];

  it("matches titles and descriptions regardless of case", () => {
    expect(search(items, "COUNCIL")).toEqual([
      "Riverbend Council Approves Budget",
      "Library Adds Weekend Hours",
    ]);
    expect(search(items, "regatta")).toEqual(["Rowing Club Wins Regatta"]);
    expect(search(items, "rIvEr")).toEqual([
      "Riverbend Council Approves Budget",
      "Rowing Club Wins Regatta",
    ]);
  });

  it("finds any substring of a title or description", () => {
    expect(search(items, "ouncil approv")).toEqual(["Riverbend Council Approves Budget"]);
    expect(search(items, "lifeguards for three")).toEqual(["Riverbend Council Approves Budget"]);
  });

  it("asks every word to appear, in any order, in the title or description", () => {
    expect(search(items, "budget parks")).toEqual(["Riverbend Council Approves Budget"]);
    expect(search(items, "budget regatta")).toEqual([]);
  });

  it("finds nothing for an empty or blank query", () => {
    expect(search(items, "")).toEqual([]);
    expect(search(items, "   ")).toEqual([]);
  });

  it("ranks the title above the description, and keeps the items' order otherwise", () => {
    const ranked = [
      item("Weekend markets", "Where to find fresh bread."),
      item("Fresh bread at the bakery", ""),
      item("Bakery opens", "Fresh bread daily."),
      item("Fresh bread returns", ""),
    ];
    expect(search(ranked, "fresh bread")).toEqual([
      "Fresh bread at the bakery",
      "Fresh bread returns",
      "Weekend markets",
      "Bakery opens",
    ]);
    expect(scoreMatch(item("Bread, fresh"), "fresh bread")).toBe(3);
    expect(scoreMatch(item("Bread", "is fresh"), "fresh bread")).toBe(1);
  });

  it("treats pattern characters literally", () => {
    const special = [
      item("C++ and .NET in 2026 (a review)", "Costs $5.00 [beta] ^up* |pipe| \\slash"),
      item("Plain headline", "Nothing special here"),
    ];
    expect(search(special, ".*(")).toEqual([]);
    expect(search(special, "(a review)")).toEqual(["C++ and .NET in 2026 (a review)"]);
    expect(search(special, "c++")).toEqual(["C++ and .NET in 2026 (a review)"]);
    expect(search(special, "$5.00 [beta] ^up*")).toEqual(["C++ and .NET in 2026 (a review)"]);
    expect(search(special, "|pipe| \\slash")).toEqual(["C++ and .NET in 2026 (a review)"]);
    expect(search(special, ".")).toEqual(["C++ and .NET in 2026 (a review)"]);
    expect(search(special, "<script>alert(1)</script>\"'")).toEqual([]);
  });

  it("handles Unicode: case, composition and other scripts", () => {
    const unicode = [
      item("Café Reopens on Main Street", "Crème brûlée is back."),
      item("ÜBER DIE BRÜCKE", "Straße gesperrt"),
      item("Новости района", "Городской совет"),
      item("Festival 🎉 tonight", ""),
    ];
    expect(search(unicode, "CAFÉ")).toEqual(["Café Reopens on Main Street"]);
    // "e" followed by a combining accent is the same word as "é".
    expect(search(unicode, "cafe\u0301")).toEqual(["Café Reopens on Main Street"]);
    expect(search(unicode, "brücke")).toEqual(["ÜBER DIE BRÜCKE"]);
    expect(search(unicode, "СОВЕТ")).toEqual(["Новости района"]);
    expect(search(unicode, "🎉")).toEqual(["Festival 🎉 tonight"]);
  });
});

describe("highlightSegments", () => {
  it("marks every occurrence of every word, ignoring case", () => {
    expect(highlightSegments("Council meets; the council votes", "COUNCIL")).toEqual([
      { text: "Council", match: true },
      { text: " meets; the ", match: false },
      { text: "council", match: true },
      { text: " votes", match: false },
    ]);
    expect(highlightSegments("Parks and budget", "budget parks")).toEqual([
      { text: "Parks", match: true },
      { text: " and ", match: false },
      { text: "budget", match: true },
    ]);
  });

  it("leaves the text whole when there is nothing to mark", () => {
    expect(highlightSegments("Plain", "")).toEqual([{ text: "Plain", match: false }]);
    expect(highlightSegments("Plain", "zzz")).toEqual([{ text: "Plain", match: false }]);
    // "İ" lower-cases to two characters: no highlighting rather than shifted marks.
    expect(highlightSegments("İstanbul news", "news")).toEqual([
      { text: "İstanbul news", match: false },
    ]);
  });

  it("treats pattern characters literally", () => {
    expect(highlightSegments("a.*(b", ".*(")).toEqual([
      { text: "a", match: false },
      { text: ".*(", match: true },
      { text: "b", match: false },
    ]);
  });
});
