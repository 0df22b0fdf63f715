import type { AppConfig } from "../env";
import type { Publication } from "../publication";

/**
 * A publication's radio station: RADIO_STREAM_ORIGIN and RADIO_STREAM_PATH are the network's
 * (one streaming host), the ports are the publication's own when its entry names them
 * ("radio": { "ports": [...] }), else RADIO_STREAM_PORTS. The stream proxy and Now Playing
 * reach only these ports, so one publication's page cannot open another's station.
 */
export function radioOf(
  publication: Publication | undefined,
  radio: AppConfig["radio"],
): AppConfig["radio"] {
  const ports = publication?.radio.ports;
  return ports && ports.length > 0 ? { ...radio, ports: [...ports] } : radio;
}
