/**
 * Which station port a listener asked for. The query is read raw, before any decoding, so
 * that only the plain spelling `port=8076` passes: signs, decimals, leading zeros, spaces,
 * percent-encodings and repeats are refused. Whatever is refused never reaches the network.
 */

export type StreamPortResult = { ok: true; port: number } | { ok: false; message: string };

const PLAIN_PORT = /^[1-9][0-9]{0,4}$/;

function decodedName(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, " "));
  } catch {
    return raw;
  }
}

/**
 * @param search the raw query string of the request (`new URL(request.url).search`), with or
 *   without its leading "?". Not a URLSearchParams: that would already have decoded `%38076`.
 * @param allowedPorts the ports the station may be reached on (RADIO_STREAM_PORTS).
 */
export function parseStreamPort(search: string, allowedPorts: readonly number[]): StreamPortResult {
  const query = search.startsWith("?") ? search.slice(1) : search;
  const values: string[] = [];
  for (const part of query.split("&")) {
    if (part === "") continue;
    const eq = part.indexOf("=");
    const rawName = eq < 0 ? part : part.slice(0, eq);
    if (decodedName(rawName) !== "port") continue;
    if (rawName !== "port") return { ok: false, message: "Bad port parameter." };
    values.push(eq < 0 ? "" : part.slice(eq + 1));
  }

  if (values.length === 0) return { ok: false, message: "Missing port parameter." };
  if (values.length > 1) return { ok: false, message: "Give the port parameter once." };
  const value = values[0] ?? "";
  if (!PLAIN_PORT.test(value)) {
    return { ok: false, message: "The port must be written as plain digits." };
  }
  const port = Number(value);
  if (!allowedPorts.includes(port)) {
    return { ok: false, message: "This port is not a radio stream." };
  }
  return { ok: true, port };
}
