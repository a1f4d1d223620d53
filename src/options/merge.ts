import { snapshot, unreadable } from "../errors/read-own.js";
import { type CompiledRoute, compileRoute } from "../route/compile-route.js";
import { toRequestMethod } from "../route/request-method.js";
import { describeValue } from "../shared/describe-value.js";
import { isPlainObject, nullRecord, setUnset } from "../shared/object.js";
import type { MergedOptions } from "../types/request.js";
import { checkBaseUrl } from "./check-base-url.js";
import { applyHeaders } from "./headers.js";
import { invalidOptions } from "./invalid-options.js";
import { type MergedMediaType, mergeMediaType, NO_MEDIA_TYPE } from "./merge-media-type.js";
import { type Budget, mergeValue } from "./merge-value.js";
import { type CompiledOperation, type FindOperation, OPERATION_TABLES } from "./operation-tables.js";
import { PARAMS_KEY } from "./option-keys.js";

/**
 * Defaults and a call merged, nothing expanded: what building a request needs, and what
 * `merge()` returns in the documented shape (`toMergedOptions`). A builder's own defaults are
 * held in this shape too. Every record of it is made by the literal in `mergeCall`, copied
 * from one with a field changed (a builder's defaults) or written in the same order
 * (`EMPTY_DEFAULTS`), so all share one hidden class and reads of them stay fast.
 */
export interface Merged {
  readonly method: string;
  readonly route: CompiledRoute | undefined;
  /** A string, except in merged options given to `parse()`, whose url `buildRequest` checks. */
  readonly url: string | undefined;
  /** Checked where it entered. */
  readonly baseUrl: string;
  /** Lowercase names, values as given. */
  readonly headers: Readonly<Record<string, unknown>>;
  readonly mediaType: MergedMediaType;
  /** The request headers when they are the defaults' own, computed once per builder. */
  readonly sent: Readonly<Record<string, string>> | undefined;
  readonly request: unknown;
  readonly data: unknown;
  /**
   * The operation table as given, and how to find an operation in it (checked; `find`, a name
   * the bundle has already, as `Array.prototype.find`).
   */
  readonly operations: object | undefined;
  readonly find: FindOperation | undefined;
  /** The route's operation when the call's reading found it (`null`: none); else asked again. */
  readonly operation: CompiledOperation | null | undefined;
  /** Parameter names in the order given, each once, and their values beside them. */
  readonly keys: readonly string[];
  readonly values: readonly unknown[];
  /**
   * Where the parameters named like an option (`url`, `method` beside a route; `$params`)
   * start in `keys`: they come after the others, and `merge()` keeps them under `$params`.
   */
  readonly named: number;
}

/**
 * A call's option values: every option key (`OPTION_KEYS`, the same names) an own property, so
 * reads never reach a prototype, and `Object.hasOwn` of it tells an option key.
 */
interface OptionValues {
  method: unknown;
  url: unknown;
  baseUrl: unknown;
  headers: unknown;
  mediaType: unknown;
  request: unknown;
  data: unknown;
  operations: unknown;
}

/**
 * Defaults with nothing in them: merged options given to `parse()` (or a builder's `DEFAULTS`)
 * are read over these, so what is missing takes their value. Every field is written out, in
 * the order of `mergeCall`'s literal (one hidden class): a field left out would be read from a
 * (possibly polluted) Object.prototype.
 */
export const EMPTY_DEFAULTS: Merged = {
  method: "GET",
  route: undefined,
  url: undefined,
  baseUrl: "",
  headers: {},
  mediaType: NO_MEDIA_TYPE,
  sent: undefined,
  request: undefined,
  data: undefined,
  operations: undefined,
  find: undefined,
  operation: undefined,
  keys: [],
  values: [],
  named: 0,
};

