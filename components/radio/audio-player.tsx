"use client";

import { useEffect, useRef, useState } from "react";
import { Slider } from "@/components/ui/slider";
import { RADIO } from "@/lib/radio-texts";
import styles from "./radio.module.css";

/**
 * The live radio player: play/pause, mute and volume over one <audio> element. Nothing is
 * downloaded until the first press of play; the source is the same-origin proxy.
 */
export function AudioPlayer({
  src,
  title = RADIO.title,
  subtitle = RADIO.defaultSubtitle,
}: {
  src: string;
  title?: string;
  subtitle?: string;
}) {
  const audioRef = useRef<HTMLAudioElement>(null);
  // Connecting from the press on (the element's play event), on the air once sound flows,
  // which for a live MP3 is after a few seconds of buffering. The button shows the first, the
  // live dot the second.
  const [status, setStatus] = useState<"stopped" | "connecting" | "onAir">("stopped");
  const playing = status !== "stopped";
  const [muted, setMuted] = useState(false);
  const [volume, setVolume] = useState<number>(RADIO.defaultVolume);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    // Inline playback (iOS): an attribute for <video> that HTML has no name for on <audio>.
    audioRef.current?.setAttribute("playsinline", "");
  }, []);

  useEffect(() => {
    const audio = audioRef.current;
    if (!audio) return;
    audio.volume = volume;
    audio.muted = muted;
  }, [volume, muted]);

  async function togglePlay() {
    const audio = audioRef.current;
    if (!audio) return;
    if (!audio.paused && !audio.error) {
      audio.pause();
      return;
    }
    // The source is set on the first play, and again to retry after the stream failed
    // or ended (a live stream that ends has lost its station).
    if (!audio.getAttribute("src") || audio.error || audio.ended) {
      audio.src = src;
    }
    try {
      await audio.play();
      setError(null);
    } catch (reason) {
      if (reason instanceof DOMException && reason.name === "AbortError") return; // paused meanwhile
      setStatus("stopped");
      setError(audio.error ? RADIO.streamUnavailable : RADIO.playFailed);
    }
  }

  function toggleMute() {
    if (muted && volume === 0) setVolume(RADIO.defaultVolume);
    setMuted(!muted);
  }

  function changeVolume(value: number) {
    setVolume(value);
    if (muted && value > 0) setMuted(false);
  }

  const shownVolume = muted ? 0 : volume;

  return (
    <section className={styles.player} aria-labelledby="radio-player-title">
      <div className={styles.playerHeading}>
        <span
          className={`${styles.liveDot} ${status === "onAir" ? styles.liveDotOn : ""}`}
          aria-hidden="true"
        />
        <div>
          <h2 id="radio-player-title" className={styles.playerTitle}>
            {title}
          </h2>
          <p className={styles.playerSubtitle}>{subtitle}</p>
        </div>
      </div>

      <div className={styles.controls}>
        <button
          type="button"
          className={styles.playButton}
          aria-label="Play"
          aria-pressed={playing}
          onClick={togglePlay}
        >
          {playing ? <PauseIcon /> : <PlayIcon />}
        </button>
        <button
          type="button"
          className={styles.iconButton}
          aria-label="Mute"
          aria-pressed={muted}
          onClick={toggleMute}
        >
          {muted || volume === 0 ? <MutedIcon /> : <SpeakerIcon />}
        </button>
        <Slider
          className={styles.volume}
          label="Volume"
          valueText={(value) => `${Math.round(value * 100)}%`}
          value={shownVolume}
          min={0}
          max={1}
          step={0.01}
          onValueChange={changeVolume}
        />
      </div>

      {/* Without scripts the controls above cannot play (CSS hides them then): the browser's own
          player on the same stream, which downloads nothing until it is played either. */}
      <noscript>
        <audio
          className={styles.nativePlayer}
          controls
          preload="none"
          src={src}
          aria-label={`${title}: live stream`}
        />
      </noscript>

      <div aria-live="assertive">{error ? <p className={styles.error}>{error}</p> : null}</div>

      <audio
        ref={audioRef}
        preload="none"
        crossOrigin="anonymous"
        onPlay={() => setStatus("connecting")}
        onPlaying={() => {
          setStatus("onAir");
          setError(null);
        }}
        onWaiting={() => setStatus("connecting")}
        onPause={() => setStatus("stopped")}
        onError={() => {
          setStatus("stopped");
          setError(RADIO.streamUnavailable);
        }}
        onEnded={() => {
          setStatus("stopped");
          setError(RADIO.streamUnavailable);
        }}
      />
    </section>
  );
}

function PlayIcon() {
  return (
    <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
      <path d="M8 5.5v13l10.5-6.5z" fill="currentColor" />
    </svg>
  );
}

function PauseIcon() {
  return (
    <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
      <path d="M7 5h3.5v14H7zM13.5 5H17v14h-3.5z" fill="currentColor" />
    </svg>
  );
}

function SpeakerIcon() {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path d="M4 9.5h3.5L12 5.5v13l-4.5-4H4z" fill="currentColor" />
      <path
        d="M15 9a4 4 0 0 1 0 6M17.5 6.5a7.5 7.5 0 0 1 0 11"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
      />
    </svg>
  );
}

function MutedIcon() {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path d="M4 9.5h3.5L12 5.5v13l-4.5-4H4z" fill="currentColor" />
      <path
        d="M15.5 9.5l5 5M20.5 9.5l-5 5"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
      />
    </svg>
  );
}
