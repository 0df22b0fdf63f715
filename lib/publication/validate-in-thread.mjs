// @ts-check
/**
 * The publications file validated in a thread of its own, for server.mjs: a network of
 * thousands of publications takes a few hundred milliseconds to validate (zod loaded, then run
 * cold on every entry), which now runs on the second core while the server's thread loads and
 * prepares Next. What the thread found is kept for the app's own read (validated-files.mjs),
 * which waits for it and then finds the same text and validates nothing.
 */
import { Worker } from "node:worker_threads";
import { validatedFiles, validationInThread } from "./validated-files.mjs";

/** @import { PublicationEntry } from "./publications-file.mjs" */

/**
 * The file's publications, or the mistakes that stop the server; the app awaits it settling
 * (validationInThread).
 * @param {string} path
 * @returns {Promise<{ publications: PublicationEntry[] } | { problems: string[] }>}
 */
export function validateInThread(path) {
  /** @type {Promise<{ publications: PublicationEntry[] } | { problems: string[] }>} */
  const validating = new Promise((resolve, reject) => {
    const worker = new Worker(new URL("./validate-worker.mjs", import.meta.url), {
      workerData: { path },
    });
    worker.once(
      "message",
      /** @param {{ json: string; publications: PublicationEntry[] } | { problems: string[] }} reply */
      (reply) => {
        if ("problems" in reply) return resolve(reply);
        validatedFiles().set(path, reply);
        resolve({ publications: reply.publications });
      },
    );
    worker.once("error", reject);
    worker.once("exit", (code) =>
      reject(new Error(`the publications file's thread ended (${code})`)),
    );
  });
  validationInThread().settled = validating.then(
    () => undefined,
    () => undefined,
  );
  return validating;
}
