import { backfill } from "./backfill";

/** The background loop both engines' word pairs are filled by (backfill.ts). */

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

test("steps run one after another until one reads nothing", async () => {
  const reads = [500, 500, 120, 0];
  const step = jest.fn(() => reads.shift() ?? 0);
  const running = backfill(step);
  await jest.advanceTimersByTimeAsync(1000);
  expect(step).toHaveBeenCalledTimes(4);
  await jest.advanceTimersByTimeAsync(60_000);
  expect(step).toHaveBeenCalledTimes(4);
  await running.stop();
});

test("a step that fails is tried again a second later; while another instance fills, ten", async () => {
  const outcomes: (number | Error)[] = [new Error("the database is away"), -1, 500, 0];
  const step = jest.fn(async () => {
    const next = outcomes.shift() ?? 0;
    if (next instanceof Error) throw next;
    return next;
  });
  const running = backfill(step);
  await jest.advanceTimersByTimeAsync(10);
  expect(step).toHaveBeenCalledTimes(1);
  await jest.advanceTimersByTimeAsync(999);
  expect(step).toHaveBeenCalledTimes(2);
  await jest.advanceTimersByTimeAsync(9_000);
  expect(step).toHaveBeenCalledTimes(2);
  await jest.advanceTimersByTimeAsync(1_100);
  expect(step).toHaveBeenCalledTimes(4);
  await running.stop();
});

test("stop waits for the step under way, and no step runs after it", async () => {
  let finish: (read: number) => void = () => {};
  const step = jest.fn(() => new Promise<number>((resolve) => (finish = resolve)));
  const running = backfill(step);
  await jest.advanceTimersByTimeAsync(0);
  expect(step).toHaveBeenCalledTimes(1);
  let stopped = false;
  const stopping = running.stop().then(() => (stopped = true));
  await jest.advanceTimersByTimeAsync(100);
  expect(stopped).toBe(false);
  finish(500);
  await stopping;
  await jest.advanceTimersByTimeAsync(60_000);
  expect(step).toHaveBeenCalledTimes(1);
  expect(jest.getTimerCount()).toBe(0);
});
