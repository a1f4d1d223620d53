// gh api and HTTPie habits as a table: each row is the argv a user of those tools types and
// the request the loopback server of habits.test.ts receives (method, target, body, chosen
// headers), or, for input that is refused, the error line (exit 2, nothing sent). The built
// executable runs each row with `--send`, and `--base-url` the server's origin unless the row
// names `--operations`, whose description (PETS_FILE) lists that origin as its server.

/** The request the server receives: a JSON body, or `form`, the body's text; none when neither. */
export interface Sent {
  readonly method: string;
  readonly target: string;
  readonly body?: unknown;
  readonly text?: string;
  /** Header values as the server reads them; `undefined` for a header that must be absent. */
  readonly headers?: Readonly<Record<string, string | undefined>>;
}

/** Bad input: one line on stderr matching `refused`, exit 2, and nothing sent. */
export interface Refused {
  readonly refused: RegExp;
}

/**
 * A row: its name, the argv, what happens, and standard input (default `{"from":"stdin"}` when
 * the argv reads it, `--input -` or `@-`, else an empty input: a piped one not read is refused).
 */
export type Habit = [name: string, argv: string[], expected: Sent | Refused, stdin?: string];

/** The argv word that stands for the description file of PETS. */
export const PETS_FILE = "<pets.json>";

/** A description of typed parameters and body fields, served from `origin`. */
export function petsDescription(origin: string): object {
  return {
    openapi: "3.0.3",
    info: { title: "Pets", version: "1" },
    servers: [{ url: origin }],
    paths: {
      "/pets": {
        get: {
          parameters: [
            { name: "limit", in: "query", schema: { type: "integer" } },
            { name: "status", in: "query", schema: { $ref: "#/components/schemas/Status" } },
            { name: "tags", in: "query", schema: { type: "array", items: { type: "string" } } },
            { name: "ids", in: "query", schema: { type: "array", items: { type: "integer" } } },
          ],
          responses: { "200": { description: "ok" } },
        },
        post: {
          requestBody: {
            content: { "application/json": { schema: { $ref: "#/components/schemas/Pet" } } },
          },
          responses: { "201": { description: "made" } },
        },
      },
      "/pets/mine": { get: { responses: { "200": { description: "ok" } } } },
      "/pets/{id}": {
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "integer" } }],
        get: { responses: { "200": { description: "ok" } } },
        patch: {
          requestBody: {
            content: {
              "application/x-www-form-urlencoded": {
                schema: { type: "object", properties: { weight: { type: "number" } } },
              },
            },
          },
          responses: { "200": { description: "ok" } },
        },
      },
      "/owners/{name}": {
        get: {
          parameters: [{ name: "name", in: "path", required: true, schema: { type: "string" } }],
          responses: { "200": { description: "ok" } },
        },
      },
    },
    components: {
      schemas: {
        Status: { type: "string", enum: ["available", "sold"] },
        Pet: {
          allOf: [
            { type: "object", properties: { name: { type: "string" } } },
            {
              properties: {
                age: { type: "integer" },
                weight: { type: "number" },
                vaccinated: { type: "boolean" },
                tags: { type: "array", items: { type: "string" } },
                owner: { type: "object", properties: { age: { type: "integer" } } },
                zip: { type: "string" },
                chip: { type: "integer", nullable: true },
                big: { type: ["integer", "string"] },
              },
            },
          ],
        },
      },
    },
  };
}

const PETS = ["--operations", PETS_FILE];

