// The oracle of the directory test: what an OpenAPI description asks a request to be, read
// from the description alone, with no code of the generator or the library. Written from the
// OpenAPI Specification (3.0.3 and 3.1.1: Parameter Object, Style Values, Style Examples,
// Encoding Object, Server Object), with the library's documented choices where the
// specification leaves a case open (deepObject lists and nesting as qs writes them).

type Node = Record<string, unknown>;

export const METHODS = ["get", "put", "post", "delete", "options", "patch", "head"] as const;

/** A JSON Pointer walk of a local `$ref`, through objects and arrays, following chains. */
export function makeResolve(spec: Node): (node: unknown) => Node {
  return (node) => {
    let current = node;
    for (let hops = 0; hops < 60 && isNode(current) && typeof current.$ref === "string"; hops++) {
      const ref = current.$ref;
      if (!ref.startsWith("#")) return {};
      let target: unknown = spec;
      for (const raw of ref === "#" ? [] : ref.slice(2).split("/")) {
        const key = decodeURIComponent(raw).replaceAll("~1", "/").replaceAll("~0", "~");
        target = Array.isArray(target)
          ? target[Number(key)]
          : isNode(target) && Object.hasOwn(target, key)
            ? target[key]
            : undefined;
      }
      current = target;
    }
    return isNode(current) ? current : {};
  };
}

