import type { IncomingMessage, ServerResponse } from "node:http";

export declare const PHOTO_PATH: RegExp;
export declare function makePhoto(
  id: string,
  n: number,
  kind: "wire" | "original",
): Promise<Buffer>;
/** The JPEG bytes for a stand-in photo path; null when the path names no photo. */
export declare function photoBytes(path: string): Promise<Buffer> | null;
export declare const photoRoutes: [
  string,
  RegExp,
  (req: IncomingMessage, res: ServerResponse, context: unknown) => Promise<void>,
][];
