import {
  type CompiledOperation,
  type FindOperation,
  OPERATION_TABLES,
} from "../operations/operation-tables.js";
import { type CompiledRoute, compileRoute } from "../route/compile-route.js";
import { toRequestMethod } from "../route/request-method.js";
import { describeValue } from "../shared/describe-value.js";
import { isPlainObject, nullRecord, setOwn, snapshot, unreadable } from "../shared/object.js";
import type { MergedOptions } from "../types/request.js";
import { checkBaseUrl } from "./check-base-url.js";
import { applyHeaders } from "./headers.js";
import { invalidOptions } from "./invalid-options.js";
import { type MediaType, mergeMediaType, NO_MEDIA_TYPE } from "./merge-media-type.js";
import { type Budget, mergeValue } from "./merge-value.js";
import { OPTION_KEYS, PARAMS_KEY } from "./option-keys.js";

/** Parameters: names in the order given, each once, and their values beside them. */
interface Parameters {
  readonly keys: readonly string[];
  readonly values: readonly unknown[];
  /**
   * Where the parameters named like an option (`url`, `method` beside a route; `$params`)
   * start in `keys`: they come after the others, and `merge()` keeps them under `$params`.
   */
  readonly named: number;
}

/** A call as given: its route compiled, its options read once, parameters apart from options. */
interface Call extends Parameters {
  readonly route: CompiledRoute | undefined;
  /** The route's operation in the builder's table: `null` when it has none, `undefined` when not asked. */
  readonly operation: CompiledOperation | null | undefined;
  /** The option values given, by key (`undefined` where not given). */
  readonly options: OptionValues;
}

/**
 * Defaults and a call merged, nothing expanded: what building a request needs, and what
 * `merge()` returns in the documented shape (`toMergedOptions`). A builder's own defaults are
 * held in this shape too, read once from its `DEFAULTS`.
 */
export interface Merged extends Parameters {
  readonly method: string;
  readonly route: CompiledRoute | undefined;
  readonly url: string | undefined;
  /** Checked where it entered. */
  readonly baseUrl: string;
  /** Lowercase names, values as given. */
  readonly headers: Readonly<Record<string, unknown>>;
  readonly mediaType: MediaType;
  /** The request headers when they are the defaults' own, computed once per builder. */
  readonly sent: Readonly<Record<string, string>> | undefined;
  readonly request: unknown;
  readonly data: unknown;
  /** The operation table as given, and how to find an operation in it (checked). */
  readonly operations: object | undefined;
  readonly findOperation: FindOperation | undefined;
  /** The route's operation when the call's reading found it (`null`: none); else asked again. */
  readonly operation: CompiledOperation | null | undefined;
}

/** A call's option values: every option key an own property, so reads never reach a prototype. */
interface OptionValues {
  method: unknown;
  url: unknown;
  baseUrl: unknown;
  headers: unknown;
  mediaType: unknown;
  data: unknown;
  request: unknown;
  operations: unknown;
}

/**
 * Reads a call given as `(route, options)` or `(options)`: one pass over the options' own
 * keys, each value read once. Beside a route, `method` and `url` are parameters: they never
 * move the request, and neither does `operations`. On a route that `operations` (the builder's
 * table) describes, a described parameter named like an option key (a body field `data`) is a
 * parameter too. A key named `$params` is always a parameter. `merged`: the options are merged
 * options given to `parse()` (or a builder's `DEFAULTS`), where `$params` holds parameters.
 */
