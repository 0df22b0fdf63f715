import { metrics, onCollect } from "./metrics";

describe("metrics", () => {
  it("reads a value kept elsewhere through the reader its owner installed", async () => {
    const { registry } = metrics();
    const before = await registry.getSingleMetricAsString("riverbend_radio_listeners");
    expect(before).toContain(
      "# HELP riverbend_radio_listeners Radio streams the proxy is serving now.",
    );
    let count = 3;
    onCollect("radioListeners", () => count);
    expect(await registry.getSingleMetricAsString("riverbend_radio_listeners")).toMatch(
      /^riverbend_radio_listeners 3$/m,
    );
    count = 1;
    expect(await registry.getSingleMetricAsString("riverbend_radio_listeners")).toMatch(
      /^riverbend_radio_listeners 1$/m,
    );
  });

  it("imports nothing else from lib/ but the process's own state (a leaf the domains feed)", async () => {
    const { readFile } = await import("node:fs/promises");
    const source = await readFile(require.resolve("./metrics"), "utf8");
    const specifiers = [...source.matchAll(/from\s+"([^"]+)"/g)].map((m) => m[1]);
    // lib/process imports nothing of ours either.
    expect(specifiers).toEqual(["prom-client", "../process"]);
  });
});
