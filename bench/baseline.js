// The hand-specialised baseline: for each route, the function a person would write for it
// alone (string concatenation of the encoded parameters plus the headers object), generated
// once per route. No template is parsed and nothing generic runs per call: it is the limit a
// general library can approach.

const HEADERS = { accept: "application/vnd.github.v3+json", "user-agent": "rest-endpoint/1.0.0" };
const JSON_TYPE = "application/json; charset=utf-8";

/** encodeURIComponent plus the five characters it leaves that RFC 3986 reserves. */
function enc(value) {
  const text = typeof value === "string" ? value : String(value);
  return /^[A-Za-z0-9\-._~]*$/.test(text)
    ? text
    : encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

function encValue(value) {
  return Array.isArray(value) ? value.map(enc).join(",") : enc(value);
}

/** Compiles one operation into `(parameters) => request options`. */
export function specialise(operation, baseUrl = "https://api.github.com") {
  const method = operation.method.toLowerCase();
  const pathNames = new Set(operation.path);
  const queryInUrl = operation.url.match(/\{\?([^}]*)\}/)?.[1].split(",") ?? [];
  const path = operation.url.replace(/\{\?[^}]*\}/, "");
  const full = path.startsWith("http") ? path : baseUrl + path;
  const urlCode = full
    .split(/(\{[^}]+\})/)
    .filter((piece) => piece !== "")
    .map((piece) =>
      piece.startsWith("{") ? `enc(p[${JSON.stringify(piece.slice(1, -1))}])` : JSON.stringify(piece),
    )
    .join(" + ");
  const queryNames =
    method === "get" ? operation.query.map((q) => q.name).filter((n) => !pathNames.has(n)) : queryInUrl;
  const bodyNames =
    method === "get"
      ? []
      : Object.keys(operation.example).filter(
          (n) => !pathNames.has(n) && !queryInUrl.includes(n) && n !== "data" && n !== "headers",
        );
  let code = `let url = ${urlCode}; let q = "";\n`;
  // An empty last parameter leaves a trailing slash that the route's own path does not have.
  if (path.endsWith("}")) code += `if (url.endsWith("/")) url = url.slice(0, -1);\n`;
  for (const name of queryNames) {
    const key = JSON.stringify(name);
    code += `if (p[${key}] != null) q += (q === "" ? "?" : "&") + ${JSON.stringify(`${encodeURIComponent(name)}=`)} + encValue(p[${key}]);\n`;
  }
  code += `const headers = { accept: H.accept, "user-agent": H["user-agent"] };\n`;
  code += `const result = { method: ${JSON.stringify(method)}, url: url + q, headers };\n`;
  if (method !== "get") {
    code += `let body;\nif (p.data !== undefined) body = p.data;\nelse {\n`;
    for (const name of bodyNames) {
      const key = JSON.stringify(name);
      code += `if (p[${key}] !== undefined) (body ??= {})[${key}] = p[${key}];\n`;
    }
    code += "}\n";
    if (method === "put" || method === "patch") code += `if (body === undefined) body = "";\n`;
    code += `if (body !== undefined) { result.body = body; if (body !== "") headers["content-type"] = p.headers?.["content-type"] ?? J; }\n`;
  }
  code += "return result;";
  return new Function("enc", "encValue", "H", "J", `return (p) => {\n${code}\n};`)(
    enc,
    encValue,
    HEADERS,
    JSON_TYPE,
  );
}
