import { PriorityLimiter, processSingleton, SingleFlight } from ".";

describe("processSingleton", () => {
  it("makes a name's value once, whoever asks", () => {
    const create = jest.fn(() => ({ made: Math.random() }));
    const first = processSingleton("test:once", create);
    expect(processSingleton("test:once", create)).toBe(first);
    expect(create).toHaveBeenCalledTimes(1);
    expect(processSingleton("test:other", () => 2)).toBe(2);
  });
});

describe("SingleFlight", () => {
  it("lets callers at once share one run, and starts afresh once it settled", async () => {
    const flight = new SingleFlight<string, number>();
    let runs = 0;
    const start = () => new Promise<number>((resolve) => setTimeout(() => resolve(++runs), 5));
    const [a, b] = await Promise.all([flight.run("k", start), flight.run("k", start)]);
    expect([a, b]).toEqual([1, 1]);
    expect(await flight.run("k", start)).toBe(2);
  });

  it("frees the key after a failure, and settled() never rejects", async () => {
    const flight = new SingleFlight<string, number>();
    const failing = flight.run("k", () => Promise.reject(new Error("down")));
    await expect(flight.settled("k")).resolves.toBeUndefined();
    await expect(failing).rejects.toThrow("down");
    expect(flight.current("k")).toBeUndefined();
  });
});

describe("PriorityLimiter", () => {
  it("runs at most max at once, the urgent before the background", async () => {
    const limiter = new PriorityLimiter(1);
    const order: string[] = [];
    let release!: () => void;
    const first = limiter.schedule(() => new Promise<void>((resolve) => (release = resolve)));
    const background = limiter.schedule(async () => void order.push("background"), {
      background: true,
    });
    const urgent = limiter.schedule(async () => void order.push("urgent"));
    const promoted = limiter.schedule(async () => void order.push("promoted"), {
      background: true,
    });
    promoted.promote();
    release();
    await Promise.all([first.done, background.done, urgent.done, promoted.done]);
    expect(order).toEqual(["urgent", "promoted", "background"]);
  });
});
