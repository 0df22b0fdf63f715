import dns from "node:dns";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { OutsideGetError, outsideGet } from "./outside-get";
import { AddressRefusedError, guardedLookup, isPublicAddress, refusedRange } from "./address-rules";

describe("refusedRange", () => {
  it.each([
    ["127.0.0.1", "loopback"],
    ["127.255.255.254", "loopback"],
    ["10.0.0.1", "private"],
    ["172.16.0.1", "private"],
    ["172.31.255.255", "private"],
    ["192.168.1.1", "private"],
    ["169.254.169.254", "linkLocal"],
    ["169.254.0.1", "linkLocal"],
    ["100.64.0.1", "carrierGradeNat"],
    ["100.100.100.200", "carrierGradeNat"],
    ["0.0.0.0", "unspecified"],
    ["255.255.255.255", "broadcast"],
    ["224.0.0.1", "multicast"],
    ["192.0.2.1", "reserved"],
    ["240.0.0.1", "reserved"],
    ["::1", "loopback"],
    ["::", "unspecified"],
    ["fe80::1", "linkLocal"],
    ["fe80::1%eth0", "linkLocal"],
    ["fc00::1", "uniqueLocal"],
    ["fd00:ec2::254", "uniqueLocal"],
    ["ff02::1", "multicast"],
    ["2001:db8::1", "reserved"],
    ["::ffff:127.0.0.1", "ipv4Mapped loopback"],
    ["::ffff:10.1.2.3", "ipv4Mapped private"],
    ["::ffff:169.254.169.254", "ipv4Mapped linkLocal"],
    ["::ffff:7f00:1", "ipv4Mapped loopback"],
    ["64:ff9b::a9fe:a9fe", "rfc6052 linkLocal"],
    ["2002:7f00:1::", "6to4"],
    ["2001::1", "teredo"],
    ["[::1]", "loopback"],
    ["not an address", "invalid"],
  ])("refuses %s (%s)", (address, range) => {
    expect(refusedRange(address)).toBe(range);
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    "93.184.216.34",
    "8.8.8.8",
    "172.32.0.1",
    "192.169.0.1",
    "2606:4700:4700::1111",
    "::ffff:8.8.8.8",
    "64:ff9b::808:808",
  ])("allows the public address %s", (address) => {
    expect(refusedRange(address)).toBeNull();
  });
});

describe("guardedLookup", () => {
  afterEach(() => jest.restoreAllMocks());

  function answer(addresses: { address: string; family: number }[]) {
    jest
      .spyOn(dns, "lookup")
      .mockImplementation(((
        _host: string,
        _options: unknown,
        callback: (error: null, addresses: unknown) => void,
      ) => callback(null, addresses)) as unknown as typeof dns.lookup);
  }

  const lookup = (all: boolean) =>
    new Promise<{ error: Error | null; address: unknown }>((resolve) =>
      guardedLookup("feeds.example", { all }, (error, address) => resolve({ error, address })),
    );

  it("passes public addresses on, and drops the private ones among them", async () => {
    answer([
      { address: "10.0.0.7", family: 4 },
      { address: "93.184.216.34", family: 4 },
    ]);
    expect(await lookup(false)).toEqual({ error: null, address: "93.184.216.34" });
    expect(await lookup(true)).toEqual({
      error: null,
      address: [{ address: "93.184.216.34", family: 4 }],
    });
  });

  it("fails when a name resolves only to private addresses (DNS rebinding included)", async () => {
    answer([
      { address: "127.0.0.1", family: 4 },
      { address: "::1", family: 6 },
    ]);
    const { error } = await lookup(true);
    expect(error).toBeInstanceOf(AddressRefusedError);
    expect(error?.message).toBe(
      "refused feeds.example: it resolves to the loopback address 127.0.0.1",
    );
  });
});

/**
 * Redirects against real servers on loopback. The configured feed lives on one origin; a
 * second server on another port plays a service on the machine's own network, and records
 * every request that reaches it.
 */
