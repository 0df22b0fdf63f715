import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False in the server HTML and while React hydrates it, true from the render right after.
 * The header's menus render native <details> until then, so they work without JavaScript,
 * and switch to their scripted form (button, aria-expanded, hover, Escape) once scripts run.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
