// Writing fetch's arguments loads no fetch. Node loads its fetch (undici,
// tens of milliseconds) the first time one of its globals is read; a user who sends with
// another client must not pay for it. A new process imports the built package, writes the
// arguments of every kind of body and makes a sender, and its list of loaded modules says
// whether undici came in: evidence, not a clock. Reading `Request` then shows the list would
// tell (Node 22 and later load undici at start: nothing new may come in there either).
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

const SCRIPT = `
const fetchModules = () => process.moduleLoadList.filter((name) => /undici|fetch/i.test(name));
const before = fetchModules();
const { endpoint } = await import("rest-endpoint");
const { toFetchArgs, sender, toCurl } = await import("rest-endpoint/adapters");
const written = [
  toFetchArgs(endpoint("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" })),
  toFetchArgs(endpoint("POST /markdown", { text: "**hi**" })),
  toFetchArgs(endpoint("POST /x", { data: "text" })),
  toFetchArgs(endpoint("POST /x", { data: new Uint8Array([1]) })),
  toFetchArgs(endpoint("POST /x", { data: new URLSearchParams("a=1") })),
  toFetchArgs(endpoint("PUT /x", { data: [{ at: new Date(0) }] }), { redirect: "manual" }),
];
toCurl(endpoint("GET /user"));
sender();
sender({ throwOnStatus: true });
const after = fetchModules();
void globalThis.Request;
const control = fetchModules();
console.log(JSON.stringify({ before, after, control, cache: written.map(([, init]) => init.cache) }));
`;

describe.each([
  ["development", []],
  ["production", ["--conditions=production"]],
])("%s build", (_name, flags) => {
  it("toFetchArgs and sender load no fetch; reading Request does", () => {
    const out = execFileSync(process.execPath, [...flags, "--input-type=module", "-e", SCRIPT], {
      cwd: ROOT,
      encoding: "utf8",
    });
    const { before, after, control, cache } = JSON.parse(out) as Record<string, string[]>;
    expect(after).toEqual(before);
    expect(control?.some((name) => /undici/.test(name))).toBe(true);
    // Node's fetch takes `cache`: the answer given without asking is the one asking gives.
    expect(cache).toEqual(Array(6).fill("default"));
  });
});
