#!/usr/bin/env node
// Generates the demo radio's sample audio with Debian's ffmpeg (libmp3lame):
// e2e/stand-in/media/sample-chime.mp3, 10 s, 96 kbit/s constant-bitrate mono MP3.
// Usage: node scripts/generate-sample-chime.mjs  (run once; the file is committed)
//
// A gentle chime in C major: two rising arpeggios of bell-like notes (a fundamental with
// two soft overtones, a short attack and an exponential decay), then the chord, fading to
// silence. Silent at both ends, so the stand-in can loop it without a click. No Xing/ID3
// header: the file is bare MP3 frames, which the stand-in streams back to back.

import { execFileSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const out = join(root, "e2e/stand-in/media/sample-chime.mp3");

/**
 * One bell-like note starting at `start` s, of frequency `hz`, decaying at `decay` per s.
 * @param {number} start @param {number} hz @param {number} decay
 */
const note = (start, hz, decay) =>
  `gte(t,${start})*min(1,(t-${start})*60)*` +
  `(sin(2*PI*${hz}*(t-${start}))+0.3*sin(4*PI*${hz}*(t-${start}))+0.1*sin(6*PI*${hz}*(t-${start})))*` +
  `exp(-${decay}*(t-${start}))`;

/** @typedef {[start: number, hz: number, decay: number]} Note */
/** @type {Note[]} */
const arpeggios = [
  [0, 261.63, 2.2], // C4
  [0.6, 329.63, 2.2], // E4
  [1.2, 392.0, 2.2], // G4
  [1.8, 523.25, 2.0], // C5
  [3.0, 349.23, 2.2], // F4
  [3.6, 440.0, 2.2], // A4
  [4.2, 523.25, 2.2], // C5
  [4.8, 587.33, 2.0], // D5
];
/** @type {Note[]} */
const chord = [
  [6.0, 261.63, 0.9],
  [6.0, 329.63, 0.9],
  [6.0, 392.0, 0.9],
  [6.05, 523.25, 1.0],
];
const sum = (/** @type {Note[]} */ notes) =>
  notes.map(([start, hz, decay]) => note(start, hz, decay)).join("+");
const expression = `0.28*(${sum(arpeggios)})+0.17*(${sum(chord)})`;

mkdirSync(dirname(out), { recursive: true });
execFileSync(
  "ffmpeg",
  [
    ...["-hide_banner", "-loglevel", "error", "-y"],
    ...["-f", "lavfi", "-i", `aevalsrc=exprs='${expression}':s=44100:d=10`],
    ...["-af", "afade=t=out:st=9.3:d=0.7", "-ac", "1"],
    ...["-c:a", "libmp3lame", "-b:a", "96k", "-write_xing", "0", "-id3v2_version", "0"],
    ...["-map_metadata", "-1", out],
  ],
  { stdio: "inherit" },
);
console.log(`wrote ${out}`);
