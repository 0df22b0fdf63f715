// @ts-check
/**
 * The publications files this process validated, with their text: server.mjs validates the
 * file in a thread of its own at start (validate-in-thread.mjs), and the app (a module instance
 * of its own, lib/process/singleton.mjs) reads it again; validating a network's thousands of
 * publications takes a few hundred milliseconds, so the same text is not validated twice. Its
 * entries are shared, and read only. No validator here: server.mjs imports it before zod loads.
 */
import { processSingleton } from "../process/singleton.mjs";

/** @import { PublicationEntry } from "./publications-file.mjs" */

/** @returns {Map<string, { json: string; publications: PublicationEntry[] }>} by the file's path */
export function validatedFiles() {
  return processSingleton("publications-file", () => new Map());
}

/**
 * The validation server.mjs started in a thread, settled (whatever it found) once what it
 * validated is in validatedFiles: the app awaits it before its first read of the file
 * (instrumentation-node.ts), so that read validates nothing. Settled at once without one (the
 * build, `next start`).
 * @returns {{ settled: Promise<void> }}
 */
export function validationInThread() {
  return processSingleton("publications-file-thread", () => ({ settled: Promise.resolve() }));
}
