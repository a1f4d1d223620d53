// Writes a file of calls that a user of one generated module would write, for the typed
// field test: typical calls (every required parameter given a value of its type), one
// misspelt optional parameter, one missing path parameter, and reads of a response body's
// field, right and misspelt, declared and through a typed send (`sender<Responses>()`). Each mistake is on a line of its own, which the test expects
// exactly one error on; every other line must compile.
import type { GeneratedOperations } from "../../dist/generate.js";
import { isNode, METHODS, makeResolve } from "./expected-request.js";

type Node = Record<string, unknown>;
type Operation = GeneratedOperations["operations"][number];

export type Mistake = "typo" | "missing" | "misread";

export interface TypedCalls {
  readonly text: string;
  /** The 0-based line of each mistake, and the name the compiler's message must hold. */
  readonly mistakes: readonly { readonly line: number; readonly kind: Mistake; readonly name: string }[];
  /** How many calls and reads are written (besides the mistakes). */
  readonly calls: number;
  readonly reads: number;
}

/** Option keys: a parameter of one of these names cannot be given beside the route. */
const OPTION_KEYS = new Set(["method", "url", "baseUrl", "headers", "mediaType", "request", "data"]);
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * A value of a parameter's TypeScript type, for the plain types parameters mostly have:
 * `string`, `number`, `boolean`, literal unions and lists of those; `undefined` otherwise.
 */
export function valueOfType(type: string): unknown {
  const first = type.split(" | ")[0] as string;
  if (/^\(.*\)\[\]$/.test(type) || (/^\w+\[\]$/.test(type) && !type.includes(" | "))) {
    const item = valueOfType(type.replace(/^\((.*)\)\[\]$/, "$1").replace(/^(\w+)\[\]$/, "$1"));
    return item === undefined ? undefined : [item];
  }
  if (first === "string") return "x";
  if (first === "number") return 1;
  if (first === "boolean") return true;
  if (/^"(?:[^"\\]|\\.)*"$/.test(first)) return JSON.parse(first);
  if (/^-?\d+(\.\d+)?$/.test(first)) return Number(first);
  return undefined;
}

function pathName(entry: Operation["path"][number]): string {
  return typeof entry === "string" ? entry : entry.name;
}

/** An operation's query, header, cookie and body parameters. */
function otherParameters(op: Operation): Operation["query"][number][] {
  return [...op.query, ...(op.header ?? []), ...(op.cookie ?? []), ...op.body];
}

/** Every name an operation's parameters have, path ones first. */
function parameterNames(op: Operation): string[] {
  return [...op.path.map(pathName), ...otherParameters(op).map((p) => p.name)];
}

/** The options of a call that gives each required parameter, or `undefined` if one is not plain. */
function requiredOptions(op: Operation): Record<string, unknown> | undefined {
  const options: Record<string, unknown> = {};
  const others = otherParameters(op);
  const names = parameterNames(op);
  if (new Set(names).size !== names.length || names.some((name) => OPTION_KEYS.has(name))) return undefined;
  for (const entry of op.path) {
    if (typeof entry !== "string") return undefined;
    options[entry] = "x";
  }
  if (op.bodyRequired === true && !["json", "urlencoded", "multipart"].includes(op.bodyKind ?? ""))
    return undefined;
  for (const parameter of others) {
    if (!parameter.required) continue;
    const value = valueOfType(parameter.type);
    if (value === undefined) return undefined;
    options[parameter.name] = value;
  }
  return options;
}

/**
 * A field of the one success body of a described operation, when that body is a JSON object
 * with named fields and nothing else (no other keys allowed, not nullable, not one of several).
 */
function responseField(
  spec: Node,
  method: string,
  path: string,
): { field: string; names: Set<string> } | undefined {
  const resolve = makeResolve(spec);
  const operation = resolve(resolve((spec.paths as Node)[path])[method]);
  const successes = Object.keys(resolve(operation.responses)).filter((status) => /^2/.test(status));
  if (successes.length !== 1) return undefined;
  const content = resolve(resolve(resolve(operation.responses)[successes[0] as string]).content);
  const media = Object.keys(content).filter((type) => /^application\/(.+\+)?json(;|$)/.test(type));
  if (media.length !== 1 || Object.keys(content).length !== 1) return undefined;
  const schema = resolve(resolve(content[media[0] as string]).schema);
  if (!isNode(schema.properties) || schema.nullable === true) return undefined;
  if (schema.oneOf !== undefined || schema.anyOf !== undefined || schema.allOf !== undefined)
    return undefined;
  if (schema.additionalProperties !== undefined && schema.additionalProperties !== false) return undefined;
  if (Array.isArray(schema.type) || (schema.type !== undefined && schema.type !== "object")) return undefined;
  const names = new Set(Object.keys(schema.properties));
  const field = [...names].find((key) => IDENTIFIER.test(key) && key.length >= 3);
  return field === undefined ? undefined : { field, names };
}

