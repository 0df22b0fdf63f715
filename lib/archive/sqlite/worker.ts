import { parentPort, workerData } from "node:worker_threads";
import { SqliteDatabase } from "./database.ts";

/**
 * One of the embedded archive's worker threads (client.ts starts them): it owns a connection
 * to the file and answers the server's messages one at a time, so a query, a flush or a prune
 * runs here and never on the thread that serves pages. The writer's connection migrates and
 * writes; a reader's is read-only.
 *
 * The server runs the worker chunk Turbopack builds of it; Jest and the scripts run this file
 * as it is (Node strips its types): what it imports is named with its extension and holds only
 * erasable TypeScript (docs/archive.md).
 */

export interface WorkerSetup {
  file: string;
  role: "writer" | "reader";
  /** STORY_WINDOW_HOURS, in ms (the writer groups stories). */
  storyWindowMs: number;
}

export interface Call {
  id: number;
  method: string;
  args: unknown[];
}

export type Reply =
  | { id: number; value: unknown }
  | { id: number; error: { name: string; message: string } }
  | { ready: true };

const { file, role, storyWindowMs } = workerData as WorkerSetup;
const database = new SqliteDatabase(file, { readOnly: role === "reader", storyWindowMs });
const port = parentPort!;
// Its connection is open: calls are answered from now on.
port.postMessage({ ready: true } satisfies Reply);

port.on("message", async ({ id, method, args }: Call) => {
  let reply: Reply;
  try {
    const work = (database as unknown as Record<string, (...args: unknown[]) => unknown>)[method];
    if (typeof work !== "function") throw new Error(`archive: no method ${method}`);
    reply = { id, value: await work.apply(database, args) };
  } catch (error) {
    reply = {
      id,
      error:
        error instanceof Error
          ? { name: error.name, message: error.message }
          : { name: "Error", message: String(error) },
    };
  }
  port.postMessage(reply);
});