export const HABITS: Habit[] = [
  [
    "gh: -X and -f fields",
    ["-X", "PATCH", "/repos/o/r", "-f", "name=x", "-f", "private=true"],
    { method: "PATCH", target: "/repos/o/r", body: { name: "x", private: "true" } },
  ],
  [
    "gh: -XPOST attached, --method=PUT",
    ["/a", "-XPOST", "-f", "a=1"],
    { method: "POST", target: "/a", body: { a: "1" } },
  ],
  [
    "gh: -F typed fields",
    ["/a", "-F", "n=3", "-F", "ok=false", "-F", "none=null", "-F", "s=x y"],
    { method: "POST", target: "/a", body: { n: 3, ok: false, none: null, s: "x y" } },
  ],
  [
    "gh: fields without -X mean POST",
    ["/repos/o/r/issues", "-f", "title=Bug"],
    { method: "POST", target: "/repos/o/r/issues", body: { title: "Bug" } },
  ],
  [
    "gh: -X GET sends fields as the query",
    ["-X", "GET", "/search/issues", "-f", "q=is:open"],
    { method: "GET", target: "/search/issues?q=is%3Aopen" },
  ],
  [
    "gh: nested -f keys",
    ["/a", "-f", "labels[]=bug", "-f", "labels[]=docs", "-f", "user[name]=m"],
    { method: "POST", target: "/a", body: { labels: ["bug", "docs"], user: { name: "m" } } },
  ],
  [
    "gh: -F 'key[]' without a value sends an empty list",
    ["/a", "-F", "labels[]", "-f", "title=x"],
    { method: "POST", target: "/a", body: { labels: [], title: "x" } },
  ],
  [
    "gh: -F 'list[][key]=v' adds to the last object of the list while that key is not in it",
    [
      "/a",
      "-F",
      "properties[][property_name]=environment",
      "-F",
      "properties[][default_value]=production",
      "-F",
      "properties[][property_name]=team",
      "-f",
      "properties[][default_value]=core",
    ],
    {
      method: "POST",
      target: "/a",
      body: {
        properties: [
          { property_name: "environment", default_value: "production" },
          { property_name: "team", default_value: "core" },
        ],
      },
    },
  ],
  [
    "HTTPie: 'list[][key]=v' items start a new element each",
    ["/a", "properties[][name]=a", "properties[][value]=b"],
    { method: "POST", target: "/a", body: { properties: [{ name: "a" }, { value: "b" }] } },
  ],
  [
    "HTTPie 3: top-level '[]:=' items are refused, naming --data with the list",
    ["POST", "/a", "[]:=1", "[]:=2"],
    { refused: /: Cannot read the item "\[\]:=1": .*a body that is a list is sent as --data '\[1,2\]'/ },
  ],
  [
    "HTTPie's -f (--form) before the method: a hint that -f is gh's raw field here",
    ["-f", "POST", "/a", "a=b"],
    {
      refused:
        /: --raw-field takes key=value, got "POST": -f is gh's raw field here; HTTPie's --form is not supported: send a form as --data 'a=b' Content-Type:application\/x-www-form-urlencoded\.\n$/,
    },
  ],
  [
    "HTTPie's --offline: printing without sending is the default",
    ["/a", "--offline"],
    {
      refused:
        /Unknown option "--offline"; here, leave it out: without --send the request is printed, not sent/,
    },
  ],
  [
    "HTTPie's --follow: redirects are followed already",
    ["/a", "--follow"],
    { refused: /Unknown option "--follow"; here, leave it out: --send follows redirects/ },
  ],
  [
    "HTTPie's --check-status: a status of 400 or more exits 1 already",
    ["/a", "--check-status"],
    {
      refused:
        /Unknown option "--check-status"; here, leave it out: a status of 400 or more exits with status 1/,
    },
  ],
  [
    "gh: -H 'Name: value'",
    ["/a", "-H", "X-Trace: abc", "-H", "Accept: application/json"],
    { method: "GET", target: "/a", headers: { "x-trace": "abc", accept: "application/json" } },
  ],
  [
    "gh: --input - reads the body from standard input",
    ["-X", "PUT", "/a", "--input", "-"],
    { method: "PUT", target: "/a", body: { from: "stdin" } },
  ],
  [
    "gh: a path placeholder is no body field",
    ["/repos/{owner}/{repo}", "-f", "owner=o", "-f", "repo=r"],
    { method: "GET", target: "/repos/o/r" },
  ],
  [
    "HTTPie: body items without a method mean POST",
    ["/repos/o/r/issues", "title=x", "n:=1"],
    { method: "POST", target: "/repos/o/r/issues", body: { title: "x", n: 1 } },
  ],
  ["HTTPie: query items alone keep GET", ["/search", "q==x"], { method: "GET", target: "/search?q=x" }],
  [
    "HTTPie: nested JSON keys",
    ["/a", "user[name]=x", "tags[]=a", "tags[]=b", "pos[0]:=1", "deep[a][b]=c"],
    {
      method: "POST",
      target: "/a",
      body: { user: { name: "x" }, tags: ["a", "b"], pos: [1], deep: { a: { b: "c" } } },
    },
  ],
  [
    "gh: -F integers a JS number carries exactly are numbers; larger ones, and leading zeros, stay text",
    [
      "/a",
      "-F",
      "big=12345678901234567890",
      "-F",
      "over=9007199254740993",
      "-F",
      "max=9007199254740991",
      "-F",
      "zip=007",
    ],
    {
      method: "POST",
      target: "/a",
      body: { big: "12345678901234567890", over: "9007199254740993", max: 9007199254740991, zip: "007" },
    },
  ],
  [
    "gh: -X GET with -f 'a[]=1' -f 'a[]=2' sends a[]=1&a[]=2; nested keys as written",
    ["-X", "GET", "/search", "-f", "a[]=1", "-f", "a[]=2", "-F", "user[age]=3", "-f", "q=x"],
    { method: "GET", target: "/search?q=x&a%5B%5D=1&a%5B%5D=2&user%5Bage%5D=3" },
  ],
  [
    "on a GET, a plain item beside name[]= goes to the query too, each as written",
    ["GET", "/a", "a=1", "a[]=2", "b=3"],
    { method: "GET", target: "/a?b=3&a=1&a%5B%5D=2" },
  ],
  [
    "gh: --input with fields sends the fields in the query, a path placeholder in the path",
    [
      "-X",
      "PUT",
      "/repos/{owner}/r",
      "--input",
      "-",
      "-f",
      "owner=o",
      "-f",
      "a=1",
      "-F",
      "n=2",
      "-F",
      "none=null",
    ],
    { method: "PUT", target: "/repos/o/r?a=1&n=2&none=", body: { from: "stdin" } },
  ],
  [
    "HTTPie: an item beside a body is refused, with the forms that work",
    ["POST", "/a", "--input", "-", "title=x"],
    {
      refused:
        /: The item title=\.\.\. beside a --data or --input body would be lost: send it as the query item title==\.\.\., as -f title=\.\.\. \(gh's way\), or inside the body\.\n$/,
    },
  ],
  [
    "gh and HTTPie: a header given twice is sent with both values, cookies joined as cookies",
    ["/a", "-H", "X-Tag: a", "-H", "x-tag: b", "X-Tag:c", "Cookie:a=1", "Cookie:b=2"],
    { method: "GET", target: "/a", headers: { "x-tag": "a, b, c", cookie: "a=1; b=2" } },
  ],
  [
    "curl and HTTPie: -X OPTIONS sends it, its items in the query as a GET's",
    ["-X", "OPTIONS", "/a", "name=x", "n:=2"],
    { method: "OPTIONS", target: "/a?name=x&n=2", headers: { "content-type": undefined } },
  ],
  [
    "an OPTIONS route sends a body read from standard input, its query items beside it",
    ["OPTIONS", "/a", "q==1", "--input", "-"],
    { method: "OPTIONS", target: "/a?q=1", body: { from: "stdin" } },
  ],
  [
    "gh: on an OPTIONS, a bracketed -f name goes to the query as written",
    ["-X", "options", "/a", "-f", "a[]=1", "-f", "a[]=2"],
    { method: "OPTIONS", target: "/a?a%5B%5D=1&a%5B%5D=2" },
  ],
  [
    "an item beside an OPTIONS body is refused, as beside any body",
    ["OPTIONS", "/a", "--input", "-", "title=x"],
    { refused: /: The item title=\.\.\. beside a --data or --input body would be lost/ },
  ],
  [
    "-X TRACE is refused, listing the methods sent",
    ["-X", "TRACE", "/a"],
    {
      refused:
        /: Unsupported method "TRACE" in route "TRACE \/a": use one of GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE\.\n$/,
    },
  ],
  [
    "departure from HTTPie: a body piped to standard input is not read without --input -, and not dropped: refused, naming it",
    ["POST", "/a"],
    { refused: /: Standard input holds data, which is read only when named: add --input - / },
    '{"piped":true}',
  ],
  [
    "departure from HTTPie: body items on an explicit GET go to the query (HTTPie sends a JSON body)",
    ["GET", "/a", "name=x", "n:=1"],
    { method: "GET", target: "/a?name=x&n=1" },
  ],
  [
    "--operations: text items become the integers, numbers, booleans and lists the schema says",
    [
      ...PETS,
      "/pets",
      "name=Rex",
      "age=3",
      "weight=2.5",
      "vaccinated=true",
      "tags=cat",
      "owner[age]=40",
      "chip=null",
    ],
    {
      method: "POST",
      target: "/pets",
      body: {
        name: "Rex",
        age: 3,
        weight: 2.5,
        vaccinated: true,
        tags: ["cat"],
        owner: { age: 40 },
        chip: null,
      },
    },
  ],
  [
    "--operations: -F numbers where the schema says string are sent as typed text",
    [...PETS, "/pets", "-F", "zip=12345", "-F", "name=7", "-F", "big=12345678901234567890"],
    { method: "POST", target: "/pets", body: { zip: "12345", name: "7", big: "12345678901234567890" } },
  ],
  [
    "--operations: := values that are already of the type stay as they are",
    [...PETS, "/pets", "age:=4", 'tags:=["a","b"]', "vaccinated:=false"],
    { method: "POST", target: "/pets", body: { age: 4, tags: ["a", "b"], vaccinated: false } },
  ],
  [
    "--operations: query, path and form values are checked and sent as text",
    [...PETS, "GET", "/pets", "limit=5", "status=sold", "ids=1", "ids=2", "tags==x"],
    { method: "GET", target: "/pets?ids=1&ids=2&limit=5&status=sold&tags=x" },
  ],
  [
    "--operations: a form field of type number is checked and sent as typed",
    [...PETS, "PATCH", "/pets/{id}", "id=7", "weight=2.50"],
    { method: "PATCH", target: "/pets/7", text: "weight=2.50" },
  ],
  [
    "--operations: a concrete path is read as the described route it fits (gh api's and restish's urls), its value typed",
    [...PETS, "PATCH", "/pets/7", "weight=2.50"],
    { method: "PATCH", target: "/pets/7", text: "weight=2.50" },
  ],
  [
    "--operations: a literal path wins over a template that also fits it (OpenAPI's Paths rule)",
    [...PETS, "/pets/mine"],
    { method: "GET", target: "/pets/mine" },
  ],
  [
    "--operations: the template's route for any other value",
    [...PETS, "/pets/12"],
    { method: "GET", target: "/pets/12" },
  ],
  [
    "--operations: a path without its leading slash, as gh api reads it",
    [...PETS, "pets/12"],
    { method: "GET", target: "/pets/12" },
  ],
  [
    "--operations: a percent-encoded path value is decoded, then encoded again by the template",
    [...PETS, "/owners/a%20b%2Fc"],
    { method: "GET", target: "/owners/a%20b%2Fc" },
  ],
  [
    "--operations: a path value is checked against its schema like an item",
    [...PETS, "/pets/seven"],
    { refused: /: id=seven: the description says id is an integer\.\n$/ },
  ],
  [
    "--operations: a value the path gives and an item gives again is refused",
    [...PETS, "PATCH", "/pets/7", "id=8"],
    {
      refused:
        /: The path gives id for "PATCH \/pets\/\{id\}", and so does an item \(id=\.\.\. or id==\.\.\.\): give it once\.\n$/,
    },
  ],
  [
    "--operations: a value the path gives and a query item gives again is refused",
    [...PETS, "GET", "/pets/7", "id==8"],
    {
      refused:
        /: The path gives id for "GET \/pets\/\{id\}", and so does an item \(id=\.\.\. or id==\.\.\.\): give it once\.\n$/,
    },
  ],
  [
    "--operations: a path no route of its method fits names the routes of other methods it fits",
    [...PETS, "DELETE", "/pets/7"],
    {
      refused:
        /: Route "DELETE \/pets\/7" is not described by .*pets\.json\. Did you mean "GET \/pets\/\{id\}" or "PATCH \/pets\/\{id\}"\? Without --operations, it is sent as a plain route\.\n$/,
    },
  ],
  [
    "--operations: text that is no integer is refused in the item's words",
    [...PETS, "GET", "/pets", "limit=abc"],
    { refused: /^rest-endpoint: limit=abc: the description says limit is an integer\.\n$/ },
  ],
  [
    "--operations: a value outside the enum",
    [...PETS, "GET", "/pets", "status=gone"],
    { refused: /: status=gone: the description says status is one of "available", "sold"\.\n$/ },
  ],
  [
    "--operations: a query item is checked too",
    [...PETS, "GET", "/pets", "limit==many"],
    { refused: /: limit==many: the description says limit is an integer\.\n$/ },
  ],
  [
    "--operations: a list's items and a nested field are checked",
    [...PETS, "GET", "/pets", "ids=1", "ids=x"],
    { refused: /: ids\[\]=x: the description says ids\[\] is an integer\.\n$/ },
  ],
  [
    "--operations: a nested body field",
    [...PETS, "/pets", "owner[age]=old"],
    { refused: /: owner\[age\]=old: the description says owner\[age\] is an integer\.\n$/ },
  ],
  [
    "--operations: a -F boolean that is no boolean",
    [...PETS, "/pets", "-F", "vaccinated=yes"],
    { refused: /: vaccinated=yes: the description says vaccinated is a boolean \(true or false\)\.\n$/ },
  ],
  [
    "--operations: a := fraction for an integer",
    [...PETS, "/pets", "age:=1.5"],
    { refused: /: age:=1\.5: the description says age is an integer\.\n$/ },
  ],
  [
    "--operations: an integer past 2^53 in a JSON body would arrive as another number",
    [...PETS, "/pets", "age=9007199254740993"],
    {
      refused:
        /: age=9007199254740993: the description says age is an integer, and this one is too large for a JSON number to carry exactly\.\n$/,
    },
  ],
  [
    "--operations: a path parameter",
    [...PETS, "PATCH", "/pets/{id}", "id=seven", "weight=1"],
    { refused: /: id=seven: the description says id is an integer\.\n$/ },
  ],
];
