import type { RefTarget } from "./cross-file-refs.js";
import { type Place, placeKeys } from "./place.js";

/** The section of a Swagger 2.0 description that keeps a target of another file, or a copy. */
export type SwaggerHome = "definitions" | "parameters" | "copy";

/**
 * Where a Swagger 2.0 description keeps a target of another file, by the place of the first
 * `$ref` to it: `definitions` for a schema (a place under `definitions` or a `schema`),
 * `parameters` for a parameter of an operation or path item, `"copy"` for a body or form
 * parameter (which the upgrade moves into a request body), `undefined` for anything else
 * (placed where its first `$ref` is, as in OpenAPI 3). The upgrade to OpenAPI 3 moves what an
 * operation holds (a response's schema into its content, a body parameter into the request
 * body), so a pointer into an operation would name nothing after it; these sections it
 * moves whole, pointers included.
 */
export function swaggerHome(place: Place | null, target: unknown): SwaggerHome | undefined {
  if (typeof target !== "object" || target === null || Array.isArray(target)) return undefined;
  const keys = placeKeys(place);
  if (keys[0] === "definitions" || keys.includes("schema")) return "definitions";
  const last = keys.length - 1;
  if (keys[0] === "paths" && keys[last - 1] === "parameters" && /^\d+$/.test(String(keys[last]))) {
    const where = (target as { in?: unknown }).in;
    return where === "body" || where === "formData" ? "copy" : "parameters";
  }
  return undefined;
}

/**
 * A name for a target in `section` of the description: the last token of its pointer, or
 * its file's name, made unique with a number (`Pet`, `Pet_2`).
 */
export function homeName(doc: Record<string, unknown>, section: string, target: RefTarget): string {
  const last = target.tokens.at(-1);
  const file = target.file.path
    .split(/[\\/]/)
    .at(-1)
    ?.replace(/\.[^.]*$/, "");
  const base = last !== undefined && last !== "" ? last : file || "schema";
  const taken = Object.hasOwn(doc, section) ? (doc[section] as object) : {};
  let name = base === "__proto__" ? "schema" : base;
  for (let n = 2; Object.hasOwn(taken, name); n++) name = `${base}_${n}`;
  return name;
}
