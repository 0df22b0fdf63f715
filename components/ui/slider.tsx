"use client";

import * as SliderPrimitive from "@radix-ui/react-slider";
import type { ComponentPropsWithoutRef } from "react";
import styles from "./slider.module.css";

/**
 * Radix slider, styled once. Radix keeps the value on the step and within the bounds
 * (defaults 0 to 100, step 1) and handles the keyboard: 1 step with the arrows, 10 with
 * PageUp/PageDown or Shift+arrow, Home and End to the bounds.
 */
export function Slider({
  className,
  label,
  valueText,
  ...props
}: ComponentPropsWithoutRef<typeof SliderPrimitive.Root> & {
  /** The accessible name of the thumb (the element with role="slider"). */
  label: string;
  /** How a value reads aloud, e.g. as a percentage. */
  valueText?: (value: number) => string;
}) {
  const values = props.value ?? props.defaultValue ?? [props.min ?? 0];
  return (
    <SliderPrimitive.Root className={`${styles.root} ${className ?? ""}`} {...props}>
      <SliderPrimitive.Track className={styles.track}>
        <SliderPrimitive.Range className={styles.range} />
      </SliderPrimitive.Track>
      {values.map((value, index) => (
        <SliderPrimitive.Thumb
          key={index}
          className={styles.thumb}
          aria-label={label}
          // Radix fills this in only after hydration; the server HTML needs it too.
          aria-valuenow={value}
          aria-valuetext={valueText?.(value)}
        />
      ))}
    </SliderPrimitive.Root>
  );
}
