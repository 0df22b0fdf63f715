import { parseStreamPort } from "./stream-port";

const ALLOWED = [8076, 8000];

describe("parseStreamPort", () => {
  it.each([
    ["?port=8076", 8076],
    ["port=8076", 8076],
    ["?port=8000", 8000],
    ["?port=8076&t=123", 8076],
    ["?t=1&port=8076", 8076],
    ["?port=8076&", 8076],
    ["?other=%41&port=8076", 8076],
  ])("accepts %s", (search, port) => {
    expect(parseStreamPort(search, ALLOWED)).toEqual({ ok: true, port });
  });

  it.each([
    ["missing entirely", ""],
    ["missing, other parameters only", "?t=1"],
    ["a name without value", "?port"],
    ["an empty value", "?port="],
    ["a port not on the list", "?port=22"],
    ["a neighbouring port", "?port=8077"],
    ["port 0", "?port=0"],
    ["a port beyond 65535", "?port=65536"],
    ["a long number", "?port=80760"],
    ["a huge number", "?port=99999999999999999999"],
    ["a plus sign", "?port=+8076"],
    ["an encoded plus sign", "?port=%2B8076"],
    ["a minus sign", "?port=-8076"],
    ["a decimal", "?port=8076.0"],
    ["a decimal point alone", "?port=8076."],
    ["an exponent", "?port=8.076e3"],
    ["hexadecimal", "?port=0x1f8c"],
    ["octal-looking leading zero", "?port=08076"],
    ["a leading space", "?port=%208076"],
    ["a trailing space", "?port=8076%20"],
    ["a plus as space", "?port=8076+"],
    ["a percent-encoded digit", "?port=%38076"],
    ["a fully encoded value", "?port=%38%30%37%36"],
    ["an encoded name", "?%70ort=8076"],
    ["an encoded name beside a plain one", "?port=8076&%70ort=8076"],
    ["a repeat with the same value", "?port=8076&port=8076"],
    ["a repeat with another value", "?port=8076&port=22"],
    ["an array-style name", "?port[]=8076"],
    ["a host smuggled in", "?port=8076@evil.example"],
    ["a path smuggled in", "?port=8076/admin"],
    ["a colon", "?port=:8076"],
    ["full-width digits", "?port=８０７６"],
    ["a comma list", "?port=8076,8000"],
    ["a broken percent sequence", "?port=%E0%A4%A"],
    ["upper-case name", "?PORT=8076"],
  ])("refuses %s", (_label, search) => {
    const result = parseStreamPort(search, ALLOWED);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toMatch(/^[A-Z][^<>]{5,60}\.$/);
  });

  it("refuses everything when no port is allowed", () => {
    expect(parseStreamPort("?port=8076", []).ok).toBe(false);
  });
});
