import { onShutdown, processSingleton } from "../process";

/**
 * A watch of the archive: `tick` run now and then every `everyMs` after the last one ended,
 * until the process shuts down. A tick that fails (the archive away) leaves what it last
 * read standing. One watch of a name for the process.
 */
export function startWatch(name: string, everyMs: number, tick: () => Promise<void>): void {
  const state = processSingleton(`archive-watch-${name}`, () => ({
    watching: false,
    timer: null as NodeJS.Timeout | null,
  }));
  if (state.watching) return;
  state.watching = true;
  onShutdown(async () => {
    state.watching = false;
    if (state.timer) clearTimeout(state.timer);
    state.timer = null;
  });
  const run = () =>
    tick()
      .catch(() => undefined)
      .finally(() => {
        if (!state.watching) return;
        state.timer = setTimeout(run, everyMs);
        state.timer.unref();
      });
  void run();
}
