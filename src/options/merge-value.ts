import { EndpointError } from "../errors/endpoint-error.js";
import { arrayItems, snapshot } from "../errors/read-own.js";
import { isArray, isPlainObject, nullRecord, setOwn } from "../shared/object.js";
import { invalidOptions } from "./invalid-options.js";

/** Nesting deeper than this (or a cycle) in merged plain objects is `invalid_options`. */
const MAX_DEPTH = 100;

/**
 * The work of one merge, in keys and items copied: a part shared over and over (or a cycle) is
 * copied at each place, and refused once past the limit instead of tracked, so merging takes
 * linear time in what it writes. Named as the JSON body check's count of values is (one
 * property name in the bundle).
 */
export interface Budget {
  /** Keys and items copied so far. */
  values: number;
}
const MAX_MERGED_VALUES = 1_000_000;

/**
 * `over` given over `base`: plain objects merge key by key, anything else given wins. What
 * comes from `base` is copied (its plain objects and arrays; other objects, such as an agent
 * or a signal in `request`, are not ours to copy), and frozen when `freeze`: defaults are
 * frozen, and a merged result gets its own copies of them. `budget` is shared by the merges of
 * one call (a merge of its own when not given); `depth` is the nesting reached.
 */
export function mergeValue(
  base: unknown,
  over: unknown,
  budget: Budget = { values: 0 },
  depth = 0,
  freeze = false,
): unknown {
  if (over !== undefined && !(isPlainObject(base) && isPlainObject(over))) return over;
  if (depth > MAX_DEPTH) {
    throw invalidOptions(
      __DEV__ ? `Options nest more than ${MAX_DEPTH} levels deep (or hold a cycle); flatten them.` : "",
    );
  }
  // Most values are no object at all: told at once, as every call merges its data.
  if (typeof base !== "object" || base === null) return base;
  const list = isArray(base);
  if (!list && !isPlainObject(base)) return base;
  // The base is read once too: in a merge it is a frozen copy of ours, but `freezeCopy` copies
  // the caller's objects, which may answer differently on a second read. A list is read and
  // written as a record of its indices, by the same steps as an object.
  const from = (
    list
      ? arrayItems(
          base,
          (index) =>
            new EndpointError(
              "invalid_parameter",
              __DEV__
                ? `A list in the defaults has a hole at index ${index}; pass lists without holes.`
                : "the defaults",
            ),
        )
      : snapshot(base as object, __DEV__ ? "the defaults" : "")
  ) as Record<string, unknown>;
  // Nothing over: an empty record with no prototype, where every key reads as not given.
  const read = over === undefined ? nullRecord() : snapshot(over as object, __DEV__ ? "the options" : "");
  const keys = Object.keys(from);
  const overKeys = Object.keys(read);
  budget.values += keys.length + overKeys.length + 1;
  if (budget.values > MAX_MERGED_VALUES) {
    throw invalidOptions(
      __DEV__
        ? `Merging would copy more than ${MAX_MERGED_VALUES} keys and items (a part shared many times is copied at each place): give the value whole in the call, or send less.`
        : "",
    );
  }
  const copy: Record<string, unknown> = {};
  for (const key of keys) setOwn(copy, key, mergeValue(from[key], read[key], budget, depth + 1, freeze));
  for (const key of overKeys) {
    if (read[key] !== undefined && !Object.hasOwn(from, key)) setOwn(copy, key, read[key]);
  }
  // A list made by assignment would call a setter at an index of a polluted Array.prototype.
  const out = list ? Object.values(copy) : copy;
  return freeze ? Object.freeze(out) : out;
}

/** A deeply frozen copy of plain objects and arrays, as `mergeValue` copies them. */
export function freezeCopy<T>(value: T): T {
  return mergeValue(value, undefined, undefined, 0, true) as T;
}
