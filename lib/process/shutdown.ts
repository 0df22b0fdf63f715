import { processSingleton } from "./singleton.mjs";

/**
 * What the process does before it exits on SIGTERM or SIGINT (server.mjs runs the same list,
 * through processSingleton, and the unit tests after each file): the archive's recorder writes
 * what it has queued, its watch stops, its threads and connections end. Whatever starts a
 * timer, a thread or a connection that lives with the process says here how it stops. The
 * tasks run one after another in the order they were registered (the recorder's flush before
 * the engine it writes to is closed); one that fails does not stop the others.
 */
export interface ShutdownTasks {
  tasks: (() => Promise<void>)[];
}

const tasks = () => processSingleton<ShutdownTasks>("shutdown-tasks", () => ({ tasks: [] }));

export function onShutdown(task: () => Promise<void>): void {
  tasks().tasks.push(task);
}