/**
 * Applies `defaults` to a call given as `(route, options)` or `(options)`: call values win,
 * plain objects merge deeply, previews concatenate, header names are lowercased. Nothing is
 * expanded, nothing given is changed, and each of the options' values is read once.
 *
 * Beside a route, `method` and `url` are parameters: they never move the request, and neither
 * does `operations`. On a route that the builder's table describes, a described parameter
 * named like an option key (a body field `data`) is a parameter too. A key named `$params` is
 * always a parameter. `merged`: the options are merged options given to `parse()` (or a
 * builder's `DEFAULTS`), where `$params` holds parameters, a missing or `null` method or
 * baseUrl is the defaults', and url and request are taken as they are (`buildRequest` checks
 * the url).
 */
export function mergeCall(defaults: Merged, route: unknown, options: unknown, merged = false): Merged {
  let compiled: CompiledRoute | undefined;
  let operation: CompiledOperation | null | undefined;
  let input = options;
  if (typeof route === "string") {
    compiled = compileRoute(route);
    // Asked of the builder's table: `null` when it has none (or no table); `undefined` when
    // not asked, where `buildRequest` asks.
    operation = defaults.find?.(compiled.method, compiled.url) ?? null;
  } else if (route !== undefined) {
    if (options !== undefined) {
      throw invalidOptions(
        __DEV__
          ? `Two options objects were given: pass a route string first, e.g. ("GET /user", options), or one options object.`
          : "",
      );
    }
    input = route;
  }
  // One literal, so every call's record shares one hidden class and reads of it stay fast. Its
  // keys are in the order of `EMPTY_DEFAULTS`, which gzip finds again.
  const given: OptionValues = {
    method: undefined,
    url: undefined,
    baseUrl: undefined,
    headers: undefined,
    mediaType: undefined,
    request: undefined,
    data: undefined,
    operations: undefined,
  };
  const keys: string[] = [];
  const values: unknown[] = [];
  const named = readOptions(input, compiled, operation, merged, given, keys, values);

  const url: unknown = compiled?.url ?? (merged ? given.url : (given.url ?? defaults.url));
  if (!merged && url !== undefined && typeof url !== "string") {
    throw invalidOptions(
      __DEV__ ? `url must be a string such as "/user", got ${describeValue(url)}.` : "",
      "url",
    );
  }
  // Read once each into a local: shorter than the property in the bundle.
  const { headers, operations } = given;
  // One budget for the call's data and parameters.
  const budget: Budget = { values: 0 };
  return {
    // A call's method is checked, and kept as written (a checked method is never "").
    method:
      compiled?.method ??
      (given.method === undefined
        ? defaults.method
        : merged
          ? (given.method as string)
          : toRequestMethod(given.method) && (given.method as string)),
    route: compiled,
    url: url as string | undefined,
    baseUrl: given.baseUrl === undefined ? defaults.baseUrl : checkBaseUrl(given.baseUrl),
    headers: headers === undefined ? defaults.headers : applyHeaders({ ...defaults.headers }, headers),
    // Merges called only when both sides may hold something: a function never called is never
    // compiled, and most calls set none of these (a cold start compiles what its first call runs).
    mediaType:
      given.mediaType === undefined
        ? defaults.mediaType
        : mergeMediaType(defaults.mediaType, given.mediaType, merged),
    sent: headers === undefined && given.mediaType === undefined ? defaults.sent : undefined,
    request: merged
      ? given.request
      : given.request === undefined
        ? defaults.request
        : mergeRequest(defaults.request, given.request),
    data: defaults.data === undefined ? given.data : mergeValue(defaults.data, given.data, budget),
    operations: (operations ?? defaults.operations) as object | undefined,
    find: operations === undefined ? defaults.find : checkOperations(operations),
    // Found in the defaults' table, which is this call's: beside a route, `operations` is a
    // parameter.
    operation: operations === undefined ? operation : undefined,
    keys,
    values,
    named: defaults.keys.length === 0 ? named : mergeParameters(defaults, keys, values, named, budget),
  };
}

