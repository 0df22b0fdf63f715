// @ts-check
/**
 * A thread that validates the publications file (validate-in-thread.mjs): it posts the file's
 * text and publications, or the mistakes found. Anything else thrown ends the thread with it.
 */
import { parentPort, workerData } from "node:worker_threads";
import { PublicationsFileError, validateFile } from "./publications-file.mjs";

try {
  parentPort?.postMessage(validateFile(workerData.path));
} catch (error) {
  if (!(error instanceof PublicationsFileError)) throw error;
  parentPort?.postMessage({ problems: error.problems });
}
