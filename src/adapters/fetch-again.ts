import { sentAgain } from "../shared/http.js";

/**
 * The codes of a connection the server closed as the request went out on it: a kept-alive
 * connection it timed out (Node's servers after 5 s idle) while the caller held the next
 * request back (reading a page, `--jq`, a slow terminal).
 */
const DROPPED = new Set(["UND_ERR_SOCKET", "ECONNRESET", "EPIPE"]);

/**
 * `send(url, init)`, asked once more when a GET or HEAD went out on a kept-alive connection the
 * server had just closed: they change nothing on the server and carry no body, and a browser
 * asks again the same way. Any other method, and any other failure, fails at once.
 *
 * @example
 * ```ts
 * const response = await fetchAgainIfDropped(fetch, "https://api.github.com/zen", { method: "GET" });
 * ```
 */
export async function fetchAgainIfDropped<Init extends { readonly method: string }, Answer>(
  send: (url: string, init: Init) => Promise<Answer>,
  url: string,
  init: Init,
): Promise<Answer> {
  try {
    return await send(url, init);
  } catch (error) {
    if (!sentAgain(init.method) || !DROPPED.has(failureCode(error))) throw error;
    return send(url, init);
  }
}

/**
 * What fetch says went wrong: the network's code (ECONNREFUSED) when it gives one, else its
 * message, else the thrown value as text; `""` for a value that cannot be read as text.
 */
export function failureCode(error: unknown): string {
  try {
    const cause = (error as { cause?: { code?: unknown; message?: unknown } } | null | undefined)?.cause;
    return String(cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : error));
  } catch {
    // a getter of the caller's fetch's error that throws, or a value with no text
    return "";
  }
}
