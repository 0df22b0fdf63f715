import { timeLeft, withinDeadline } from "./deadline";

/** The caller's deadline, carried through the engine's calls (withArchive sets it). */

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test("outside a caller's deadline there is none", () => {
  expect(timeLeft()).toBeNull();
});

test("the time left shrinks across awaits and timers, and is gone at the deadline", async () => {
  await withinDeadline(300, async () => {
    const first = timeLeft()!;
    expect(first).toBeGreaterThan(250);
    expect(first).toBeLessThanOrEqual(300);
    await sleep(100);
    const later = await new Promise<number>((resolve) =>
      setTimeout(() => resolve(timeLeft()!), 10),
    );
    expect(later).toBeLessThan(first - 90);
    await sleep(250);
    expect(timeLeft()!).toBeLessThanOrEqual(0);
  });
  expect(timeLeft()).toBeNull();
});

test("an inner deadline never outlasts its caller's, and a sooner one holds inside", async () => {
  await withinDeadline(200, async () => {
    await withinDeadline(5000, async () => expect(timeLeft()!).toBeLessThanOrEqual(200));
    await withinDeadline(50, async () => expect(timeLeft()!).toBeLessThanOrEqual(50));
    expect(timeLeft()!).toBeGreaterThan(100);
  });
});

test("calls made side by side each keep their own caller's deadline", async () => {
  const seen = await Promise.all([
    withinDeadline(100, async () => (await sleep(10), timeLeft()!)),
    withinDeadline(900, async () => (await sleep(10), timeLeft()!)),
  ]);
  expect(seen[0]).toBeLessThanOrEqual(100);
  expect(seen[1]).toBeGreaterThan(500);
});
