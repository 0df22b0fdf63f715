/**
 * A body read whole up to `limit` bytes, or null past it (a declared Content-Length over the
 * limit is refused before reading; a stream that grows past it is cancelled there). Shared by
 * the blog host's answers and WebSub deliveries.
 */
export async function readCapped(
  body: ReadableStream<Uint8Array> | null,
  declaredLength: string | null,
  limit: number,
): Promise<Buffer | null> {
  if (Number(declaredLength) > limit) return null;
  if (!body) return Buffer.alloc(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    received += value.byteLength;
    if (received > limit) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}
