import type { IncomingMessage, ServerResponse } from "node:http";
/** Answers /echo with what it received, /pages with three linked pages, anything else from `files`. */
export declare function serve(
  files: Record<string, [contentType: string, text: string]>,
  request: IncomingMessage,
  response: ServerResponse,
): void;
