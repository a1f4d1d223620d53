// Writes data/github-routes.json: every operation of GitHub's REST API (method, url template,
// parameter names and types) plus one realistic parameter object per operation. The benchmark
// workload, the integration tests and the typed routes all read this one file.
//
// Source: GitHub's OpenAPI description as published in the npm package @octokit/openapi (MIT).
// The package is 385 MB unpacked, so it is not in package.json: install the pinned version
// without saving it (`npm install --no-save @octokit/openapi@23.0.2`), and this script reads
// the one file it needs from node_modules, offline.
//
// It also writes src/types/github-routes.ts (the typed routes) and src/operations/github-operations.ts
// (the operation table of `rest-endpoint/github`), both from that data, with the generator of
// `rest-endpoint generate` (so the package is built first).
//
// Usage: npm run generate:routes [-- --from path/to/api.github.com.json]
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { generateOperations } from "../dist/generate.js";
import { DESCRIPTION_FILE, DESCRIPTION_PACKAGE, DESCRIPTION_VERSION } from "./github-description.js";
import { githubOperationsSource, OPTION_KEYS, responseTypesSource, routeTypesSource } from "./route-types.js";

const PACKAGE = DESCRIPTION_PACKAGE;
const VERSION = DESCRIPTION_VERSION;
const INSTALLED = new URL(`../node_modules/${PACKAGE}/`, import.meta.url);
const FILE = DESCRIPTION_FILE;
const OUTPUT = new URL("../data/github-routes.json", import.meta.url);
const METHODS = ["get", "post", "put", "patch", "delete"];

function loadDescription() {
  const from = process.argv.indexOf("--from");
  if (from !== -1) return JSON.parse(readFileSync(process.argv[from + 1], "utf8"));
  const manifest = new URL("package.json", INSTALLED);
  const installed = existsSync(manifest) ? JSON.parse(readFileSync(manifest, "utf8")).version : undefined;
  if (installed !== VERSION) {
    throw new Error(
      `${PACKAGE}@${VERSION} is needed in node_modules (${installed === undefined ? "not installed" : `found ${installed}`}): run \`npm install --no-save ${PACKAGE}@${VERSION}\`, or pass --from path/to/api.github.com.json.`,
    );
  }
  return JSON.parse(readFileSync(new URL(FILE, INSTALLED), "utf8"));
}

const spec = loadDescription();

function resolve(node) {
  let current = node;
  for (let hops = 0; current?.$ref !== undefined && hops < 20; hops++) {
    current = current.$ref
      .slice(2)
      .split("/")
      .reduce((object, key) => object?.[key.replaceAll("~1", "/").replaceAll("~0", "~")], spec);
  }
  return current ?? {};
}

// Deterministic choices: the same description always gives the same file.
function pick(index, choices) {
  return choices[index % choices.length];
}

const PATH_VALUES = {
  owner: ["octokit", "octo-org", "my org"],
  repo: ["rest.js", "hello-world", "ünïcode repo"],
  org: ["github", "octo-org"],
  username: ["octocat", "monalisa"],
  enterprise: ["acme", "acme corp"],
  path: ["docs/README.md", "src/a b/ü.ts", ""],
  ref: ["heads/main", "tags/v1.0.0", "feature/x+y"],
  branch: ["main", "release/2.x"],
  basehead: ["main...feature/x", "octocat:main...monalisa:dev"],
  tag: ["v1.0.0"],
  name: ["build", "my env"],
  environment_name: ["production", "staging/eu"],
  secret_name: ["NPM_TOKEN"],
  team_slug: ["justice-league"],
  "enterprise-team": ["core devs"],
};

function pathValue(name, schema, index) {
  const known = PATH_VALUES[name];
  if (known) return pick(index, known);
  const resolved = resolve(schema);
  if (resolved.type === "integer" || resolved.type === "number") return 42 + (index % 7);
  if (Array.isArray(resolved.enum)) return pick(index, resolved.enum);
  return pick(index, ["value", "a b", "x/y", "ñ"]);
}