/**
 * Reads a call's options (or merged options) in one pass: option keys into `given`, parameters
 * into `keys` and `values` in the order given, those named like an option (beside a route, on a
 * route whose operation names them, under `$params`) after the others. Returns where those
 * named like an option start.
 */
function readOptions(
  input: unknown,
  compiled: CompiledRoute | undefined,
  operation: CompiledOperation | null | undefined,
  merged: boolean,
  given: OptionValues,
  keys: string[],
  values: unknown[],
): number {
  let container: unknown;
  const namedKeys: string[] = [];
  const namedValues: unknown[] = [];
  if (input !== undefined || merged) {
    if (!isPlainObject(input)) {
      throw invalidOptions(
        __DEV__
          ? merged
            ? `parse() takes merged options (an object), got ${describeValue(input)}.`
            : `Options must be a plain object such as { owner: "octokit" }, got ${describeValue(input)}.`
          : "",
      );
    }
    // One built-in pass reads keys and values: a read by name would go through a property
    // cache that sees a different object shape for nearly every route.
    let entries: [string, unknown][];
    try {
      entries = Object.entries(input);
    } catch (error) {
      throw unreadable(error, __DEV__ ? (merged ? "the merged options" : "the options") : "");
    }
    for (const [key, value] of entries) {
      if (key === PARAMS_KEY && compiled === undefined && (merged || isPlainObject(value))) {
        // Options without a route may be merged options given back (merge(merge(...))): their
        // parameters named like options are under $params, read as parse reads them.
        container = value;
      } else if (
        key === PARAMS_KEY ||
        (compiled !== undefined && (key === "url" || key === "method" || key === "operations")) ||
        operation?.optionNamed.has(key)
      ) {
        namedKeys.push(key);
        namedValues.push(value);
      } else if (Object.hasOwn(given, key)) {
        // An option key (`OPTION_KEYS`): `given` has each as an own property.
        // `undefined` is "not given"; in merged options, so is a null method or baseUrl.
        if (value !== undefined && (value !== null || !merged || (key !== "method" && key !== "baseUrl"))) {
          given[key as keyof OptionValues] = value;
        }
      } else {
        keys.push(key);
        values.push(value);
      }
    }
  }
  if (container !== undefined) unpackParams(container, keys, values, namedKeys, namedValues);
  const named = keys.length;
  keys.push(...namedKeys);
  values.push(...namedValues);
  return named;
}

/**
 * The parameters under `$params`, after those beside it (`keys`, `values`): a new name goes to
 * `namedKeys`/`namedValues`; a name both beside and under `$params` is one parameter, whose
 * value under `$params` wins.
 */
function unpackParams(
  container: unknown,
  keys: readonly string[],
  values: unknown[],
  namedKeys: string[],
  namedValues: unknown[],
): void {
  if (!isPlainObject(container)) {
    throw invalidOptions(
      __DEV__
        ? `${PARAMS_KEY} must be an object of parameters named like options, such as { url: "https://hook.example" }, got ${describeValue(container)}.`
        : "",
      PARAMS_KEY,
    );
  }
  const entries = snapshot(container, PARAMS_KEY);
  // A name both beside `$params` and in it is refused, not settled by a rule: options spread
  // from untrusted data could otherwise replace a parameter the application wrote after them.
  // `undefined` on either side means not given.
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] as string;
    if (!(key in entries)) continue;
    if (entries[key] === undefined) delete entries[key];
    else if (values[i] === undefined) {
      values[i] = entries[key];
      delete entries[key];
    } else {
      throw invalidOptions(
        __DEV__
          ? `The parameter ${JSON.stringify(key)} is given both beside ${PARAMS_KEY} and in it: give it once.`
          : "",
        PARAMS_KEY,
        key,
      );
    }
  }
  for (const key of Object.keys(entries)) {
    namedKeys.push(key);
    namedValues.push(entries[key]);
  }
}

