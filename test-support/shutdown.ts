import { processSingleton } from "../lib/process/singleton.mjs";
import type { ShutdownTasks } from "../lib/process/shutdown";

/**
 * After each test file, what its modules started is stopped as the server stops it on SIGTERM
 * (lib/process/shutdown.ts): no timer, thread or connection outlives the file and fires in the
 * next one (jest.config.mjs, setupFilesAfterEnv).
 */
afterAll(async () => {
  const { tasks } = processSingleton<ShutdownTasks>("shutdown-tasks", () => ({ tasks: [] }));
  // One after another, as they were registered; a task may add one (an engine opened to
  // write the last flush adds its own close).
  for (let task = tasks.shift(); task; task = tasks.shift()) await task().catch(() => undefined);
});