function exampleValue(name, node, index) {
  const schema = resolve(node);
  if (schema.example !== undefined && typeof schema.example !== "object") return schema.example;
  if (Array.isArray(schema.enum)) return pick(index, schema.enum);
  if (schema.oneOf || schema.anyOf) return exampleValue(name, (schema.oneOf ?? schema.anyOf)[0], index);
  if (schema.default !== undefined && typeof schema.default !== "object") return schema.default;
  switch (schema.type) {
    case "integer":
    case "number":
      return name === "per_page" ? 100 : name === "page" ? 2 : 1 + (index % 5);
    case "boolean":
      return index % 2 === 0;
    case "array":
      return [
        exampleValue(name, schema.items ?? {}, index),
        exampleValue(name, schema.items ?? {}, index + 1),
      ];
    case "string":
      if (schema.format === "date-time") return "2024-01-02T03:04:05Z";
      return pick(index, ["value", "two words", "a,b&c=d", "ünïcode"]);
    default:
      return "value";
  }
}

function bodyExample(content, properties, required, index) {
  const examples = content.examples ? Object.values(content.examples) : [];
  for (const example of examples) {
    const value = resolve(example).value;
    if (value !== undefined) return value;
  }
  if (content.example !== undefined) return content.example;
  const body = {};
  for (const [name, schema] of properties) {
    if (required.has(name)) body[name] = exampleValue(name, schema, index);
  }
  return body;
}