function readCall(route: unknown, options: unknown, findOperation?: FindOperation, merged = false): Call {
  let compiled: CompiledRoute | undefined;
  // Not asked: `undefined`; asked, and none: `null`.
  let operation: CompiledOperation | null | undefined;
  let input = options;
  if (typeof route === "string") {
    compiled = compileRoute(route);
    if (findOperation !== undefined) operation = findOperation(compiled.method, compiled.url) ?? null;
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
  // One literal, so every call's record shares one hidden class and reads of it stay fast.
  const given: OptionValues = {
    method: undefined,
    url: undefined,
    baseUrl: undefined,
    headers: undefined,
    mediaType: undefined,
    data: undefined,
    request: undefined,
    operations: undefined,
  };
  let container: unknown;
  let keys: string[] = [];
  let values: unknown[] = [];
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
    for (let i = 0; i < entries.length; i++) {
      const [key, value] = entries[i] as [string, unknown];
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
      } else if (OPTION_KEYS.has(key)) {
        if (value !== undefined) given[key as keyof OptionValues] = value;
      } else {
        keys.push(key);
        values.push(value);
      }
    }
  }
  if (container !== undefined) unpackParams(container, keys, values, namedKeys, namedValues);
  const named = keys.length;
  if (namedKeys.length > 0) {
    keys = keys.concat(namedKeys);
    values = values.concat(namedValues);
  }
  return {
    route: compiled,
    operation,
    options: given,
    keys,
    values,
    named,
  };
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
        : PARAMS_KEY,
    );
  }
  const entries = snapshot(container, PARAMS_KEY);
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] as string;
    if (key in entries) {
      values[i] = entries[key];
      delete entries[key];
    }
  }
  for (const key of Object.keys(entries)) {
    namedKeys.push(key);
    namedValues.push(entries[key]);
  }
}

/**
 * Merged options (from `merge()`, a builder's `DEFAULTS`, or made by hand) read once into the
 * shape a request is built from: own properties only, each value once, `baseUrl` checked here.
 * What is missing (or `null`, where a string belongs) takes the value of empty defaults.
 */
export function readMerged(options: unknown): Merged {
  const call = readCall(undefined, options, undefined, true);
  const given = call.options;
  return {
    method: (given.method ?? "GET") as string,
    route: undefined,
    url: given.url as string | undefined,
    baseUrl: checkBaseUrl(given.baseUrl ?? ""),
    headers: applyHeaders({}, given.headers),
    mediaType: mergeMediaType(NO_MEDIA_TYPE, given.mediaType, true),
    sent: undefined,
    keys: call.keys,
    values: call.values,
    named: call.named,
    request: given.request,
    data: given.data,
    operations: given.operations as object | undefined,
    findOperation: given.operations === undefined ? undefined : checkOperations(given.operations),
    operation: undefined,
  };
}

/**
 * Applies `defaults` to a call, read with `readCall`: call values win, plain objects merge
 * deeply, previews concatenate, header names are lowercased. Nothing is expanded, nothing
 * given is changed.
 */
export function mergeCall(defaults: Merged, route: unknown, given: unknown): Merged {
  const call = readCall(route, given, defaults.findOperation);
  const { options } = call;
  // One budget for the call's data and parameters.
  const budget: Budget = { spent: 0 };
  const url: unknown = call.route?.url ?? options.url ?? defaults.url;
  if (url !== undefined && typeof url !== "string") {
    throw invalidOptions(
      __DEV__ ? `url must be a string such as "/user", got ${describeValue(url)}.` : "url",
    );
  }
  const merged = {
    method:
      call.route?.method ?? (options.method === undefined ? defaults.method : checkMethod(options.method)),
    route: call.route,
    url: url as string | undefined,
    baseUrl: options.baseUrl === undefined ? defaults.baseUrl : checkBaseUrl(options.baseUrl),
    headers:
      options.headers === undefined
        ? defaults.headers
        : applyHeaders({ ...defaults.headers }, options.headers),
    mediaType: mergeMediaType(defaults.mediaType, options.mediaType, false),
    sent: options.headers === undefined && options.mediaType === undefined ? defaults.sent : undefined,
    keys: call.keys,
    values: call.values,
    named: call.named,
    request: mergeRequest(defaults.request, options.request),
    data: mergeValue(defaults.data, options.data, 0, budget),
    operations: options.operations ?? defaults.operations,
    findOperation:
      options.operations === undefined ? defaults.findOperation : checkOperations(options.operations),
    // Found by readCall in the defaults' table, which is this call's: beside a route,
    // `operations` is a parameter.
    operation: options.operations === undefined ? call.operation : undefined,
  };
  return defaults.keys.length === 0 ? merged : { ...merged, ...mergeParameters(defaults, call, budget) };
}

