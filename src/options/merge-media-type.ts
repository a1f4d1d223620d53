import type { EndpointError } from "../errors/endpoint-error.js";
import { arrayItems, snapshot } from "../errors/read-own.js";
import { describeValue } from "../shared/describe-value.js";
import { isArray, isPlainObject } from "../shared/object.js";
import { invalidOptions } from "./invalid-options.js";

export type MergedMediaType = { readonly format: string; readonly previews: readonly string[] };

/** No format, no previews: what merged options without a mediaType mean. */
export const NO_MEDIA_TYPE: MergedMediaType = Object.freeze({ format: "", previews: Object.freeze([]) });

/**
 * `mediaType` given over `base`: its format replaces, its previews follow the base's, each
 * once. Merged options (`merged`) hold a whole mediaType, kept as it is, where `null` is none.
 */
export function mergeMediaType(base: MergedMediaType, given: unknown, merged: boolean): MergedMediaType {
  // Merged options are told one shape; a call is told what is wrong.
  const invalid = (message: string, option: string): EndpointError =>
    merged
      ? invalidOptions(
          __DEV__
            ? `mediaType must be { format?: string, previews?: string[] }, got ${describeValue(given)}.`
            : "",
          "mediaType",
        )
      : invalidOptions(message, option);
  if (!isPlainObject(given)) {
    throw invalid(
      __DEV__
        ? `mediaType must be an object such as { format: "raw", previews: ["squirrel-girl"] }, got ${describeValue(given)}.`
        : "",
      "mediaType",
    );
  }
  let { format = base.format, previews = [] } = snapshot(given, __DEV__ ? "mediaType" : "");
  if (merged) {
    format ??= "";
    previews ??= [];
  }
  if (typeof format !== "string") {
    throw invalid(
      __DEV__ ? `mediaType.format must be a string such as "raw", got ${describeValue(format)}.` : "",
      "mediaType.format",
    );
  }
  if (!isArray(previews)) {
    throw invalid(
      __DEV__ ? `mediaType.previews must be an array of names, got ${describeValue(previews)}.` : "",
      "mediaType.previews",
    );
  }
  const names = base.previews.slice();
  const seen = new Set(names);
  const items = arrayItems(previews, (index) =>
    invalid(
      __DEV__ ? `A list in mediaType.previews has a hole at index ${index}; pass lists without holes.` : "",
      "mediaType.previews",
    ),
  );
  for (const name of items) {
    if (typeof name !== "string") {
      throw invalid(
        __DEV__ ? `mediaType.previews must hold strings, got ${describeValue(name)}.` : "",
        "mediaType.previews",
      );
    }
    // Merged options keep their list as it is; a call adds the names the base does not have.
    if (merged || !seen.has(name)) names.push(name);
    seen.add(name);
  }
  return { format, previews: names };
}
