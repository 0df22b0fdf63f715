import { icoOf } from "./ico";

// The first bytes of a PNG, then some of its body: enough for the container, which never reads it.
const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4, 5]);

function directory(file: Uint8Array) {
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  return {
    reserved: view.getUint16(0, true),
    type: view.getUint16(2, true),
    count: view.getUint16(4, true),
    width: view.getUint8(6),
    height: view.getUint8(7),
    planes: view.getUint16(10, true),
    bitsPerPixel: view.getUint16(12, true),
    length: view.getUint32(14, true),
    offset: view.getUint32(18, true),
  };
}

describe("icoOf", () => {
  it("writes one icon entry that points at the PNG, whole and unchanged", () => {
    const file = icoOf(PNG, 48);
    expect(directory(file)).toEqual({
      reserved: 0,
      type: 1,
      count: 1,
      width: 48,
      height: 48,
      planes: 1,
      bitsPerPixel: 32,
      length: PNG.byteLength,
      offset: 22,
    });
    expect(file.byteLength).toBe(22 + PNG.byteLength);
    expect([...file.subarray(22)]).toEqual([...PNG]);
  });

  it("writes 256 pixels as 0, as the format says", () => {
    const { width, height } = directory(icoOf(PNG, 256));
    expect([width, height]).toEqual([0, 0]);
  });

  it("refuses a size the format cannot hold", () => {
    expect(() => icoOf(PNG, 0)).toThrow("an icon is 1 to 256 pixels wide, not 0");
    expect(() => icoOf(PNG, 257)).toThrow(RangeError);
    expect(() => icoOf(PNG, 12.5)).toThrow(RangeError);
  });
});
