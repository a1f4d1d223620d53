// Bodies that say what they are themselves go out as they are: no JSON content-type is added,
// fetch labels them (a form's boundary, a blob's type), and the other adapters write what
// they can as bytes and refuse the rest.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FETCH_INIT_FIELDS, toCurl, toFetchArgs } from "../../src/adapters/index.js";
import { endpoint, enterpriseServer } from "../../src/index.js";
import { bytesOf, expectEndpointError, fetchInit } from "../helpers.js";

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

describe("toFetchArgs(options, init, settings)", () => {
  it("forwards the fetch init fields of request, and nothing else of it", () => {
    const controller = new AbortController();
    const request = {
      signal: controller.signal,
      redirect: "manual",
      cache: "no-store",
      credentials: "omit",
      keepalive: true,
      timeout: 5,
      fetch: () => {},
    };
    const [, init] = toFetchArgs(endpoint("GET /x", { request }));
    expect(init).toStrictEqual(
      fetchInit({
        method: "GET",
        headers: {
          accept: "application/vnd.github.v3+json",
          "user-agent": expect.stringMatching(/^rest-endpoint\//),
        },
        signal: controller.signal,
        redirect: "manual",
        cache: "no-store",
        credentials: "omit",
        keepalive: true,
      }),
    );
    expect(FETCH_INIT_FIELDS).toContain("signal");
    expect(FETCH_INIT_FIELDS).not.toContain("timeout");
  });

  it("the caller's init wins over what the options give", () => {
    const [, init] = toFetchArgs(endpoint("POST /x", { a: 1, request: { redirect: "manual" } }), {
      redirect: "error",
      headers: { "x-only": "1" },
    });
    expect(init.redirect).toBe("error");
    expect(init.headers).toStrictEqual({ "x-only": "1" });
    expect(init.body).toBeDefined();
  });

  it("a polluted Object.prototype adds no init field", () => {
    Object.defineProperty(Object.prototype, "signal", {
      value: "polluted",
      configurable: true,
      writable: true,
    });
    try {
      const [, init] = toFetchArgs(endpoint("GET /x", { request: {} }));
      // Its own default, which fetch finds before any prototype.
      expect(Object.getOwnPropertyDescriptor(init, "signal")?.value).toBe(null);
    } finally {
      delete (Object.prototype as { signal?: unknown }).signal;
    }
  });

  it("in a browser (its navigator says Mozilla) user-agent is left out unless kept", () => {
    const descriptor = Object.getOwnPropertyDescriptor(globalThis, "navigator");
    Object.defineProperty(globalThis, "navigator", {
      value: { userAgent: "Mozilla/5.0 (X11; Linux x86_64) Chrome/156" },
      configurable: true,
    });
    try {
      const options = endpoint("GET /x");
      expect(Object.keys(toFetchArgs(options)[1].headers)).toStrictEqual(["accept"]);
      expect(Object.keys(toFetchArgs(options, undefined, { keepUserAgent: true })[1].headers)).toStrictEqual([
        "accept",
        "user-agent",
      ]);
    } finally {
      if (descriptor === undefined) delete (globalThis as { navigator?: unknown }).navigator;
      else Object.defineProperty(globalThis, "navigator", descriptor);
    }
    // Node, Deno and Bun are not browsers: the header stays.
    expect(Object.keys(toFetchArgs(endpoint("GET /x"))[1].headers)).toContain("user-agent");
  });
});

describe("enterpriseServer(host)", () => {
  it.each([
    ["github.example.com", "https://github.example.com/api/v3", "https://github.example.com/api/uploads"],
    ["ghe.corp:8443", "https://ghe.corp:8443/api/v3", "https://ghe.corp:8443/api/uploads"],
    ["10.0.0.5", "https://10.0.0.5/api/v3", "https://10.0.0.5/api/uploads"],
  ])("%s", (host, baseUrl, uploadsUrl) => {
    const server = enterpriseServer(host);
    expect(server.baseUrl).toBe(baseUrl);
    expect(server.uploadsUrl).toBe(uploadsUrl);
    // Only baseUrl is an option: given to defaults as it is, uploadsUrl is no parameter.
    expect(Object.keys(server)).toStrictEqual(["baseUrl"]);
    // A route of GitHub's takes only its parameters when typed: this one is read as a string.
    const route: string = "GET /user";
    expect(endpoint.defaults(server)(route, { a: 1 }).url).toBe(`${baseUrl}/user?a=1`);
  });

  it.each([
    "https://github.example.com",
    "github.example.com/api",
    "user@github.example.com",
    "github example.com",
    "github.example.com\r\nx",
    "-bad.example",
    "bad-.example",
    "a..b",
    "host:0",
    "host:65536",
    "host:",
    "",
    "é.example",
    "[::1]",
  ])("%j is invalid_base_url", (host) => {
    expectEndpointError(() => enterpriseServer(host), "invalid_base_url");
  });
});
