// The hostile shapes of every input channel, for the linear-work suite (linear-time.test.ts): each
// takes a size n and returns a thunk that does the work for that size, catching the errors it
// expects. The suite counts the work at n and 4n; channel-work.test.ts checks
// the same shapes by counting what they look at.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadDescription } from "rest-endpoint-openapi";
import { nextRequest } from "../../../src/adapters/index.js";
import { escapeControls, escapeTerminal } from "../../../src/cli/escape-controls.js";
import { generateOperations } from "../../../src/generate/index.js";
import type { RequestOptions } from "../../../src/index.js";
import { maskedText, maskedUrl } from "../../../src/shared/masked-url.js";
import { withoutUserinfo } from "../../../src/shared/without-userinfo.js";

/** Texts that once made the masking of `user:password@` rescan them (one scheme start each). */
export const USERINFO_TEXTS: [string, (n: number) => string][] = [
  ["scheme starts after each '-'", (n) => "-a".repeat(n)],
  ["scheme starts after each '.', then ://", (n) => `${".a".repeat(n)}://x`],
  ["'a://' again and again", (n) => "a://".repeat(n)],
  ["one scheme, a long userinfo without @", (n) => `http://${"u".repeat(n)}`],
  ["one scheme, @ after @", (n) => `http://${"u@".repeat(n)}/x`],
  ["schemes and userinfo, each masked", (n) => "x a://u:p@h ".repeat(n)],
  ["special schemes one after another, an @ at the end", (n) => `${"https:".repeat(n)}u@h`],
  ["special schemes and slashes, no @", (n) => "http:/\\".repeat(n)],
];

/** Urls and texts for the masking of credential-like parameters (split at `&` and `;`). */
export const PARAMETER_TEXTS: [string, (n: number) => string][] = [
  ["separators without names", (n) => `http://h/x?${";&".repeat(n)}`],
  ["one name, '=' after '='", (n) => `/x?token${"=".repeat(n)}`],
  ["credentials, each masked", (n) => `/x?${"a=1;token=s&".repeat(n)}`],
  ["escaped names that do not decode", (n) => `/x?${"%ZZtoken=s;".repeat(n)}`],
  ["path parameters and segments", (n) => `/x${";jsessionid=s/".repeat(n)}`],
  ["words in a line, each a query", (n) => `x "?token=s" `.repeat(n)],
];

/** Texts for the terminal's escaping: controls, line breaks and CRs without line feeds. */
export const TERMINAL_TEXTS: [string, (n: number) => string][] = [
  ["ESC and C1 controls", (n) => "\u001b[2J\u009b".repeat(n)],
  ["lines and tabs", (n) => "a\tb\n".repeat(n)],
  ["lone CRs and CRLFs", (n) => "\r\r\n".repeat(n)],
];

let folders = 0;
const root = mkdtempSync(join(tmpdir(), "rest-endpoint-shapes-"));

/** A description folder of `files` (name to text); the path of its openapi.yaml. */
function writeDescription(files: Record<string, string>): string {
  const dir = join(root, `s${folders++}`);
  mkdirSync(join(dir, "sub"), { recursive: true });
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return join(dir, "openapi.yaml");
}

/** n `$ref`s (beside a description each, when `beside`) to one schema of n properties. */
export function manyRefsToOneSchema(n: number, beside: boolean): string {
  let props = "";
  for (let i = 0; i < n; i++) props += `      p${i}: { type: string }\n`;
  let refs = "";
  for (let i = 0; i < n; i++)
    refs += `    S${i}: { $ref: "big.yaml#/Big"${beside ? `, description: d${i}` : ""} }\n`;
  return writeDescription({
    "openapi.yaml": `openapi: 3.1.0\ncomponents:\n  schemas:\n${refs}`,
    "big.yaml": `Big:\n  type: object\n  properties:\n${props}`,
  });
}