function isPlainObject(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

const BODY_PROPERTIES = "/requestBody/content/application~1json/schema/properties/";

/**
 * The JSON body fields that later API versions remove, by version: GitHub's description is of
 * one version (the default, 2022-11-28) and lists each later version's changes to an operation
 * in `x-github-breaking-changes`, as a JSON merge patch or a JSON patch. Only request-side
 * changes matter to the types, and today all of them remove body fields; any other kind fails
 * the generation, so that a new one is read rather than missed.
 */
function removedFields(changes, operation, bodyRequired) {
  const removed = {};
  const add = (version, name) => {
    removed[version] ??= [];
    if (!removed[version].includes(name)) removed[version].push(name);
  };
  for (const change of changes) {
    const { version, patch } = change;
    if (Array.isArray(patch)) {
      for (const step of patch) {
        if (step.path.startsWith("/responses/") || step.path === "/description") continue;
        if (step.op === "remove" && step.path.startsWith(BODY_PROPERTIES)) {
          add(version, step.path.slice(BODY_PROPERTIES.length).replaceAll("~1", "/").replaceAll("~0", "~"));
        } else {
          throw new Error(`${operation}: an unread request change in ${version}: ${JSON.stringify(step)}`);
        }
      }
      continue;
    }
    for (const [key, value] of Object.entries(patch)) {
      if (key === "responses" || key === "description" || key === "summary") continue;
      const json = key === "requestBody" ? value.content?.["application/json"] : undefined;
      // `required` restated as it is changes nothing.
      const others =
        key === "requestBody"
          ? Object.keys(value).filter(
              (k) => k !== "content" && !(k === "required" && value.required === bodyRequired),
            )
          : [];
      if (
        json === undefined ||
        others.length > 0 ||
        Object.keys(json).join() !== "schema" ||
        Object.keys(json.schema).join() !== "properties"
      ) {
        throw new Error(
          `${operation}: an unread request change in ${version}: ${JSON.stringify({ [key]: value })}`,
        );
      }
      for (const [name, property] of Object.entries(json.schema.properties)) {
        if (property !== null)
          throw new Error(`${operation}: ${version} changes the body field ${name}, which is not read`);
        add(version, name);
      }
    }
  }
  return removed;
}

// The route data is the generator's (the same one `rest-endpoint generate` runs); this script
// adds what only the benchmarks and tests need: an example call and the later versions' changes.
const generated = generateOperations(spec, {
  routesName: "GitHubRoutes",
  queryInRoute: true,
  queryName: githubQueryName,
  // GitHub's builders keep the library's own accept (application/vnd.github.v3+json).
  accept: false,
  // One interface of routes, no named schemas: the root builder's check time (docs/typed-routes.md).
  inlineSchemas: true,
  // GitHub's map has no response types yet: its data stays as it was.
  responses: false,
});
for (const note of generated.notes) console.warn(note);
const models = new Map(generated.operations.map((model) => [model.id, model]));

/**
 * GitHub reads a list in the query as `name[]=a&name[]=b` (or `name=a,b`), which its description
 * says in prose only: "Example: `fields[]=123&fields[]=456`". Such parameters are sent so; the
 * description's own style (form, exploded: `name=a&name=b`) would keep only the last value.
 */
function githubQueryName(parameter) {
  const text = `${parameter.description ?? ""} ${JSON.stringify(resolve(parameter.schema)?.example ?? "")}`;
  return text.includes(`${parameter.name}[]=`) ? `${parameter.name}[]` : undefined;
}

const operations = [];
let index = 0;
for (const [path, item] of Object.entries(spec.paths)) {
  for (const method of METHODS) {
    const operation = item[method];
    if (!operation) continue;
    const parameters = [...(item.parameters ?? []), ...(operation.parameters ?? [])].map(resolve);
    const pathParams = parameters.filter((p) => p.in === "path");
    const queryParams = parameters.filter((p) => p.in === "query");
    const { id: _, ...model } = models.get(operation.operationId);

    const example = {};
    for (const p of pathParams) example[p.name] = pathValue(p.name, p.schema, index);
    for (const [i, p] of queryParams.entries()) {
      if (p.required || (index + i) % 2 === 0) example[p.name] = exampleValue(p.name, p.schema, index + i);
    }
    const requestBody = operation.requestBody ? resolve(operation.requestBody) : undefined;
    if (requestBody?.content) {
      const [contentType, content] = Object.entries(requestBody.content)[0];
      const schema = resolve(content.schema);
      const required = new Set(schema.required ?? []);
      const properties = Object.entries(schema.properties ?? {});
      if (model.bodyKind === "json") {
        const value = bodyExample(content, properties, required, index);
        // A body field that is also a url parameter or an option key (GitHub's webhook configs
        // have a body field `url`) travels in `data` in the example. Beside a route, `url` and
        // `method` are parameters, but @octokit/endpoint, which the benchmarks compare against,
        // reads them as options: in `data` the example means the same to both.
        const clashes =
          isPlainObject(value) &&
          Object.keys(value).some((key) => Object.hasOwn(example, key) || OPTION_KEYS.has(key));
        if (isPlainObject(value) && !clashes) Object.assign(example, value);
        else example.data = value;
      } else {
        const value = bodyExample(content, [], new Set(), index);
        example.data =
          typeof value === "string" || contentType === "application/json" ? value : "file contents";
        if (contentType !== "application/json") example.headers = { "content-type": contentType };
      }
    }

    const removed = removedFields(
      operation["x-github-breaking-changes"] ?? [],
      `${method} ${path}`,
      Boolean(requestBody?.required),
    );
    operations.push({
      id: operation.operationId,
      ...model,
      ...(Object.keys(removed).length === 0 ? {} : { removedIn: removed }),
      example,
    });
    index++;
  }
}

const header = {
  source: `${PACKAGE}@${VERSION}, generated/api.github.com.json (GitHub REST API ${spec.info.version})`,
  // The version the description is of: the one GitHub serves when a request names none. Later
  // versions are listed per operation as changes to it (removedIn).
  apiVersion: "2022-11-28",
  license: "MIT (the OpenAPI description of GitHub's REST API, as published by the Octokit project)",
  generatedBy: "scripts/generate-routes.js (npm run generate:routes)",
  count: operations.length,
};
const lines = operations.map((operation) => JSON.stringify(operation));
writeFileSync(OUTPUT, `{"about":${JSON.stringify(header)},\n"operations":[\n${lines.join(",\n")}\n]}\n`);
console.log(`wrote ${operations.length} operations to data/github-routes.json`);
// The typed-routes map and the operation table are generated from the same data.
const data = JSON.parse(readFileSync(OUTPUT, "utf8"));
writeFileSync(new URL("../src/types/github-routes.ts", import.meta.url), routeTypesSource(data));
console.log("wrote src/types/github-routes.ts");
writeFileSync(
  new URL("../src/operations/github-operations.ts", import.meta.url),
  githubOperationsSource(data),
);
console.log("wrote src/operations/github-operations.ts");

// The response bodies, by route and status, from the same description through the generator's
// named schemas: a separate file that only `rest-endpoint/github`'s types load, so the root
// builder's routes keep their check time.
const typed = generateOperations(spec, {
  routesName: "GitHubRoutes",
  queryInRoute: true,
  queryName: githubQueryName,
  accept: false,
});
writeFileSync(
  new URL("../src/types/github-responses.ts", import.meta.url),
  responseTypesSource(typed.types, header),
);
console.log("wrote src/types/github-responses.ts");
