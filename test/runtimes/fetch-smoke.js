// Real requests, sent with each runtime's own fetch to the loopback server that run.js starts
// (its /echo answers with what it received, its /pages are three pages linked by `Link`).
// Plain JavaScript with no imports, like smoke.js, so it runs in every runtime of the matrix.

/**
 * @param {{ endpoint: Function, toFetchArgs: Function, paginate: Function }} lib
 * @param {string} base the server's origin, e.g. "http://127.0.0.1:8080"
 * @returns {Promise<{ passed: number, failed: string[] }>}
 */
export async function runFetchSmoke(lib, base) {
  const { endpoint, toFetchArgs, paginate } = lib;
  const api = endpoint.defaults({ baseUrl: base });
  /** What the server received for `options`, sent with this runtime's fetch. */
  const echo = async (options) => {
    const response = await fetch(...toFetchArgs(options));
    return response.json();
  };

  /** [name, actual (computed when run), expected] */
  const cases = [
    [
      "GET with path and query parameters",
      async () => {
        const got = await echo(api("GET /echo/{id}", { id: "a b/c", q: "x&y=z", list: [1, 2] }));
        return [got.method, got.url, got.headers.accept, got.body];
      },
      ["GET", "/echo/a%20b%2Fc?q=x%26y%3Dz&list=1,2", "application/vnd.github.v3+json", ""],
    ],
    [
      "POST with a JSON body",
      async () => {
        const got = await echo(api("POST /echo", { title: "é", labels: ["bug"] }));
        return [got.method, got.headers["content-type"], got.body];
      },
      ["POST", "application/json; charset=utf-8", '{"title":"é","labels":["bug"]}'],
    ],
    [
      "bytes as data",
      async () => {
        const got = await echo(
          api("PUT /echo", { data: new Uint8Array([104, 105]), headers: { "content-type": "text/plain" } }),
        );
        return [got.method, got.headers["content-type"], got.body];
      },
      ["PUT", "text/plain", "hi"],
    ],
    [
      "a FormData as data",
      async () => {
        const form = new FormData();
        form.append("field", "value");
        const got = await echo(api("POST /echo", { data: form }));
        return [
          got.headers["content-type"].startsWith("multipart/form-data; boundary="),
          got.body.includes('name="field"') && got.body.includes("value"),
        ];
      },
      [true, true],
    ],
    [
      "a URLSearchParams as data",
      async () => {
        const got = await echo(api("POST /echo", { data: new URLSearchParams({ a: "1", b: "x y" }) }));
        return [got.headers["content-type"], got.body];
      },
      ["application/x-www-form-urlencoded;charset=UTF-8", "a=1&b=x+y"],
    ],
    [
      "a signal forwarded from request options",
      async () => {
        const controller = new AbortController();
        controller.abort();
        try {
          await echo(api("GET /echo", { request: { signal: controller.signal } }));
          return "sent";
        } catch (error) {
          return error.name;
        }
      },
      "AbortError",
    ],
    [
      "paginate follows Link headers",
      async () => {
        const items = [];
        for await (const response of paginate(api("GET /pages", { per_page: 2 }))) {
          items.push(...(await response.json()));
        }
        return items;
      },
      ["page 1", "page 2", "page 3"],
    ],
  ];

  let passed = 0;
  const failed = [];
  for (const [name, actual, expected] of cases) {
    let value;
    try {
      value = await actual();
    } catch (error) {
      value = `threw ${error}`;
    }
    if (JSON.stringify(value) === JSON.stringify(expected)) passed++;
    else failed.push(`${name}: got ${JSON.stringify(value)}, want ${JSON.stringify(expected)}`);
  }
  return { passed, failed };
}

/** How many cases runFetchSmoke has, for the runner's expected count. */
export const FETCH_CASES = 7;
