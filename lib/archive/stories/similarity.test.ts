import { DISTINCTIVE, likeness, rarityIn, termsOf } from "./similarity";

describe("rarityIn", () => {
  const uses = new Map([
    ["calder", 3],
    ["harwick", 4],
    ["council", 6],
    ["riverbend", 40],
  ]);

  it("in a grown archive, a word's rarity is the log of how few items hold it", () => {
    const rarity = rarityIn(uses, 100_000);
    expect(rarity("calder")).toBeCloseTo(Math.log(100_001 / 4));
    expect(rarity("unseen")).toBeCloseTo(Math.log(100_001));
  });

  it("in a young archive (a demo, a network's first hours), a word of a story's few copies is distinctive and a common one is not", () => {
    // Unscaled, no word three items of 165 hold could be: log(166 / 4) < 4.
    expect(Math.log(166 / 4)).toBeLessThan(DISTINCTIVE);
    const rarity = rarityIn(uses, 165);
    expect(rarity("calder")).toBeGreaterThanOrEqual(DISTINCTIVE);
    // A fourth item holds it (a team's name in another story): not a sign of the same news.
    expect(rarity("harwick")).toBeLessThan(DISTINCTIVE);
    expect(rarity("council")).toBeLessThan(DISTINCTIVE);
    expect(rarity("riverbend")).toBeLessThan(DISTINCTIVE / 2);
  });

  it("in a tiny archive, nothing is distinctive: too few items to tell", () => {
    // Two items share the word: a pair of 40 is no sign of news.
    const rarity = rarityIn(new Map([["calder", 2]]), 40);
    expect(rarity("calder")).toBeLessThan(DISTINCTIVE);
  });
});

describe("names two items share", () => {
  // Every word rare: what is measured here is which words count as names.
  const rarity = () => 10;
  const names = (a: [string, string], b: [string, string]) =>
    likeness(
      termsOf({ title: a[0], description: a[1] }),
      termsOf({ title: b[0], description: b[1] }),
      rarity,
    ).names;

  it("a name one item writes within a sentence is shared when the other opens a sentence with it", () => {
    const resigns: [string, string] = [
      "Pinecrest schools superintendent Alma Reyes-Whitfield resigns",
      "The superintendent announced her resignation on Tuesday night.",
    ];
    const loses: [string, string] = [
      "District loses its superintendent amid a budget fight",
      "Reyes-Whitfield, who oversaw two closures, said she wants more time with family.",
    ];
    expect(names(resigns, loses)).toBeGreaterThanOrEqual(1);
    expect(names(loses, resigns)).toBe(names(resigns, loses));
  });

  it("a word both only open sentences with is no name, nor one a Title Case headline capitalises", () => {
    const a: [string, string] = ["Budget vote delayed again", "Police said the road reopened."];
    const b: [string, string] = ["Crews clear the road", "Police asked drivers to slow down."];
    expect(names(a, b)).toBe(0);
    const titleCase: [string, string] = ["Police Close Road After Crash", "A crash closed it."];
    const plain: [string, string] = ["Crews at work", "The road was closed by Police overnight."];
    expect(names(titleCase, plain)).toBe(0);
  });
});
