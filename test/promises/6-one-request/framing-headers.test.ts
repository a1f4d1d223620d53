// Promise 6, one request: a framing header of the options' own (`content-length: 0` before a
// body) would make the body a second request. toCurl refuses exactly what toHttpMessage
// refuses, from the one list (src/adapters/framing-headers.ts).
import { describe, expect, it } from "vitest";
import { toCurl } from "../../../src/adapters/to-curl.js";
import { toHttpMessage } from "../../../src/adapters/to-http-message.js";
import { EndpointError, type RequestOptions } from "../../../src/index.js";
import { expectEndpointError } from "../../helpers.js";

/** Every framing header, in the cases a caller may write it, with the values that smuggle. */
const REFUSED: readonly (readonly [string, string])[] = [
  ["content-length", "0"],
  ["Content-Length", "0"],
  ["CONTENT-LENGTH", "5"],
  ["transfer-encoding", "chunked"],
  ["Transfer-Encoding", "chunked"],
  ["TRANSFER-encoding", "gzip, chunked"],
  ["host", "evil.example"],
  ["Host", "evil.example"],
  ["HOST", "127.0.0.1"],
  ["connection", "content-length"],
  ["Connection", "close, Host"],
  ["CONNECTION", "Transfer-Encoding"],
];

const ADAPTERS = [
  ["toHttpMessage", toHttpMessage],
  ["toCurl", toCurl],
] as const;

const CASES = REFUSED.flatMap(([name, value]) =>
  [undefined, "GET\r\n\r\nsmuggled", new Uint8Array([71, 69, 84])].flatMap((body) =>
    ADAPTERS.map(([adapter, write]) => ({ adapter, write, name, value, body })),
  ),
);

describe("toCurl refuses the framing headers toHttpMessage refuses", () => {
  it.each(CASES)("$adapter refuses $name: $value", ({ adapter, write, name, value, body }) => {
    const options: RequestOptions = {
      method: body === undefined ? "get" : "post",
      url: "http://127.0.0.1:1/cl",
      headers: { accept: "*/*", [name]: value },
      ...(body === undefined ? {} : { body }),
    };
    const error = expectEndpointError(() => write(options), "invalid_header", new RegExp(adapter));
    // The same refusal from both: the same code, the same header named.
    const other = (() => {
      try {
        (adapter === "toCurl" ? toHttpMessage : toCurl)(options);
      } catch (caught) {
        return caught;
      }
      return undefined;
    })();
    expect(other).toBeInstanceOf(EndpointError);
    expect((other as EndpointError).code).toBe(error.code);
    if (__DEV__) expect(error.message).toContain(JSON.stringify(name));
  });

  it.each(["close", "keep-alive", "Upgrade", "close, x-content-length"])(
    "both write a connection header that names no framing header (%s)",
    (value) => {
      const options: RequestOptions = {
        method: "get",
        url: "http://h.example/x",
        headers: { connection: value },
      };
      expect(toCurl(options)).toContain(`-H 'connection: ${value}'`);
      expect(new TextDecoder().decode(toHttpMessage(options))).toContain(`connection: ${value}\r\n`);
    },
  );
});
