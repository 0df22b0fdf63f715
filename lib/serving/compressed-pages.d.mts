import type { IncomingMessage, ServerResponse } from "node:http";

export const MIN_CHARS: number;
export const BUDGET_BYTES: number;

export class CompressedPages {
  constructor(budgetBytes?: number);
  reused: number;
  compressed: number;
  gzipOf(text: string): Buffer;
}

export function compressResponse(
  req: IncomingMessage,
  res: ServerResponse,
  middleware: (req: IncomingMessage, res: ServerResponse, next: () => void) => void,
  pages: CompressedPages,
): void;