describe("outsideGet: redirects never reach the server's own network", () => {
  const FEED = '<?xml version="1.0"?><rss version="2.0"><channel><title>T</title></channel></rss>';
  let feedServer: http.Server;
  let internal: http.Server;
  let feedOrigin: string;
  let internalOrigin: string;
  const internalHits: string[] = [];

  beforeAll(async () => {
    internal = http.createServer((req, res) => {
      internalHits.push(req.url ?? "");
      res.writeHead(200, { "content-type": "application/rss+xml" });
      res.end(FEED);
    });
    feedServer = http.createServer((req, res) => {
      const redirect = (location: string) => {
        res.writeHead(302, { location });
        res.end();
      };
      const url = req.url ?? "/";
      if (url === "/feed.xml") {
        res.writeHead(200, { "content-type": "application/rss+xml" });
        return res.end(FEED);
      }
      if (url === "/moved") return redirect("/feed.xml");
      if (url === "/to-internal") return redirect(`${internalOrigin}/secret`);
      // A chain: two hops within the feed's origin, then off to the internal service.
      if (url === "/chain/1") return redirect("/chain/2");
      if (url === "/chain/2") return redirect(`${feedOrigin}/chain/3`);
      if (url === "/chain/3") return redirect(`${internalOrigin}/after-chain`);
      if (url === "/to-localhost")
        return redirect(internalOrigin.replace("127.0.0.1", "localhost"));
      const literal = /^\/to\/(.+)$/.exec(url);
      if (literal) return redirect(decodeURIComponent(literal[1]!));
      res.writeHead(404);
      res.end();
    });
    await Promise.all(
      [internal, feedServer].map(
        (server) => new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve)),
      ),
    );
    feedOrigin = `http://127.0.0.1:${(feedServer.address() as AddressInfo).port}`;
    internalOrigin = `http://127.0.0.1:${(internal.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await Promise.all(
      [internal, feedServer].map((server) => {
        server.closeAllConnections();
        return new Promise((resolve) => server.close(resolve));
      }),
    );
  });

  beforeEach(() => {
    internalHits.length = 0;
  });

  it("the configured address itself stays allowed, loopback included", async () => {
    expect((await outsideGet(`${feedOrigin}/feed.xml`)).status).toBe("ok");
  });

  it("follows a redirect within the configured origin", async () => {
    expect((await outsideGet(`${feedOrigin}/moved`)).status).toBe("ok");
  });

  it("refuses a redirect to another local port, which sees no request", async () => {
    const attempt = outsideGet(`${feedOrigin}/to-internal`);
    await expect(attempt).rejects.toThrow(OutsideGetError);
    await expect(outsideGet(`${feedOrigin}/to-internal`)).rejects.toMatchObject({
      kind: "refused",
      message: `refused loopback address 127.0.0.1 (redirect to ${internalOrigin}/secret)`,
    });
    expect(internalHits).toEqual([]);
  });

  it("refuses a redirect chain that ends on a private address", async () => {
    await expect(outsideGet(`${feedOrigin}/chain/1`)).rejects.toMatchObject({ kind: "refused" });
    expect(internalHits).toEqual([]);
  });

  it("refuses a name that resolves to loopback, checked on the address connected to", async () => {
    await expect(outsideGet(`${feedOrigin}/to-localhost`)).rejects.toMatchObject({
      kind: "refused",
      message: expect.stringMatching(/^refused localhost: it resolves to the loopback address/),
    });
    expect(internalHits).toEqual([]);
  });

  it.each([
    "http://169.254.169.254/latest/meta-data/",
    "http://10.0.0.1/",
    "http://192.168.0.1:8080/",
    "http://[::1]:6379/",
    "http://[fd00:ec2::254]/",
    "http://[fe80::1]/",
    "http://[::ffff:127.0.0.1]:6379/",
    "http://0.0.0.0:6379/",
    "http://2130706433/",
  ])("refuses a redirect to %s before connecting", async (target) => {
    await expect(
      outsideGet(`${feedOrigin}/to/${encodeURIComponent(target)}`, { timeoutMs: 2_000 }),
    ).rejects.toMatchObject({ kind: "refused", message: expect.stringMatching(/^refused /) });
  });
});
