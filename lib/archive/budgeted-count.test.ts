import { budgetedCount } from "./budgeted-count";

/** The ids given, each read advancing a clock by `cost` ms. */
function matches(ids: number[], cost: number) {
  let clock = 0;
  let read = 0;
  return {
    now: () => clock,
    get read() {
      return read;
    },
    *ids() {
      for (const id of ids) {
        clock += cost;
        read++;
        yield id;
      }
    },
  };
}

describe("budgetedCount", () => {
  const spread = Array.from({ length: 640 }, (_, n) => n * 10); // a match every 10 ids

  it("counts every match when it has the time: exact", () => {
    const m = matches(spread, 0.01);
    expect(budgetedCount(m.ids(), { low: 0, high: 6400 }, 1000, 30, m.now)).toEqual({
      total: 640,
      estimated: false,
    });
  });

  it("stops past the cap", () => {
    const m = matches(
      Array.from({ length: 5000 }, (_, n) => n),
      0.01,
    );
    expect(budgetedCount(m.ids(), { low: 0, high: 5000 }, 1000, 30, m.now)).toEqual({
      total: 1001,
      estimated: false,
    });
    expect(m.read).toBe(1001);
  });

  it("past its budget, scales what it counted by the part of the ids it passed", () => {
    const m = matches(spread, 1);
    // 32 matches in 32 ms, the last at id 310: 311 ids of 6,400 passed, 32 × 6,400 / 311.
    expect(budgetedCount(m.ids(), { low: 0, high: 6400 }, 1000, 30, m.now)).toEqual({
      total: 659,
      estimated: true,
    });
    expect(m.read).toBe(32);
  });

  it("says nothing is there when nothing is", () => {
    const m = matches([], 1);
    expect(budgetedCount(m.ids(), { low: 0, high: 0 }, 1000, 30, m.now)).toEqual({
      total: 0,
      estimated: false,
    });
  });
});
