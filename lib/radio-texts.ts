/**
 * The radio's texts and timings, imported by the player and the now-playing line in the
 * browser: this file imports nothing, so their bundle carries only these few values.
 */
export const RADIO = {
  port: 8076,
  defaultVolume: 0.9,
  title: "Live Radio",
  defaultSubtitle: "Streaming now",
  pageSubtitle: "24/7 live stream",
  /** Shown under "Now Playing" while the station reports no title. */
  nowPlayingFallback: "Live programming from our station stream.",
  tip: "If audio doesn't start, click play. Some browsers block autoplay with sound until you interact.",
  playFailed: "Unable to start playback. Please try again.",
  streamUnavailable: "Stream temporarily unavailable.",
  /** How often an open radio page asks for the current title. */
  nowPlayingRefreshMs: 15_000,
} as const;