export function isNode(value: unknown): value is Node {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** RFC 3986 percent-encoding of everything but the unreserved characters, over UTF-8. */
export function pct(text: string, keep = ""): string {
  let out = "";
  for (const byte of new TextEncoder().encode(text)) {
    const c = String.fromCharCode(byte);
    out +=
      /[A-Za-z0-9\-._~]/.test(c) || keep.includes(c)
        ? c
        : `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}

/** allowReserved: RFC 3986 reserved characters kept, but those that end a query or split a pair. */
const pctReserved = (text: string) => pct(text, ":/?@!$'()*,;");

export type Kind = "primitive" | "array" | "object";

export interface ExpectedParameter {
  readonly name: string;
  readonly in: "path" | "query" | "header" | "cookie";
  readonly value: unknown;
}

/** The server an operation's request goes to, at its variables' defaults; `""` for none. */
export function serverOf(servers: unknown): string | undefined {
  if (!Array.isArray(servers)) return undefined;
  for (const server of servers) {
    if (!isNode(server) || typeof server.url !== "string") continue;
    const variables = isNode(server.variables) ? server.variables : {};
    let ok = true;
    let url = server.url.replace(/\{([^{}]*)\}/g, (_, name: string) => {
      const v = variables[name];
      if (isNode(v) && typeof v.default === "string") return v.default;
      ok = false;
      return "";
    });
    if (!ok) continue;
    url = url.trim();
    if (url.startsWith("//")) url = `https:${url}`;
    else if (!/^[a-z][a-z0-9+.-]*:/i.test(url)) {
      while (url.startsWith("./")) url = url.slice(2);
      if (url === ".") url = "";
      if (url !== "" && !url.startsWith("/")) url = `/${url}`;
    }
    // A variable with a slash of its own after the server's (`https://h/{basePath}`, `/api`):
    // one slash, as the description means.
    const scheme = /^https?:\/\//i.exec(url)?.[0] ?? "";
    url = scheme + url.slice(scheme.length).replace(/\/{2,}/g, "/");
    while (url.endsWith("/")) url = url.slice(0, -1);
    if (url !== "" && !isBase(url)) continue;
    return url;
  }
  return undefined;
}

/** What a client could be given as a base: http(s) with a host, or a path, read as written. */
function isBase(url: string): boolean {
  for (const c of url) if (c <= " " || c > "~" || "\\?#".includes(c)) return false;
  if (url.startsWith("/")) return !url.startsWith("//") && new URL(url, "http://x.invalid").pathname === url;
  if (!/^https?:\/\/[^/@]+(?:\/|$)/i.test(url)) return false;
  try {
    const slash = url.indexOf("/", url.indexOf("//") + 2);
    const path = slash === -1 ? "/" : url.slice(slash);
    return new URL(url).pathname === path && !path.startsWith("//");
  } catch {
    return false;
  }
}

export function kindOf(schema: Node, resolve: (node: unknown) => Node): Kind {
  const types = Array.isArray(schema.type) ? schema.type.filter((t) => t !== "null") : [schema.type];
  if (types.length === 1 && types[0] === "array") return "array";
  if ((types.length === 1 && types[0] === "object") || isNode(schema.properties)) return "object";
  const parts = (schema.oneOf ?? schema.anyOf ?? schema.allOf) as unknown;
  if (Array.isArray(parts) && parts.length > 0 && types[0] === undefined) {
    const kinds = new Set(parts.map((part) => kindOf(resolve(part), resolve)));
    if (kinds.size === 1) return [...kinds][0] as Kind;
  }
  return "primitive";
}

/** A value of a primitive schema: its first enum value, else one that needs encoding. */
export function primitiveValue(schema: Node, seed: number): string | number | boolean {
  const choices = Array.isArray(schema.enum)
    ? schema.enum.filter((v) => ["string", "number"].includes(typeof v) && v !== "")
    : [];
  if (choices.length > 0) return choices[0] as string | number;
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
  if (type === "integer" || type === "number") return 3 + seed;
  if (type === "boolean") return true;
  return `v ${seed}/x`;
}

/** A value of a parameter's schema: lists of two items, objects of two keys. */
export function sampleValue(
  schema: Node,
  resolve: (node: unknown) => Node,
  seed: number,
  nested: boolean,
): unknown {
  const kind = kindOf(schema, resolve);
  if (kind === "primitive") return primitiveValue(schema, seed);
  if (kind === "array") {
    const items = resolve(schema.items);
    const itemKind = kindOf(items, resolve);
    if (itemKind !== "primitive" && nested) return [sampleValue(items, resolve, seed, false)];
    const item = itemKind === "primitive" ? items : {};
    const a = primitiveValue(item, seed);
    const b =
      typeof a === "string" && !Array.isArray(item.enum) ? `w${seed}` : typeof a === "number" ? a + 1 : a;
    return a === b ? [a] : [a, b];
  }
  const properties = isNode(schema.properties) ? Object.entries(schema.properties).slice(0, 2) : [];
  const out: Record<string, unknown> = {};
  if (properties.length === 0) {
    out.ka = `a${seed}`;
    out.kb = `b${seed}`;
  }
  for (const [key, node] of properties) {
    if (key === "__proto__" || /[[\]]/.test(key)) continue;
    const sub = resolve(node);
    out[key] =
      nested && kindOf(sub, resolve) !== "primitive"
        ? sampleValue(sub, resolve, seed + 1, false)
        : primitiveValue(kindOf(sub, resolve) === "primitive" ? sub : {}, seed + 1);
  }
  return out;
}

const text = (v: unknown): string => (typeof v === "string" ? v : String(v));
const entries = (v: unknown): [string, unknown][] => Object.entries(v as Record<string, unknown>);

/** A path parameter's expansion by style: simple, label, matrix (the specification's table). */
export function pathExpansion(name: string, value: unknown, style: string, explode: boolean): string {
  const e = (v: unknown) => pct(text(v));
  if (Array.isArray(value)) {
    if (style === "label") return `.${value.map(e).join(explode ? "." : ",")}`;
    if (style === "matrix")
      return explode ? value.map((v) => `;${name}=${e(v)}`).join("") : `;${name}=${value.map(e).join(",")}`;
    return value.map(e).join(",");
  }
  if (isNode(value)) {
    const pairs = entries(value);
    if (style === "label")
      return `.${pairs.map(([k, v]) => (explode ? `${e(k)}=${e(v)}` : `${e(k)},${e(v)}`)).join(explode ? "." : ",")}`;
    if (style === "matrix")
      return explode
        ? pairs.map(([k, v]) => `;${e(k)}=${e(v)}`).join("")
        : `;${name}=${pairs.map(([k, v]) => `${e(k)},${e(v)}`).join(",")}`;
    return pairs.map(([k, v]) => (explode ? `${e(k)}=${e(v)}` : `${e(k)},${e(v)}`)).join(",");
  }
  if (style === "label") return `.${e(value)}`;
  if (style === "matrix") return `;${name}=${e(value)}`;
  return e(value);
}

/** Query (or form body) pieces of one parameter by style: `name=value` strings, encoded. */
export function queryPieces(
  name: string,
  value: unknown,
  style: string,
  explode: boolean,
  allowReserved: boolean,
): string[] {
  const e = (v: unknown) => (allowReserved ? pctReserved(text(v)) : pct(text(v)));
  const n = pct(name);
  if (style === "deepObject") return deepPieces(n, value);
  if (Array.isArray(value)) {
    if (value.length === 0) return [];
    if (explode) return value.map((v) => `${n}=${e(v)}`);
    const joiner = style === "spaceDelimited" ? "%20" : style === "pipeDelimited" ? "%7C" : ",";
    return [`${n}=${value.map(e).join(joiner)}`];
  }
  if (isNode(value)) {
    const pairs = entries(value);
    if (pairs.length === 0) return [];
    if (explode) return pairs.map(([k, v]) => `${e(k)}=${e(v)}`);
    const joiner = style === "spaceDelimited" ? "%20" : style === "pipeDelimited" ? "%7C" : ",";
    return [`${n}=${pairs.map(([k, v]) => `${e(k)}${joiner}${e(v)}`).join(joiner)}`];
  }
  return [`${n}=${e(value)}`];
}

/** deepObject as qs writes it: `n[k]=v`, `n[k][j]=v`, `n[0]=v`, brackets percent-encoded. */
function deepPieces(prefix: string, value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => deepPieces(`${prefix}%5B${i}%5D`, v));
  if (isNode(value)) return entries(value).flatMap(([k, v]) => deepPieces(`${prefix}%5B${pct(k)}%5D`, v));
  return [`${prefix}=${pct(text(value))}`];
}

/** A header parameter's value: simple style, not percent-encoded. */
export function headerValue(value: unknown, explode: boolean): string {
  if (Array.isArray(value)) return value.map(text).join(",");
  if (isNode(value))
    return entries(value)
      .map(([k, v]) => (explode ? `${k}=${text(v)}` : `${k},${text(v)}`))
      .join(",");
  return text(value);
}
