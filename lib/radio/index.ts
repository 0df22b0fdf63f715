/**
 * The front door of lib/radio: a publication's station (station.ts), its Now Playing title
 * (now-playing.ts), the same-origin stream proxy (stream-proxy.ts) and the radio's texts.
 * A client component imports the texts from texts.ts itself, which imports nothing: this door
 * would bring the server's modules into the browser's bundle.
 */
export { getNowPlaying } from "./now-playing";
export { radioOf } from "./station";
export { proxyStream } from "./stream-proxy";
export { RADIO } from "../radio-texts";
