import { readFile } from "node:fs/promises";
import { answerWithin } from "./redis-client.mjs";

/** Holds the event loop, as a long render or a large network's status does. */
function busy(ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

describe("answerWithin", () => {
  it("takes an answer that came while the process itself was busy past the timeout", async () => {
    // A file read completes on libuv's threads and is delivered when the loop reads its
    // events, like a socket's answer: after the timers that the busy spell made due.
    for (let round = 0; round < 5; round++) {
      const answer = answerWithin(readFile(__filename), 50);
      busy(150);
      await expect(answer).resolves.toBeInstanceOf(Buffer);
    }
  });

  it("fails when no answer comes in time", async () => {
    const never = new Promise<never>(() => {});
    await expect(answerWithin(never, 30)).rejects.toThrow("no answer within 30 ms");
  });

  it("passes an answer's own failure on", async () => {
    await expect(answerWithin(Promise.reject(new Error("WRONGTYPE")), 1000)).rejects.toThrow(
      "WRONGTYPE",
    );
  });
});
