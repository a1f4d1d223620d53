// toFetchArgs' init: the fetch init fields of `request` forwarded and nothing else, the
// caller's init over the options', and the user-agent left to a browser.
import { describe, expect, it } from "vitest";
import { FETCH_INIT_FIELDS, toFetchArgs } from "../../src/adapters/index.js";
import { endpoint } from "../../src/index.js";
import { fetchInit } from "../helpers.js";

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
