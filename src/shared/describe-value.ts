import { isArray } from "./object.js";

/** A short, safe description of any value for error messages (never throws, never calls user code). */
export function describeValue(value: unknown): string {
  if (value === null) return "null";
  if (isArray(value)) return "an array";
  switch (typeof value) {
    case "string":
      return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
    case "number":
    case "bigint":
    case "boolean":
    case "undefined":
      return String(value);
    case "symbol":
      return "a symbol";
    case "function":
      return "a function";
    default:
      return "an object";
  }
}
