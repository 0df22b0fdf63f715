import { TEXT, textResponse, XML } from "./responses";

describe("textResponse", () => {
  it("a good answer may be cached for five minutes", () => {
    const response = textResponse("<urlset/>", XML);
    expect(response.headers.get("cache-control")).toBe(
      "public, max-age=300, stale-while-revalidate=600",
    );
    expect(response.headers.get("retry-after")).toBeNull();
  });

  it("an error is never cached and says when to retry", () => {
    const response = textResponse("The blog feed is unavailable.\n", TEXT, 503);
    expect(response.status).toBe(503);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("retry-after")).toBe("15");
  });

  it("a 404 is not cached either, without Retry-After", () => {
    const response = textResponse("Not found\n", TEXT, 404);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("retry-after")).toBeNull();
  });

  it("an answer missing data because an upstream failed lives seconds", () => {
    const response = textResponse("# llms", TEXT, 200, { degraded: true });
    expect(response.headers.get("cache-control")).toBe("public, max-age=15");
  });
});
