import {
  archiveReachable,
  ArchiveUnavailableError,
  readSearchRequest,
  searchArchive,
} from "../archive";
import type { Publication } from "../publication";
import { resultCountText, runSearch, searchHref } from "./search";

jest.mock("../archive", () => ({
  ...jest.requireActual("../archive"),
  archiveReachable: jest.fn(),
  searchArchive: jest.fn(),
}));

const SECTIONS = [
  { slug: "local", title: "Local News" },
  { slug: "blog", title: "Blog" },
];
const request = (params: Record<string, string>) => readSearchRequest(params, SECTIONS);

describe("searchHref", () => {
  it("writes only what is not the default", () => {
    expect(searchHref(request({}))).toBe("/search");
    expect(searchHref(request({ q: "council", sort: "relevance", page: "1" }))).toBe(
      "/search?q=council",
    );
  });

  it("keeps the whole search, as read, changing only what the link is for", () => {
    const search = request({
      q: 'school "board vote" & more',
      section: "local",
      from: "2026-11-01",
      to: "2026-11-30",
      sort: "newest",
      page: "3",
    });
    const href = searchHref(search, { page: 4 });
    const params = new URL(href, "http://x").searchParams;
    expect(Object.fromEntries(params)).toEqual({
      q: 'school "board vote" & more',
      section: "local",
      from: "2026-11-01",
      to: "2026-11-30",
      sort: "newest",
      page: "4",
    });
    expect(new URL(searchHref(search, { section: null, page: 1 }), "http://x").search).toBe(
      "?q=school+%22board+vote%22+%26+more&from=2026-11-01&to=2026-11-30&sort=newest",
    );
    expect(searchHref(search, { from: null, to: null, page: 1 })).not.toMatch(/from=|to=/);
  });

  it("leaves out what was refused, and keeps dates the right way round", () => {
    const href = searchHref(
      request({ q: "a", section: "nope", from: "2026-12-01", to: "2026-11-01", sort: "x" }),
    );
    expect(href).toBe("/search?q=a&from=2026-11-01&to=2026-12-01");
  });
});

describe("resultCountText", () => {
  it("says how many, exactly below the count's limit, about how many when estimated, and more than 1,000 past it", () => {
    const text = (total: number, more = false, estimated = false) =>
      resultCountText({ total, more, estimated });
    expect(text(1)).toBe("1 result");
    expect(text(23)).toBe("23 results");
    expect(text(1000)).toBe("1,000 results");
    expect(text(310, false, true)).toBe("About 310 results");
    expect(text(1000, true)).toBe("More than 1,000 results");
  });
});

describe("runSearch", () => {
  const reachable = jest.mocked(archiveReachable);
  const search = jest.mocked(searchArchive);
  const publication = { key: "riverbend" } as Publication;
  beforeEach(() => jest.resetAllMocks());

  it("says unavailable without asking when the archive's health says so", async () => {
    reachable.mockResolvedValue(false);
    expect(await runSearch(publication, request({ q: "council" }))).toBe("unavailable");
    expect(search).not.toHaveBeenCalled();
  });

  it("says unavailable when the search itself fails past its deadline, the archive healthy", async () => {
    reachable.mockResolvedValue(true);
    search.mockRejectedValue(new ArchiveUnavailableError("no answer within 1000 ms"));
    expect(await runSearch(publication, request({ q: "council" }))).toBe("unavailable");
  });

  it("lets any other failure through, to the error page", async () => {
    reachable.mockResolvedValue(true);
    search.mockRejectedValue(new TypeError("a bug"));
    await expect(runSearch(publication, request({ q: "council" }))).rejects.toThrow("a bug");
  });

  it("asks nothing for no words", async () => {
    reachable.mockResolvedValue(true);
    expect(await runSearch(publication, request({}))).toBe("empty");
    expect(search).not.toHaveBeenCalled();
  });
});