/** A misspelling that is not another of the operation's names: the last two letters swapped. */
function misspelt(name: string, taken: ReadonlySet<string>): string {
  const swapped = `${name.slice(0, -2)}${name.at(-1)}${name.at(-2)}`;
  return swapped !== name && !taken.has(swapped) ? swapped : `${name}x`;
}

/** The check file for one description's generated module, imported as `./${moduleName}.mjs`. */
export function typedCalls(spec: Node, generated: GeneratedOperations, moduleName: string): TypedCalls {
  const lines = [
    `import { endpoint, type ResponseFor } from "rest-endpoint";`,
    `import { sender } from "rest-endpoint/adapters";`,
    `import { api as table, type Responses } from "./${moduleName}.mjs";`,
    "const api = endpoint.defaults(table);",
    "const send = sender<Responses>();",
  ];
  const mistakes: { line: number; kind: Mistake; name: string }[] = [];
  const usable = generated.operations
    .map((op) => ({ op, options: requiredOptions(op), route: `${op.method} ${op.url}` }))
    .filter(
      (entry): entry is { op: Operation; options: Record<string, unknown>; route: string } =>
        entry.options !== undefined && !entry.route.includes("`"),
    );
  // Keys as a user writes them: bare where they are identifiers.
  const literal = (options: Record<string, unknown>) =>
    `{ ${Object.entries(options)
      .map(([key, value]) => `${IDENTIFIER.test(key) ? key : JSON.stringify(key)}: ${JSON.stringify(value)}`)
      .join(", ")} }`;
  const built = (route: string, options: Record<string, unknown>) =>
    `api(${JSON.stringify(route)}, ${literal(options)})`;
  const call = (route: string, options: Record<string, unknown>) => `${built(route, options)};`;
  // Typical calls: up to five, spread over the API.
  const step = Math.max(1, Math.floor(usable.length / 5));
  const typical = usable.filter((_, i) => i % step === 0).slice(0, 5);
  for (const [i, { route, options }] of typical.entries())
    lines.push(`export const c${i} = ${call(route, options)}`);
  const typo = usable
    .map(({ op, options, route }) => {
      const optional = [...op.query, ...(op.header ?? []), ...op.body].find(
        (p) => !p.required && IDENTIFIER.test(p.name) && p.name.length >= 4,
      );
      return optional === undefined ? undefined : { op, options, route, name: optional.name };
    })
    .find((entry) => entry !== undefined);
  if (typo !== undefined) {
    const wrong = misspelt(typo.name, new Set(parameterNames(typo.op)));
    mistakes.push({ line: lines.length, kind: "typo", name: wrong });
    lines.push(`export const typo = ${call(typo.route, { ...typo.options, [wrong]: "x" })}`);
  }
  const withPath = usable.find(({ op }) => op.path.length > 0);
  if (withPath !== undefined) {
    const name = pathName(withPath.op.path[0] as Operation["path"][number]);
    const { [name]: _left, ...rest } = withPath.options;
    mistakes.push({ line: lines.length, kind: "missing", name });
    lines.push(`export const missing = ${call(withPath.route, rest)}`);
  }
  let reads = 0;
  for (const { op, route, options } of usable) {
    if (reads === 2) break;
    const method = op.method.toLowerCase();
    const described =
      isNode(spec.paths) &&
      Object.hasOwn(spec.paths, op.url) &&
      (METHODS as readonly string[]).includes(method);
    const found = described ? responseField(spec, method, op.url) : undefined;
    if (found === undefined) continue;
    const { field, names } = found;
    lines.push(`declare const read${reads}: ResponseFor<Responses, ${JSON.stringify(route)}>;`);
    lines.push(`export const field${reads} = read${reads}.${field};`);
    const wrong = misspelt(field, names);
    // The same body through a typed send of the route's request options.
    const sent = `send(${built(route, options)}).then(({ data }) => data?.`;
    lines.push(`export const sent${reads} = ${sent}${field});`);
    if (reads === 0) {
      mistakes.push({ line: lines.length, kind: "misread", name: wrong });
      lines.push(`export const misread = read${reads}.${wrong};`);
      mistakes.push({ line: lines.length, kind: "misread", name: wrong });
      lines.push(`export const sentMisread = ${sent}${wrong});`);
    }
    reads++;
  }
  return { text: `${lines.join("\n")}\n`, mistakes, calls: typical.length, reads };
}
