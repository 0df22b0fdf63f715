import { BoundedStore } from "./bounded-store.mjs";

describe("BoundedStore", () => {
  it("holds at most its byte budget, dropping the least recently used first", () => {
    const store = new BoundedStore<string>(100);
    store.set("a", "A", 40);
    store.set("b", "B", 40);
    expect(store.get("a")).toBe("A"); // a is now the most recent
    store.set("c", "C", 40);
    expect(store.get("b")).toBeNull();
    expect(store.get("a")).toBe("A");
    expect(store.get("c")).toBe("C");
    expect(store.bytes).toBe(80);
  });

  it("refuses an entry larger than the whole budget", () => {
    const store = new BoundedStore<string>(100);
    store.set("huge", "H", 101);
    expect(store.get("huge")).toBeNull();
    expect(store.bytes).toBe(0);
  });
});
