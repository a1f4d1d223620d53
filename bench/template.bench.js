// Template expansion, parse once / expand many, over the workload's url templates.
import { parseTemplate } from "rest-endpoint/uri-template";
import UriTemplates from "uri-templates";
import { parseTemplate as urlTemplate } from "url-template";
import { compare, report } from "./harness.js";
import { operations } from "./workload.js";

// Plain RFC 6570 templates only (GitHub's `{enterprise-team}` is not RFC 6570), with values
// that each engine accepts (strings, numbers, lists).
const cases = operations
  .filter((operation) => !operation.url.includes("-") || !/\{[^}]*-/.test(operation.url))
  .map((operation) => {
    const values = {};
    for (const name of operation.path) values[name] = operation.example[name];
    return { template: operation.url, values };
  });

const ours = cases.map((c) => parseTemplate(c.template));
const uriTemplates = cases.map((c) => new UriTemplates(c.template));
const urlTemplates = cases.map((c) => urlTemplate(c.template));
const n = cases.length;
const results = compare([
  {
    name: "rest-endpoint/uri-template",
    calls: n,
    run: () => {
      for (let i = 0; i < n; i++) ours[i].expand(cases[i].values);
    },
  },
  {
    name: "uri-templates",
    calls: n,
    run: () => {
      for (let i = 0; i < n; i++) uriTemplates[i].fill(cases[i].values);
    },
  },
  {
    name: "url-template",
    calls: n,
    run: () => {
      for (let i = 0; i < n; i++) urlTemplates[i].expand(cases[i].values);
    },
  },
]);
report(`Template expansion over ${n} url templates (parse once, expand many)`, results, "uri-templates");

// One template of each shape the workload above lacks (GitHub's urls are simple expressions):
// an exploded object in the query, an exploded list in the path, and reserved expansion.
const SHAPES = [
  ["exploded object {?keys*}", "/search{?keys*}", { keys: { q: "two words", page: 2, sort: "updated" } }],
  ["exploded list {/path*}", "/files{/path*}{?ref}", { path: ["src", "lib", "a b.ts"], ref: "main" }],
  ["reserved {+path}", "{+base}/x{#frag}", { base: "https://example.com/a/b", frag: "part 1" }],
];
for (const [title, template, values] of SHAPES) {
  const compiled = parseTemplate(template);
  const other = new UriTemplates(template);
  if (compiled.expand(values) !== other.fill(values)) throw new Error(`${title}: the engines disagree`);
  const shape = compare([
    { name: "rest-endpoint/uri-template", calls: 1, run: () => compiled.expand(values) },
    { name: "uri-templates", calls: 1, run: () => other.fill(values) },
  ]);
  report(`Template expansion, ${title}`, shape, "uri-templates");
}

export { results };
