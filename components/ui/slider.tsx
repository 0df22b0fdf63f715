"use client";

import type { CSSProperties, KeyboardEvent } from "react";
import styles from "./slider.module.css";

/** Keys that move the value by ten steps; the browser moves it by one with the arrows. */
const BIG_STEP_KEYS: Record<string, 1 | -1> = { PageUp: 1, PageDown: -1 };
const SHIFTED_ARROWS: Record<string, 1 | -1> = {
  ArrowUp: 1,
  ArrowRight: 1,
  ArrowDown: -1,
  ArrowLeft: -1,
};

/**
 * A slider on the browser's own `<input type="range">` (role "slider"): the browser keeps the
 * value on the step and within the bounds (defaults 0 to 100, step 1) and moves it 1 step with
 * the arrows and to the bounds with Home and End; PageUp/PageDown and Shift+arrow move it 10
 * steps here, as browsers differ there. The browser's own control has nothing to mount or
 * commit after hydration.
 */
export function Slider({
  className,
  label,
  valueText,
  value,
  min = 0,
  max = 100,
  step = 1,
  onValueChange,
}: {
  className?: string;
  /** The accessible name. */
  label: string;
  /** How a value reads aloud, e.g. as a percentage. */
  valueText?: (value: number) => string;
  value: number;
  min?: number;
  max?: number;
  step?: number;
  onValueChange?: (value: number) => void;
}) {
  const decimals = (String(step).split(".")[1] ?? "").length;
  /** On the step from min, within the bounds, without a float's tail (0.79, not 0.7900…01). */
  const settle = (raw: number) => {
    const stepped = min + Math.round((raw - min) / step) * step;
    return Number(Math.min(max, Math.max(min, stepped)).toFixed(decimals));
  };

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const direction =
      BIG_STEP_KEYS[event.key] ?? (event.shiftKey ? SHIFTED_ARROWS[event.key] : undefined);
    if (!direction) return;
    event.preventDefault();
    const next = settle(value + direction * step * 10);
    if (next !== value) onValueChange?.(next);
  }

  const filled = max > min ? ((value - min) / (max - min)) * 100 : 0;
  return (
    <input
      type="range"
      className={`${styles.root} ${className ?? ""}`}
      aria-label={label}
      aria-valuetext={valueText?.(value)}
      min={min}
      max={max}
      step={step}
      value={value}
      onChange={(event) => onValueChange?.(settle(Number(event.currentTarget.value)))}
      onKeyDown={onKeyDown}
      style={{ "--slider-filled": `${filled}%` } as CSSProperties}
    />
  );
}