/** One file named by n spellings of its path (`./`, `sub/../`, `.//`...). */
export function manySpellingsOfOneFile(n: number): string {
  const spellings = ["other.yaml", "./other.yaml", ".//other.yaml", "sub/../other.yaml"];
  let refs = "";
  for (let i = 0; i < n; i++) {
    const prefix = "./".repeat(i % 7);
    refs += `    S${i}: { $ref: "${prefix}${spellings[i % spellings.length]}#/Pet" }\n`;
  }
  return writeDescription({
    "openapi.yaml": `openapi: 3.1.0\ncomponents:\n  schemas:\n${refs}`,
    "other.yaml": "Pet: { type: object, properties: { id: { type: integer } } }\n",
  });
}

/**
 * n `$ref`s to a `$ref` to a schema under a key of n slashes (each `~1` in the pointer): the
 * loader once wrote the long key's pointer again for each of them.
 */
export function manyRefsThroughALongKey(n: number): string {
  const doc = {
    openapi: "3.1.0",
    components: {
      schemas: {
        ["/".repeat(n)]: { type: "string" },
        x0: { $ref: `#/components/schemas/${"~1".repeat(n)}` },
      },
    },
    refs: Array.from({ length: n }, () => ({ $ref: "#/components/schemas/x0" })),
  };
  const dir = join(root, `s${folders++}`);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "openapi.json"), JSON.stringify(doc));
  return join(dir, "openapi.json");
}

/** Loads a description; the loader's work is done before its promise settles. */
function load(path: string): void {
  loadDescription(path).catch(() => undefined);
}

export const CHANNEL_SHAPES: [string, (n: number) => () => void][] = [
  ...USERINFO_TEXTS.map(([name, text]): [string, (n: number) => () => void] => [
    `withoutUserinfo: ${name}`,
    (n) => {
      const given = text(n);
      return () => void withoutUserinfo(given);
    },
  ]),
  ...PARAMETER_TEXTS.map(([name, text]): [string, (n: number) => () => void] => [
    `maskedUrl and maskedText: ${name}`,
    (n) => {
      const given = text(n);
      return () => void [maskedUrl(given), maskedText(given)];
    },
  ]),
  ...TERMINAL_TEXTS.map(([name, text]): [string, (n: number) => () => void] => [
    `escapeTerminal and escapeControls: ${name}`,
    (n) => {
      const given = text(n);
      return () => void [escapeTerminal(given), escapeControls(given)];
    },
  ]),
  [
    "loadDescription: n $refs to one schema of n properties",
    (n) => {
      const path = manyRefsToOneSchema(n, false);
      return () => load(path);
    },
  ],
  [
    "loadDescription: n $refs beside other keys to one schema of n properties",
    (n) => {
      const path = manyRefsToOneSchema(n, true);
      return () => load(path);
    },
  ],
  [
    "loadDescription: one file under n spellings of its path",
    (n) => {
      const path = manySpellingsOfOneFile(n);
      return () => load(path);
    },
  ],
  [
    "loadDescription: n $refs to a $ref to a key of n slashes",
    (n) => {
      const path = manyRefsThroughALongKey(n);
      return () => load(path);
    },
  ],
  [
    "generateOperations: n $refs through inherited names",
    (n) => {
      const parameters = Array.from({ length: n }, (_, i) => ({ $ref: `#/constructor/prototype/p${i}` }));
      const spec = { openapi: "3.1.0", paths: { "/a": { get: { parameters } } } };
      return () => void generateOperations(spec);
    },
  ],
  [
    "nextRequest: a POST's body, linked to another origin by a link of n characters",
    (n) => {
      const request: RequestOptions = {
        method: "post",
        url: "https://a.example/x",
        headers: {},
        body: { s: "S" },
      };
      const link = `<https://b.example/${"p".repeat(n)}>; rel="next"`;
      return () => void nextRequest(request, link);
    },
  ],
];
