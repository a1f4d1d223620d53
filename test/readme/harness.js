// Loaded before each README block (`node --import`): the `__readme` checks the instrumented
// block calls (test/readme/blocks.ts), and, when READMETEST_ORIGIN is set, a `fetch` that
// sends every request to that loopback server instead of the url's origin, which it passes on
// in an `x-readme-origin` header. At exit it prints how many checks held.
import assert from "node:assert/strict";

const ANY = Symbol("any value");
let held = 0;

/** `actual` with every place `expected` holds ANY replaced by ANY, for deepStrictEqual. */
function masked(actual, expected) {
  if (expected === ANY) return ANY;
  if (Array.isArray(expected) && Array.isArray(actual))
    return actual.map((item, i) => masked(item, expected[i]));
  if (
    typeof expected === "object" &&
    expected !== null &&
    typeof actual === "object" &&
    actual !== null &&
    Object.getPrototypeOf(actual) === Object.prototype
  ) {
    const copy = {};
    for (const [key, value] of Object.entries(actual)) copy[key] = masked(value, expected[key]);
    return copy;
  }
  return actual;
}

globalThis.__readme = {
  ANY,
  check(actual, expected, where) {
    assert.deepStrictEqual(masked(actual, expected), expected, `${where}: not the documented value`);
    held++;
  },
  throws(run, name, code, message, where) {
    let thrown;
    try {
      run();
    } catch (error) {
      thrown = error;
    }
    assert.ok(thrown !== undefined, `${where}: documented to throw, did not`);
    assert.equal(thrown.name, name, `${where}: the error's name`);
    assert.equal(thrown.code, code, `${where}: the error's code`);
    if (message !== null) assert.equal(thrown.message, message, `${where}: the error's message`);
    held++;
  },
};

const origin = process.env.READMETEST_ORIGIN;
if (origin) {
  const send = globalThis.fetch;
  globalThis.fetch = (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const headers = new Headers(request.headers);
    headers.set("x-readme-origin", url.origin);
    return send(new URL(url.pathname + url.search, origin), {
      method: request.method,
      headers,
      body: request.body,
      duplex: "half",
      redirect: "manual",
      signal: request.signal,
    });
  };
}

process.on("exit", (status) => {
  if (status === 0) process.stdout.write(`\n@@readme-checks ${held}\n`);
});
