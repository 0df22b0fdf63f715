import { useCallback, useRef, useState, type SyntheticEvent } from "react";

/**
 * A <details> whose open state is the element's own. The browser opens and closes it (a click,
 * Enter or Space on its summary, with or without scripts), and `setOpen` does the same from
 * script, through the element. React only mirrors the state from `toggle`, for effects that
 * depend on it. React never writes `open` itself, so the element and the state cannot disagree:
 * the browser opens a <details> at once and fires `toggle` a task later, and an Escape or a
 * click in between acts on what the reader sees.
 */
export function useDetails() {
  const ref = useRef<HTMLDetailsElement>(null);
  const [open, setMirror] = useState(false);
  const setOpen = useCallback((value: boolean) => {
    if (ref.current) ref.current.open = value;
  }, []);
  const onToggle = useCallback(
    (event: SyntheticEvent<HTMLDetailsElement>) => setMirror(event.currentTarget.open),
    [],
  );
  return { ref, open, setOpen, onToggle };
}
