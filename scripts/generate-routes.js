// Writes data/github-routes.json: every operation of GitHub's REST API (method, url template,
// parameter names and types) plus one realistic parameter object per operation. The benchmark
// workload, the integration tests and the typed routes all read this one file.
//
// Source: GitHub's OpenAPI description as published in the npm package @octokit/openapi (MIT).
// The package is 385 MB unpacked, so it is not in package.json: install the pinned version
// without saving it (`npm install --no-save @octokit/openapi@23.0.2`), and this script reads
// the one file it needs from node_modules, offline.
//
// Usage: npm run generate:routes [-- --from path/to/api.github.com.json]
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { OPTION_KEYS, routeTypesSource } from "./route-types.js";

const PACKAGE = "@octokit/openapi";
const VERSION = "23.0.2";
const INSTALLED = new URL(`../node_modules/${PACKAGE}/`, import.meta.url);
const FILE = "generated/api.github.com.json";
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

/** A TypeScript type for a JSON schema, a few levels deep; deeper parts are `unknown`. */
function typeOf(node, depth = 0) {
  const schema = resolve(node);
  let type;
  if (depth > 3) type = "unknown";
  else if (Array.isArray(schema.enum)) type = schema.enum.map((value) => JSON.stringify(value)).join(" | ");
  else if (schema.oneOf || schema.anyOf) {
    type = [...new Set((schema.oneOf ?? schema.anyOf).map((part) => typeOf(part, depth + 1)))].join(" | ");
  } else if (schema.allOf)
    type = schema.allOf.map((part) => parenthesize(typeOf(part, depth + 1))).join(" & ");
  else if (schema.type === "string") type = "string";
  else if (schema.type === "integer" || schema.type === "number") type = "number";
  else if (schema.type === "boolean") type = "boolean";
  else if (schema.type === "array") type = `${parenthesize(typeOf(schema.items ?? {}, depth + 1))}[]`;
  else if (schema.type === "object" || schema.properties) {
    const required = new Set(schema.required ?? []);
    const properties = Object.entries(schema.properties ?? {});
    type =
      properties.length === 0
        ? "{ [key: string]: unknown }"
        : `{ ${properties
            .map(
              ([name, value]) =>
                `${JSON.stringify(name)}${required.has(name) ? "" : "?"}: ${typeOf(value, depth + 1)}`,
            )
            .join("; ")} }`;
  } else type = "unknown";
  if (type === "") type = "unknown";
  return schema.nullable && type !== "unknown" ? `${type} | null` : type;
}

function parenthesize(type) {
  return /[|&]/.test(type) ? `(${type})` : type;
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

const operations = [];
let index = 0;
for (const [path, item] of Object.entries(spec.paths)) {
  for (const method of METHODS) {
    const operation = item[method];
    if (!operation) continue;
    const parameters = [...(item.parameters ?? []), ...(operation.parameters ?? [])].map(resolve);
    const pathParams = parameters.filter((p) => p.in === "path");
    const queryParams = parameters.filter((p) => p.in === "query");
    const server = operation.servers?.[0]?.url ?? "";
    let url = server + path;
    // Query parameters of a request with a body go in the url template, or they would land in the body.
    if (method !== "get" && queryParams.length > 0) url += `{?${queryParams.map((p) => p.name).join(",")}}`;

    const example = {};
    for (const p of pathParams) example[p.name] = pathValue(p.name, p.schema, index);
    for (const [i, p] of queryParams.entries()) {
      if (p.required || (index + i) % 2 === 0) example[p.name] = exampleValue(p.name, p.schema, index + i);
    }

    let body = [];
    let bodyKind;
    // The type of `data`, for bodies that parameters cannot carry.
    let dataType;
    const requestBody = operation.requestBody ? resolve(operation.requestBody) : undefined;
    if (requestBody?.content) {
      const [contentType, content] = Object.entries(requestBody.content)[0];
      const schema = resolve(content.schema);
      const required = new Set(schema.required ?? []);
      const properties = Object.entries(schema.properties ?? {});
      if (contentType === "application/json" && (schema.type === "object" || schema.properties)) {
        bodyKind = "json";
        body = properties.map(([name, value]) => ({
          name,
          required: required.has(name),
          type: typeOf(value),
        }));
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
        // Such bodies keep a typed `data` too (the map types a `url` field as a parameter as well).
        if (properties.some(([name]) => OPTION_KEYS.has(name))) dataType = typeOf(schema);
      } else {
        bodyKind = contentType === "application/json" ? "json-data" : "data";
        // A JSON body of several shapes (an object or a bare array...) goes in data as a whole.
        if (contentType === "application/json") dataType = typeOf(schema);
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
      method: method.toUpperCase(),
      url,
      path: pathParams.map((p) => p.name),
      query: queryParams.map((p) => ({
        name: p.name,
        required: Boolean(p.required),
        type: typeOf(p.schema),
      })),
      body,
      ...(bodyKind === undefined ? {} : { bodyKind }),
      ...(dataType === undefined ? {} : { dataType }),
      ...(requestBody?.required ? { bodyRequired: true } : {}),
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
// The typed-routes map is generated from the same data.
const types = new URL("../src/types/github-routes.ts", import.meta.url);
writeFileSync(types, routeTypesSource(JSON.parse(readFileSync(OUTPUT, "utf8"))));
console.log("wrote src/types/github-routes.ts");
