"use client";

import { useEffect, useState } from "react";
import { RADIO } from "@/lib/radio-texts";
import styles from "./radio.module.css";

/**
 * The station's current title, asked of /api/now-playing when the page opens and then every
 * ~15 s while the page is visible. The server renders the standing line, which stays until a
 * title arrives (and whenever the station reports none).
 */
export function NowPlaying({ endpoint = "/api/now-playing" }: { endpoint?: string }) {
  const [title, setTitle] = useState("");

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let controller: AbortController | undefined;

    async function refresh() {
      clearTimeout(timer);
      controller?.abort();
      controller = new AbortController();
      try {
        const response = await fetch(endpoint, { cache: "no-store", signal: controller.signal });
        const data: unknown = response.ok ? await response.json() : null;
        const next = typeof data === "object" && data !== null && "title" in data ? data.title : "";
        setTitle(typeof next === "string" ? next : "");
      } catch (error) {
        if (error instanceof DOMException && error.name === "AbortError") return;
        // Keep what is shown; try again on the next round.
      }
      if (document.visibilityState === "visible") {
        timer = setTimeout(refresh, RADIO.nowPlayingRefreshMs);
      }
    }

    function onVisibilityChange() {
      if (document.visibilityState === "visible") void refresh();
      else clearTimeout(timer);
    }

    void refresh();
    document.addEventListener("visibilitychange", onVisibilityChange);
    return () => {
      clearTimeout(timer);
      controller?.abort();
      document.removeEventListener("visibilitychange", onVisibilityChange);
    };
  }, [endpoint]);

  return (
    <p className={styles.nowPlayingTitle} aria-live="polite">
      {title || RADIO.nowPlayingFallback}
    </p>
  );
}
