import { DISTINCTIVE, rarityIn } from "./similarity";

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