/**
 * The defaults' parameters merged with the call's: the defaults' others, then the call's new
 * others, then the same for those named like an option. Each name once, at its first place.
 * Each part is gathered in a record, which lists integer-like names first as the object
 * `merge()` returns does: building from the call gives the url building from that object gives.
 */
function mergeParameters(defaults: Merged, call: Call, budget: Budget): Parameters {
  const given = nullRecord();
  for (let i = 0; i < call.keys.length; i++) given[call.keys[i] as string] = call.values[i];
  const others = nullRecord();
  const named = nullRecord();
  // Adds the part of `from` that goes to `to`: its others, or those named like an option.
  const add = (from: Parameters, to: Record<string, unknown>): void => {
    const end = to === others ? from.named : from.keys.length;
    for (let i = to === others ? 0 : from.named; i < end; i++) {
      const key = from.keys[i] as string;
      const value = given[key];
      // `undefined` is "not given": it takes no place, so a default of that name (kept under
      // `$params`, merged later) still applies.
      if (key in others || key in named || (from === call && value === undefined)) continue;
      to[key] = from === call ? value : mergeValue(defaults.values[i], value, 0, budget);
    }
  };
  add(defaults, others);
  add(call, others);
  add(defaults, named);
  add(call, named);
  const first = Object.keys(others);
  const keys = first.concat(Object.keys(named));
  return {
    keys,
    values: keys.map((key, i) => (i < first.length ? others : named)[key]),
    named: first.length,
  };
}

/**
 * Merged options as `merge()` returns them: `method`, `baseUrl`, `url`, `headers`,
 * `mediaType`, the parameters, those named like an option under `$params`, then `request`
 * and `data`. Fresh objects throughout: changing the result never changes a builder.
 */
export function toMergedOptions(merged: Merged): MergedOptions {
  // A literal defines its keys: assignment would consult a (polluted or frozen) Object.prototype.
  const result: Record<string, unknown> = {
    method: merged.method,
    baseUrl: merged.baseUrl,
    url: merged.url,
    headers: { ...merged.headers },
    mediaType: { format: merged.mediaType.format, previews: merged.mediaType.previews.slice() },
  };
  if (merged.url === undefined) delete result.url;
  const named: Record<string, unknown> = {};
  for (let i = 0; i < merged.keys.length; i++) {
    put(i < merged.named ? result : named, merged.keys[i] as string, merged.values[i]);
  }
  if (Object.keys(named).length > 0) setOwn(result, PARAMS_KEY, named);
  put(result, "request", merged.request);
  put(result, "data", merged.data);
  put(result, "operations", merged.operations);
  return result as MergedOptions;
}

/** Sets `key` when there is a value: `undefined` is "not given". */
function put(target: Record<string, unknown>, key: string, value: unknown): void {
  if (value !== undefined) setOwn(target, key, value);
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
        : "operations",
    );
  }
  return find;
}

function checkMethod(method: unknown): string {
  toRequestMethod(method);
  return method as string;
}

/** `request` is handed to the HTTP client as given: the same object when only one side sets it. */
function mergeRequest(base: unknown, given: unknown): unknown {
  if (given === undefined) return base;
  if (typeof given !== "object" || given === null) {
    throw invalidOptions(
      __DEV__ ? `request must be an object of client settings, got ${describeValue(given)}.` : "request",
    );
  }
  return mergeValue(base, given, 0, { spent: 0 });
}
