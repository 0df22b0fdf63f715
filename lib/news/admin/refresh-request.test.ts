import { SECTION_SLUGS } from "../sections";
import { parseRefreshRequest } from "./refresh-request";

describe("parseRefreshRequest", () => {
  it("an empty body refreshes the blog, as before", () => {
    expect(parseRefreshRequest("")).toEqual({ ok: true, sections: [], blog: true });
    expect(parseRefreshRequest("  \n")).toEqual({ ok: true, sections: [], blog: true });
  });

  it("names sections, all of them, the blog, or sections and the blog", () => {
    expect(parseRefreshRequest('{"sections": ["sports", "local", "sports"]}')).toEqual({
      ok: true,
      sections: ["sports", "local"],
      blog: false,
    });
    expect(parseRefreshRequest('{"sections": "all"}')).toEqual({
      ok: true,
      sections: [...SECTION_SLUGS],
      blog: false,
    });
    expect(parseRefreshRequest('{"blog": true}')).toEqual({ ok: true, sections: [], blog: true });
    expect(parseRefreshRequest('{"sections": ["world"], "blog": true}')).toEqual({
      ok: true,
      sections: ["world"],
      blog: true,
    });
  });

  it("an unknown section is refused, by name", () => {
    expect(parseRefreshRequest('{"sections": ["sports", "sportz"]}')).toEqual({
      ok: false,
      error: 'Unknown section: "sportz".',
      unknownSections: ["sportz"],
    });
  });

  it.each([
    ["not JSON", "sections=local"],
    ["cut-off JSON", '{"sections": ["loc'],
    ["an array", '["local"]'],
    ["null", "null"],
    ["a string", '"local"'],
    ["an unknown field", '{"section": ["local"]}'],
    ["sections not a list", '{"sections": "local"}'],
    ["sections of numbers", '{"sections": [1]}'],
    ["blog not a boolean", '{"blog": "yes"}'],
    ["nothing to do", "{}"],
    ["an empty list", '{"sections": []}'],
    ["blog false alone", '{"blog": false}'],
  ])("refuses %s", (_, body) => {
    expect(parseRefreshRequest(body)).toMatchObject({ ok: false, error: expect.any(String) });
  });
});
