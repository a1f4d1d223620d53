// Bodies that say what they are themselves go out as they are: no JSON content-type is added,
// fetch labels them (a form's boundary, a blob's type), and the other adapters write what
// they can as bytes and refuse the rest. What is such a body is told by what it is (the
// runtime's brand checks, src/bodies/raw-body-kind.ts), never by `instanceof`.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import vm from "node:vm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toCurl, toFetchArgs } from "../../src/adapters/index.js";
import { toHttpMessage } from "../../src/adapters/to-http-message.js";
import { endpoint } from "../../src/index.js";
import { bytesOf, expectEndpointError } from "../helpers.js";

const form = (): FormData => {
  const data = new FormData();
  data.append("a", "1");
  data.append("file", new Blob(["x"], { type: "text/x" }), "x.txt");
  return data;
};

const RAW: [string, () => unknown, RegExp | null, "bytes" | "text" | "refused"][] = [
  ["FormData", form, /^multipart\/form-data; boundary=/, "refused"],
  ["Blob", () => new Blob(["x"], { type: "text/x" }), /^text\/x$/, "refused"],
  ["File", () => new File(["y"], "f.txt", { type: "text/plain" }), /^text\/plain$/, "refused"],
  ["URLSearchParams", () => new URLSearchParams({ a: "1 2" }), /^application\/x-www-form-urlencoded/, "text"],
  ["ArrayBuffer", () => new Uint8Array([1, 2]).buffer, null, "bytes"],
  ["Uint8Array", () => new Uint8Array([1, 2]), null, "bytes"],
  ["Int16Array", () => new Int16Array([1]), null, "bytes"],
  ["DataView", () => new DataView(new Uint8Array([1, 2]).buffer), null, "bytes"],
  ["ReadableStream", () => new ReadableStream(), null, "refused"],
];

describe("data of a type that says what it is", () => {
  it.each(RAW)(
    "%s: passed through, no JSON content-type; fetch labels it",
    (_name, make, fetchType, curl) => {
      const data = make();
      const options = endpoint("POST /upload", { data });
      expect(options.body).toBe(data);
      expect(options.headers["content-type"]).toBeUndefined();
      const [url, init] = toFetchArgs(options);
      // Bytes go as a view of the same memory, a search form as its text; the rest as it is.
      if (curl === "bytes") expect(bytesOf(init.body)).toStrictEqual(bytesOf(data));
      else if (curl === "text") expect(init.body).toBe(String(data));
      else expect(init.body).toBe(data);
      const request = new Request(url, init as RequestInit);
      const type = request.headers.get("content-type");
      if (fetchType === null) expect(type).toBeNull();
      else expect(type).toMatch(fetchType);
      if (curl === "refused") expectEndpointError(() => toCurl(options), "invalid_options");
      else expect(toCurl(options)).toContain("--data-binary @-");
    },
  );

  it("toCurl and the raw message label a form as fetch does", () => {
    const options = endpoint("POST /x", { data: new URLSearchParams({ a: "1" }) });
    expect(toCurl(options)).toContain("-H 'content-type: application/x-www-form-urlencoded;charset=UTF-8'");
    const given = endpoint("POST /x", {
      data: new URLSearchParams({ a: "1" }),
      headers: { "content-type": "text/x" },
    });
    expect(toCurl(given)).toContain("-H 'content-type: text/x'");
    expect(toCurl(given)).not.toContain("urlencoded");
  });

  it("a content-type given for them is kept; plain objects and strings are still labelled JSON", () => {
    expect(
      endpoint("POST /x", { data: new Uint8Array([1]), headers: { "content-type": "application/zip" } })
        .headers["content-type"],
    ).toBe("application/zip");
    expect(endpoint("POST /x", { data: { a: 1 } }).headers["content-type"]).toBe(
      "application/json; charset=utf-8",
    );
    expect(endpoint("POST /x", { data: "text" }).headers["content-type"]).toBe(
      "application/json; charset=utf-8",
    );
  });

  describe("fetch sends them as described, to a loopback server", () => {
    let server: Server;
    let origin = "";
    const received: { type: string | undefined; body: Buffer }[] = [];
    beforeAll(async () => {
      server = createServer((request, response) => {
        const chunks: Buffer[] = [];
        request.on("data", (chunk: Buffer) => chunks.push(chunk));
        request.on("end", () => {
          received.push({ type: request.headers["content-type"], body: Buffer.concat(chunks) });
          response.end();
        });
      });
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      await new Promise((resolve) => server.close(resolve));
    });

    it("a form with a file: one multipart body whose boundary is the header's", async () => {
      const [url, init] = toFetchArgs(endpoint("POST /upload", { baseUrl: origin, data: form() }));
      await (await fetch(url, init as RequestInit)).arrayBuffer();
      const { type, body } = received.at(-1) as { type: string; body: Buffer };
      const boundary = /boundary=(.+)$/.exec(type)?.[1] as string;
      expect(body.toString()).toContain(
        `--${boundary}\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n`,
      );
      expect(body.toString()).toContain('filename="x.txt"\r\nContent-Type: text/x\r\n\r\nx\r\n');
    });

    it("a stream: sent with duplex half", async () => {
      const stream = new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode("streamed"));
          controller.close();
        },
      });
      const [url, init] = toFetchArgs(endpoint("POST /upload", { baseUrl: origin, data: stream }));
      await (await fetch(url, init as RequestInit)).arrayBuffer();
      expect(received.at(-1)?.body.toString()).toBe("streamed");
    });
  });
});

describe("bodies are told apart by what they are, not by instanceof", () => {
  const otherRealm = vm.runInNewContext(
    "({ buffer: new ArrayBuffer(3), bytes: new Uint8Array([1, 2]) })",
  ) as {
    buffer: ArrayBuffer;
    bytes: Uint8Array;
  };
  it.each<[string, unknown, number[]]>([
    ["an ArrayBuffer of another realm", otherRealm.buffer, [0, 0, 0]],
    ["a Uint8Array of another realm", otherRealm.bytes, [1, 2]],
    ["a SharedArrayBuffer", new SharedArrayBuffer(2), [0, 0]],
  ])("%s is bytes: no JSON content-type, sent as the same bytes", (_, data, bytes) => {
    const options = endpoint("POST /x", { data });
    expect(options.headers["content-type"]).toBeUndefined();
    const [, init] = toFetchArgs(options);
    const body = init.body as ArrayBuffer | ArrayBufferView;
    const view = ArrayBuffer.isView(body)
      ? new Uint8Array(body.buffer, body.byteOffset, body.byteLength)
      : new Uint8Array(body);
    expect([...view]).toStrictEqual(bytes);
    expect([...toHttpMessage(options).slice(-bytes.length - 4)]).toStrictEqual([13, 10, 13, 10, ...bytes]);
  });

  it.each<[string, unknown]>([
    ["Blob", Object.create(Blob.prototype)],
    ["File", Object.create(File.prototype)],
    ["FormData", Object.create(FormData.prototype)],
    ["URLSearchParams", Object.create(URLSearchParams.prototype)],
    ["ReadableStream", Object.create(ReadableStream.prototype)],
    ["ArrayBuffer", Object.create(ArrayBuffer.prototype)],
  ])("an object that only has the prototype of %s is no such body: it is written as JSON", (_, data) => {
    const options = endpoint("POST /x", { data });
    expect(options.headers["content-type"]).toBe("application/json; charset=utf-8");
    const [, init] = toFetchArgs(options);
    expect(init.body).toBe("{}");
    expect(init.headers["content-type"]).toBe("application/json; charset=utf-8");
  });
});
