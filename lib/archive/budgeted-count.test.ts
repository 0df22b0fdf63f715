import { budgetedCount, FIRST_WINDOW, windowedCount } from "./budgeted-count";

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

describe("windowedCount", () => {
  const DAY = FIRST_WINDOW;
  // A match every tenth of a day over 40 days: 400 matches, ids 0 … 40 days.
  const spread = Array.from({ length: 400 }, (_, n) => Math.round((n * DAY) / 10));
  const range = { low: 0, high: 40 * DAY };

  /** Counts `ids` between two ids; each row counted advances the clock by `cost` ms. */
  function windows(ids: number[], cost: number) {
    let clock = 0;
    const asked: [number, number][] = [];
    const limits: number[] = [];
    return {
      now: () => clock,
      asked,
      limits,
      between: async (low: number, high: number, limit: number) => {
        asked.push([low, high]);
        limits.push(limit);
        const found = Math.min(limit, ids.filter((id) => id >= low && id < high).length);
        clock += found * cost;
        return found;
      },
    };
  }

  it("counts window by window, newest first, each twice the one before: exact in time", async () => {
    const w = windows(spread, 0.01);
    expect(await windowedCount(w.between, range, 1000, 30, w.now)).toEqual({
      total: 400,
      estimated: false,
    });
    const top = 40 * DAY;
    expect(w.asked).toEqual([
      [top - DAY, top],
      [top - 3 * DAY, top - DAY],
      [top - 7 * DAY, top - 3 * DAY],
      [top - 15 * DAY, top - 7 * DAY],
      [top - 31 * DAY, top - 15 * DAY],
      [0, top - 31 * DAY],
    ]);
  });

  it("stops past the cap, asking the last window only for what it lacks", async () => {
    const w = windows(spread, 0.01);
    expect(await windowedCount(w.between, range, 100, 30, w.now)).toEqual({
      total: 101,
      estimated: false,
    });
    // 1, 2 and 4 days hold 70; the next 8 days, 80, of which 31 are asked.
    expect(w.limits).toEqual([101, 91, 71, 31]);
  });

  it("stops when the next window would pass its budget, scaling what it counted by the ids passed", async () => {
    const w = windows(spread, 0.5);
    // Windows of 1 and 2 days: 30 matches in 15 ms; the next, twice the last (10 ms), would
    // end at 35 ms. 3 days of 40.
    expect(await windowedCount(w.between, range, 1000, 30, w.now)).toEqual({
      total: 400,
      estimated: true,
    });
    expect(w.asked).toHaveLength(2);
  });

  it("goes on through windows that cost only their round trip, however many", async () => {
    // 2 ms a window whatever it holds (a statement's round trip), 10 windows over 2 years:
    // 20 ms, past half the budget, never past it.
    let clock = 0;
    const asked: number[] = [];
    const between = async (low: number, high: number, limit: number) => {
      asked.push(low);
      clock += 2;
      return Math.min(limit, spread.filter((id) => id >= low && id < high).length);
    };
    const years = { low: 0, high: 730 * DAY };
    const answer = await windowedCount(between, years, 1000, 30, () => clock);
    // 40 days of matches at the start of the range: the windows reach them all.
    expect(answer).toEqual({ total: 400, estimated: false });
    expect(asked).toHaveLength(10);
  });

  it("says nothing is there when the archive is empty, asking nothing", async () => {
    const w = windows([], 1);
    expect(await windowedCount(w.between, { low: 0, high: 0 }, 1000, 30, w.now)).toEqual({
      total: 0,
      estimated: false,
    });
    expect(w.asked).toEqual([]);
  });
});
