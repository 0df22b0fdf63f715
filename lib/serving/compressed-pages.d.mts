import type { IncomingMessage, ServerResponse } from "node:http";

export class CompressedPages {
  constructor(budgetBytes?: number, plainBudgetBytes?: number);
  reused: number;
  compressed: number;
  plainReused: number;
  readonly plain: { readonly size: number };
  gzipOf(text: string): Buffer;
  bytesOf(text: string): Buffer;
}

export function compressResponse(
  req: IncomingMessage,
  res: ServerResponse,
  middleware: (req: IncomingMessage, res: ServerResponse, next: () => void) => void,
  pages: CompressedPages,
): void;
