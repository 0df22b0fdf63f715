/** The ICO header (6 bytes) and one directory entry (16 bytes). */
const ICO_HEADER_BYTES = 22;

/**
 * One PNG image wrapped in an ICO file (/favicon.ico): the header, one directory entry, then
 * the PNG as it is. The format has allowed PNG entries since Windows Vista, and every browser
 * and ICO reader in use takes them.
 */
export function icoOf(png: Uint8Array, size: number): Uint8Array<ArrayBuffer> {
  if (!Number.isInteger(size) || size < 1 || size > 256) {
    throw new RangeError(`an icon is 1 to 256 pixels wide, not ${size}`);
  }
  const header = new DataView(new ArrayBuffer(ICO_HEADER_BYTES));
  header.setUint16(2, 1, true); // type: icon
  header.setUint16(4, 1, true); // one image
  header.setUint8(6, size % 256); // width (0 means 256)
  header.setUint8(7, size % 256); // height
  header.setUint16(10, 1, true); // colour planes
  header.setUint16(12, 32, true); // bits per pixel
  header.setUint32(14, png.byteLength, true); // the image's length
  header.setUint32(18, ICO_HEADER_BYTES, true); // and where it starts
  const file = new Uint8Array(ICO_HEADER_BYTES + png.byteLength);
  file.set(new Uint8Array(header.buffer), 0);
  file.set(png, ICO_HEADER_BYTES);
  return file;
}
