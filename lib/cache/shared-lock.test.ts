import { holding, tryLock, underLock, waitForLock } from "./shared-lock";
import { sharedExtend, sharedLock, sharedUnlock } from "./shared-store";

/** Redis as far as locks go: a token per name, lapsing at its time; `down` answers nothing. */
const redis = { down: false, locks: new Map<string, { token: string; until: number }>() };
let tokens = 0;
jest.mock("./shared-store", () => ({
  sharedLock: jest.fn(async (name: string, ttlMs: number) => {
    if (redis.down) return undefined;
    const held = redis.locks.get(name);
    if (held && held.until > Date.now()) return null;
    const token = `t${++tokens}`;
    redis.locks.set(name, { token, until: Date.now() + ttlMs });
    return token;
  }),
  sharedExtend: jest.fn(async (name: string, token: string, ttlMs: number) => {
    const held = redis.locks.get(name);
    if (redis.down || held?.token !== token) return false;
    held.until = Date.now() + ttlMs;
    return true;
  }),
  sharedUnlock: jest.fn(async (name: string, token: string) => {
    if (!redis.down && redis.locks.get(name)?.token === token) redis.locks.delete(name);
  }),
}));

beforeEach(() => {
  redis.down = false;
  redis.locks.clear();
  jest.mocked(sharedExtend).mockClear();
});

describe("tryLock", () => {
  it("names each outcome: acquired, held elsewhere, unshared without Redis", async () => {
    const first = await tryLock("feed:a", 1_000);
    expect(first.outcome).toBe("acquired");
    expect((await tryLock("feed:a", 1_000)).outcome).toBe("held-elsewhere");
    expect((await tryLock("feed:b", 1_000)).outcome).toBe("acquired");
    redis.down = true;
    expect((await tryLock("feed:c", 1_000)).outcome).toBe("unshared");
    redis.down = false;
    if (first.outcome === "acquired") await first.lock.release();
    expect((await tryLock("feed:a", 1_000)).outcome).toBe("acquired");
  });

  it("extends only the holder's own lock", async () => {
    const first = await tryLock("feed:a", 30);
    if (first.outcome !== "acquired") throw new Error("not acquired");
    await new Promise((resolve) => setTimeout(resolve, 40));
    const second = await tryLock("feed:a", 1_000);
    expect(second.outcome).toBe("acquired");
    expect(await first.lock.extend(1_000)).toBe(false);
    // The lapsed holder's release leaves the new holder's lock alone.
    await first.lock.release();
    expect((await tryLock("feed:a", 1_000)).outcome).toBe("held-elsewhere");
  });
});

describe("waitForLock", () => {
  it("takes the lock once its holder lets go", async () => {
    const holder = await tryLock("feed:a", 1_000);
    if (holder.outcome !== "acquired") throw new Error("not acquired");
    setTimeout(() => void holder.lock.release(), 60);
    const waited = await waitForLock("feed:a", { ttlMs: 1_000, maxWaitMs: 2_000, pollMs: 10 });
    expect(waited.outcome).toBe("acquired");
  });

  it("stops at what the holder made, and runs out when it never lets go", async () => {
    await tryLock("feed:a", 5_000);
    let made: string | undefined;
    setTimeout(() => (made = "the holder's copy"), 40);
    const settled = await waitForLock("feed:a", {
      ttlMs: 1_000,
      maxWaitMs: 2_000,
      pollMs: 10,
      settledBy: async () => made,
    });
    expect(settled).toEqual({ outcome: "settled", value: "the holder's copy" });
    const out = await waitForLock("feed:a", { ttlMs: 1_000, maxWaitMs: 50, pollMs: 10 });
    expect(out.outcome).toBe("timed-out");
  });
});

describe("holding and underLock", () => {
  it("renew the lock while the work runs and release it after, even when the work fails", async () => {
    const attempt = await tryLock("feed:a", 100);
    if (attempt.outcome !== "acquired") throw new Error("not acquired");
    const work = holding(attempt.lock, { ttlMs: 100, renewMs: 20 }, async () => {
      await new Promise((resolve) => setTimeout(resolve, 150));
      // Renewed: still this holder's past its first lapse.
      expect((await tryLock("feed:a", 100)).outcome).toBe("held-elsewhere");
      throw new Error("the read failed");
    });
    await expect(work).rejects.toThrow("the read failed");
    expect(jest.mocked(sharedExtend).mock.calls.length).toBeGreaterThan(2);
    expect((await tryLock("feed:a", 100)).outcome).toBe("acquired");
  });

  it("underLock waits out a holder, and runs alone without Redis", async () => {
    const holder = await tryLock("feed:a", 1_000);
    if (holder.outcome !== "acquired") throw new Error("not acquired");
    const order: string[] = [];
    setTimeout(() => {
      order.push("holder done");
      void holder.lock.release();
    }, 50);
    await underLock("feed:a", { ttlMs: 1_000, renewMs: 500, maxWaitMs: 2_000 }, async () => {
      order.push("second");
    });
    expect(order).toEqual(["holder done", "second"]);
    redis.down = true;
    expect(
      await underLock("feed:b", { ttlMs: 1_000, renewMs: 500, maxWaitMs: 50 }, async () => 7),
    ).toBe(7);
    expect(jest.mocked(sharedLock)).toHaveBeenCalled();
    expect(jest.mocked(sharedUnlock)).toHaveBeenCalled();
  });
});
