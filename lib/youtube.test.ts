import { parseYouTubeUrl, youTubeEmbedUrl, youTubePosterUrl } from "./youtube";

describe("parseYouTubeUrl", () => {
  const id = "aqz-KE-bpKQ";

  it.each([
    [`https://www.youtube.com/shorts/${id}`, true],
    [`https://youtube.com/shorts/${id}?feature=share`, true],
    [`https://www.youtube.com/watch?v=${id}`, false],
    [`https://m.youtube.com/watch?v=${id}&t=42s`, false],
    [`https://youtu.be/${id}`, false],
    [`https://youtu.be/${id}?si=abc`, false],
    [`https://www.youtube.com/embed/${id}`, false],
    [`https://www.youtube-nocookie.com/embed/${id}`, false],
    [`http://www.youtube.com/watch?v=${id}`, false],
    [`  https://youtu.be/${id}  `, false],
  ])("accepts %s", (url, isShort) => {
    expect(parseYouTubeUrl(url)).toEqual({ id, isShort });
  });

  it.each([
    ["an empty string", ""],
    ["null", null],
    ["a bare id", id],
    ["a 10-character id", "https://youtu.be/aqz-KE-bpK"],
    ["a 12-character id", "https://youtu.be/aqz-KE-bpKQx"],
    ["an id with a forbidden character", "https://youtu.be/aqz-KE+bpKQ"],
    ["watch without v", "https://www.youtube.com/watch?list=PL123"],
    ["watch with two v values", `https://www.youtube.com/watch?v=${id}&v=${id}`],
    ["a watch path with an extra segment", `https://www.youtube.com/watch/${id}`],
    ["shorts without an id", "https://www.youtube.com/shorts/"],
    ["shorts with a trailing segment", `https://www.youtube.com/shorts/${id}/extra`],
    ["another host", `https://vimeo.com/shorts/${id}`],
    ["a look-alike host", `https://youtube.com.evil.example/watch?v=${id}`],
    ["a subdomain of youtu.be", `https://evil.youtu.be/${id}`],
    ["a javascript: URL", `javascript:alert(1)//youtu.be/${id}`],
    ["a data: URL", `data:text/html,https://youtu.be/${id}`],
    ["credentials in the URL", `https://user:pass@youtu.be/${id}`],
    ["a port", `https://www.youtube.com:8443/watch?v=${id}`],
    ["a channel page", "https://www.youtube.com/@riverbend"],
  ])("rejects %s", (_label, url) => {
    expect(parseYouTubeUrl(url)).toBeNull();
  });
});

describe("youTubeEmbedUrl", () => {
  it("uses the privacy-enhanced host with related videos off", () => {
    const url = new URL(youTubeEmbedUrl({ id: "aqz-KE-bpKQ", isShort: false }, true));
    expect(url.origin).toBe("https://www.youtube-nocookie.com");
    expect(url.pathname).toBe("/embed/aqz-KE-bpKQ");
    expect(url.searchParams.get("rel")).toBe("0");
    expect(url.searchParams.get("autoplay")).toBe("1");
  });
});

describe("youTubePosterUrl", () => {
  it("names the video's poster on the configured image host, and nothing of the page's address", () => {
    const video = { id: "aqz-KE-bpKQ" };
    expect(youTubePosterUrl(video, new URL("https://i.ytimg.com"))).toBe(
      "https://i.ytimg.com/vi/aqz-KE-bpKQ/hqdefault.jpg",
    );
    expect(youTubePosterUrl(video, new URL("http://127.0.0.1:4010/"))).toBe(
      "http://127.0.0.1:4010/vi/aqz-KE-bpKQ/hqdefault.jpg",
    );
  });
});