/**
 * The defaults' parameters merged with the call's (`keys`, `values`, those from `named` on
 * named like an option), written over the call's: the defaults' others, then the call's new
 * others, then the same for those named like an option. Each name once, at its first place.
 * Each part is gathered in a record, which lists integer-like names first as the object
 * `merge()` returns does: building from the call gives the url building from that object gives.
 * Returns where those named like an option start.
 */
function mergeParameters(
  defaults: Merged,
  keys: string[],
  values: unknown[],
  named: number,
  budget: Budget,
): number {
  const given = nullRecord();
  for (let i = 0; i < keys.length; i++) given[keys[i] as string] = values[i];
  const others = nullRecord();
  const rest = nullRecord();
  for (const to of [others, rest]) {
    for (const from of [defaults.keys, keys]) {
      const call = from === keys;
      const start = call ? named : defaults.named;
      for (let i = 0; i < from.length; i++) {
        const key = from[i] as string;
        const value = given[key];
        // `undefined` is "not given": it takes no place, so a default of that name (kept under
        // `$params`, merged later) still applies.
        if (i < start !== (to === others) || key in others || key in rest || (call && value === undefined)) {
          continue;
        }
        to[key] = call ? value : mergeValue(defaults.values[i], value, budget);
      }
    }
  }
  keys.length = 0;
  values.length = 0;
  for (const part of [others, rest]) {
    for (const key in part) {
      keys.push(key);
      values.push(part[key]);
    }
  }
  return Object.keys(others).length;
}

/**
 * Merged options as `merge()` returns them: `method`, `baseUrl`, `url`, `headers`,
 * `mediaType`, the parameters, those named like an option under `$params`, then `request`,
 * `data` and `operations`. Fresh objects throughout: changing the result never changes a
 * builder.
 */
export function toMergedOptions(merged: Merged): MergedOptions {
  const { keys, values, mediaType } = merged;
  // A literal defines its keys: assignment would consult a (polluted or frozen) Object.prototype.
  const result: Record<string, unknown> = {
    method: merged.method,
    baseUrl: merged.baseUrl,
    url: merged.url,
    headers: { ...merged.headers },
    mediaType: { format: mediaType.format, previews: mediaType.previews.slice() },
  };
  if (merged.url === undefined) delete result.url;
  const named: Record<string, unknown> = {};
  // None of these keys is set yet: parameters are never named like an option beside them, and
  // each name is once in `keys`. `setUnset` is `setOwn` for a value, then.
  for (let i = 0; i < keys.length; i++)
    setUnset(i < merged.named ? result : named, keys[i] as string, values[i]);
  // `named` is ours: its keys are read without a guard.
  setUnset(result, PARAMS_KEY, Object.keys(named).length > 0 ? named : undefined);
  for (const key of ["request", "data", "operations"] as const) setUnset(result, key, merged[key]);
  return result as MergedOptions;
}

/**
 * `operations` must be a table `describeOperations` made: a lookalike is not asked anything
 * (a WeakMap answers `undefined` for any other value, and calls no trap of a Proxy).
 */
function checkOperations(operations: unknown): FindOperation {
  const find = OPERATION_TABLES.get(operations as object);
  if (find === undefined) {
    throw invalidOptions(
      __DEV__
        ? `operations must be a table made by describeOperations() (a module written by \`rest-endpoint generate\` exports one), got ${describeValue(operations)}.`
        : "",
      "operations",
    );
  }
  return find;
}

/** `request` is handed to the HTTP client as given: the same object when only one side sets it. */
function mergeRequest(base: unknown, given: unknown): unknown {
  if (typeof given !== "object" || given === null) {
    throw invalidOptions(
      __DEV__ ? `request must be an object of client settings, got ${describeValue(given)}.` : "",
      "request",
    );
  }
  return mergeValue(base, given);
}
