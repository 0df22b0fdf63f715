/** The station's address for a port and path: `RADIO_STREAM_ORIGIN` + `:port` + path. */
export function stationUrl(origin: URL, port: number, path: string): URL {
  const url = new URL(origin);
  url.port = String(port);
  url.pathname = path;
  url.search = "";
  url.hash = "";
  return url;
}
