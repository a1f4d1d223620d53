import { EndpointError, type EndpointErrorCode } from "../endpoint-error.js";
import { type CompiledRoute, compileRoute } from "../route/compile-route.js";
import type { CompiledOperation } from "../route/describe-operations.js";
import { toRequestMethod } from "../route/request-method.js";
import { describe } from "../shared/describe-value.js";
import { arrayItems, isArray, isPlainObject, setOwn, snapshot, unreadable } from "../shared/object.js";
import { type FindOperation, OPERATION_TABLES } from "../shared/operation-tables.js";
import type { MergedOptions } from "../types/request.js";
import { checkBaseUrl } from "./check-base-url.js";
import { applyHeaders } from "./headers.js";
import { OPTION_KEYS, PARAMS_KEY } from "./option-keys.js";

/** Nesting deeper than this (or a cycle) in merged plain objects is `invalid_options`. */
const MAX_DEPTH = 100;

const NO_OPTIONS: Readonly<Record<string, unknown>> = Object.freeze(Object.create(null));

/** A call as given: its route compiled, its options read once, parameters apart from options. */
export interface Call {
  readonly route: CompiledRoute | undefined;
  /** The route's operation in the builder's table: `null` when it has none, `undefined` when not asked. */
  readonly operation: CompiledOperation | null | undefined;
  /** The option values given, by key (`undefined` where not given). */
  readonly options: OptionValues;
  /** The parameters: names in the order given, each once, and their values beside them. */
  readonly keys: readonly string[];
  readonly values: readonly unknown[];
  /**
   * Where the parameters named like an option (`url`, `method` beside a route; `$params`)
   * start in `keys`: they come after the others, and `merge()` keeps them under `$params`.
   */
  readonly named: number;
}

/**
 * Defaults and a call merged, nothing expanded: what building a request needs, and what
 * `merge()` returns in the documented shape (`toMergedOptions`). A builder's own defaults are
 * held in this shape too, read once from its `DEFAULTS`.
 */
export interface Merged {
  readonly method: string;
  readonly route: CompiledRoute | undefined;
  readonly url: string | undefined;
  /** Checked where it entered. */
  readonly baseUrl: string;
  /** Lowercase names, values as given. */
  readonly headers: Readonly<Record<string, unknown>>;
  readonly mediaType: { readonly format: string; readonly previews: readonly string[] };
  /** The request headers when they are the defaults' own, computed once per builder. */
  readonly sent: Readonly<Record<string, string>> | undefined;
  readonly keys: readonly string[];
  readonly values: readonly unknown[];
  readonly named: number;
  readonly request: unknown;
  readonly data: unknown;
  /** The operation table as given, and how to find an operation in it (checked). */
  readonly operations: object | undefined;
  readonly findOperation: FindOperation | undefined;
  /** The route's operation when the call's reading found it (`null`: none); else asked again. */
  readonly operation: CompiledOperation | null | undefined;
}

/** A call's option values: every option key an own property, so reads never reach a prototype. */
export interface OptionValues {
  method: unknown;
  url: unknown;
  baseUrl: unknown;
  headers: unknown;
  mediaType: unknown;
  data: unknown;
  request: unknown;
  operations: unknown;
}

// One literal, so every call's record shares one hidden class and reads of it stay fast.
function optionValues(): OptionValues {
  return {
    method: undefined,
    url: undefined,
    baseUrl: undefined,
    headers: undefined,
    mediaType: undefined,
    data: undefined,
    request: undefined,
    operations: undefined,
  };
}

/**
 * Reads a call given as `(route, options)` or `(options)`: one pass over the options' own
 * keys, each value read once. Beside a route, `method` and `url` are parameters: they never
 * move the request, and neither does `operations`. On a route that `operations` (the builder's
 * table) describes, a described parameter named like an option key (a body field `data`) is a
 * parameter too. A key named `$params` is always a parameter.
 */
export function readCall(route: unknown, options: unknown, findOperation?: FindOperation): Call {
  let compiled: CompiledRoute | undefined;
  let operation: CompiledOperation | undefined;
  let input = options;
  if (typeof route === "string") {
    compiled = compileRoute(route);
    operation = findOperation?.(compiled.method, compiled.url);
  } else if (route !== undefined) {
    if (options !== undefined) {
      throw new EndpointError(
        "invalid_options",
        __DEV__
          ? `Two options objects were given: pass a route string first, e.g. ("GET /user", options), or one options object.`
          : "",
      );
    }
    input = route;
  }
  const given = optionValues();
  let container: Record<string, unknown> | undefined;
  let keys: string[] = [];
  let values: unknown[] = [];
  const namedKeys: string[] = [];
  const namedValues: unknown[] = [];
  if (input !== undefined) {
    if (!isPlainObject(input)) {
      throw new EndpointError(
        "invalid_options",
        __DEV__ ? `Options must be a plain object such as { owner: "octokit" }, got ${describe(input)}.` : "",
      );
    }
    // One built-in pass reads keys and values: a read by name would go through a property
    // cache that sees a different object shape for nearly every route.
    let entries: [string, unknown][];
    try {
      entries = Object.entries(input);
    } catch (error) {
      throw unreadable(error, "the options");
    }
    for (let i = 0; i < entries.length; i++) {
      const [key, value] = entries[i] as [string, unknown];
      if (key === PARAMS_KEY && compiled === undefined && isPlainObject(value)) {
        // Options without a route may be merged options given back (merge(merge(...))): their
        // parameters named like options are under $params, read as parse reads them.
        container = value;
      } else if (
        key === PARAMS_KEY ||
        (compiled !== undefined && (key === "url" || key === "method" || key === "operations")) ||
        operation?.optionNamed.has(key) === true
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
    operation: compiled === undefined || findOperation === undefined ? undefined : (operation ?? null),
    options: given,
    keys,
    values,
    named,
  };
}

/**
 * Applies `defaults` to a call: call values win, plain objects merge deeply, previews
 * concatenate, header names are lowercased. Nothing is expanded, nothing given is changed.
 */
export function mergeCall(defaults: Merged, call: Call): Merged {
  const { options } = call;
  // One budget for the call's data and parameters.
  const budget = new Budget();
  const url: unknown = call.route?.url ?? options.url ?? defaults.url;
  if (url !== undefined && typeof url !== "string") {
    throw new EndpointError(
      "invalid_options",
      __DEV__ ? `url must be a string such as "/user", got ${describe(url)}.` : "url",
    );
  }
  const sameHeaders = options.headers === undefined && options.mediaType === undefined;
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
    mediaType:
      options.mediaType === undefined
        ? defaults.mediaType
        : mergeMediaType(defaults.mediaType, options.mediaType),
    sent: sameHeaders ? defaults.sent : undefined,
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
 */
function mergeParameters(
  defaults: Merged,
  call: Call,
  budget: Budget,
): Pick<Merged, "keys" | "values" | "named"> {
  const given = new Map<string, number>();
  for (let i = 0; i < call.keys.length; i++) given.set(call.keys[i] as string, i);
  const keys: string[] = [];
  const values: unknown[] = [];
  const placed = new Set<string>();
  const add = (from: Merged | Call, start: number, end: number): void => {
    for (let i = start; i < end; i++) {
      const key = from.keys[i] as string;
      if (placed.has(key)) continue;
      const index = given.get(key);
      const value = index === undefined ? undefined : call.values[index];
      // `undefined` is "not given": it takes no place, so a default of that name (kept under
      // `$params`, merged later) still applies.
      if (from === call && value === undefined) continue;
      placed.add(key);
      keys.push(key);
      values.push(from === call ? value : mergeValue(defaults.values[i], value, 0, budget));
    }
  };
  add(defaults, 0, defaults.named);
  add(call, 0, call.named);
  const named = keys.length;
  add(defaults, defaults.named, defaults.keys.length);
  add(call, call.named, call.keys.length);
  inKeyOrder(keys, values, 0, named);
  inKeyOrder(keys, values, named, keys.length);
  return { keys, values, named };
}

/**
 * Puts `keys[start..end)` (and their values) in the order an object lists them: integer-like
 * names first, ascending, then the others as added. `merge()` returns an object, so the query
 * built from it has that order; building from the call must give the same url.
 */
function inKeyOrder(keys: string[], values: unknown[], start: number, end: number): void {
  const entries = keys.slice(start, end).map((key, i) => [key, values[start + i]] as const);
  const indices = entries.filter(([key]) => isIndex(key)).sort((a, b) => Number(a[0]) - Number(b[0]));
  const others = entries.filter(([key]) => !isIndex(key));
  [...indices, ...others].forEach(([key, value], i) => {
    keys[start + i] = key;
    values[start + i] = value;
  });
}

function isIndex(key: string): boolean {
  return /^(0|[1-9]\d{0,9})$/.test(key) && Number(key) < 2 ** 32 - 1;
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
    ...(merged.url === undefined ? {} : { url: merged.url }),
    headers: { ...merged.headers },
    mediaType: { format: merged.mediaType.format, previews: merged.mediaType.previews.slice() },
  };
  let named: Record<string, unknown> | undefined;
  for (let i = 0; i < merged.keys.length; i++) {
    const value = merged.values[i];
    if (value === undefined) continue;
    if (i < merged.named) {
      setOwn(result, merged.keys[i] as string, value);
    } else {
      named ??= {};
      setOwn(named, merged.keys[i] as string, value);
    }
  }
  if (named !== undefined) setOwn(result, PARAMS_KEY, named);
  if (merged.request !== undefined) setOwn(result, "request", merged.request);
  if (merged.data !== undefined) setOwn(result, "data", merged.data);
  if (merged.operations !== undefined) setOwn(result, "operations", merged.operations);
  return result as MergedOptions;
}

/**
 * Merged options (from `merge()`, a builder's `DEFAULTS`, or made by hand) read once into the
 * shape a request is built from: own properties only, each value once, `baseUrl` checked here.
 */
export function readMerged(options: unknown): Merged {
  if (!isPlainObject(options)) {
    throw new EndpointError(
      "invalid_options",
      __DEV__ ? `parse() takes merged options (an object), got ${describe(options)}.` : "",
    );
  }
  const read = snapshot(options, "the merged options");
  const keys: string[] = [];
  const values: unknown[] = [];
  for (const key of Object.keys(read)) {
    if (OPTION_KEYS.has(key) || key === PARAMS_KEY) continue;
    keys.push(key);
    values.push(read[key]);
  }
  const named = keys.length;
  const container = read[PARAMS_KEY];
  if (container !== undefined) {
    if (!isPlainObject(container)) {
      throw new EndpointError(
        "invalid_options",
        __DEV__
          ? `${PARAMS_KEY} must be an object of parameters named like options, such as { url: "https://hook.example" }, got ${describe(container)}.`
          : PARAMS_KEY,
      );
    }
    unpackParams(container, keys, values, keys, values);
  }
  const method = read.method ?? "GET";
  return {
    method: method as string,
    route: undefined,
    url: read.url as string | undefined,
    baseUrl: checkBaseUrl(read.baseUrl ?? ""),
    headers: applyHeaders({}, read.headers),
    mediaType: mediaTypeOf(read.mediaType),
    sent: undefined,
    keys,
    values,
    named,
    request: read.request,
    data: read.data,
    operations: read.operations as object | undefined,
    findOperation: read.operations === undefined ? undefined : checkOperations(read.operations),
    operation: undefined,
  };
}

/** `operations` must be a table `describeOperations` made: a lookalike is not asked anything. */
function checkOperations(operations: unknown): FindOperation {
  const find =
    typeof operations === "object" && operations !== null ? OPERATION_TABLES.get(operations) : undefined;
  if (find === undefined) {
    throw new EndpointError(
      "invalid_options",
      __DEV__
        ? `operations must be a table made by describeOperations() (a module written by \`rest-endpoint generate\` exports one), got ${describe(operations)}.`
        : "operations",
    );
  }
  return find;
}

/**
 * The parameters under `$params`, after those beside it (`keys`, `values`): a new name goes to
 * `toKeys`/`toValues`; a name both beside and under `$params` is one parameter, whose value
 * under `$params` wins.
 */
function unpackParams(
  container: Record<string, unknown>,
  keys: readonly string[],
  values: unknown[],
  toKeys: string[],
  toValues: unknown[],
): void {
  const entries = snapshot(container, PARAMS_KEY);
  const index = new Map<string, number>();
  for (let i = 0; i < keys.length; i++) index.set(keys[i] as string, i);
  for (const key of Object.keys(entries)) {
    const at = index.get(key);
    if (at === undefined) {
      toKeys.push(key);
      toValues.push(entries[key]);
    } else {
      values[at] = entries[key];
    }
  }
}

/** `mediaType` of merged options: `{ format?: string, previews?: string[] }`. */
function mediaTypeOf(mediaType: unknown): Merged["mediaType"] {
  if (mediaType === undefined) return { format: "", previews: [] };
  const invalid = (): EndpointError =>
    new EndpointError(
      "invalid_options",
      __DEV__
        ? `mediaType must be { format?: string, previews?: string[] }, got ${describe(mediaType)}.`
        : "mediaType",
    );
  if (!isPlainObject(mediaType)) throw invalid();
  const read = snapshot(mediaType, "mediaType");
  const format = read.format ?? "";
  const previews = read.previews ?? [];
  if (typeof format !== "string" || !isArray(previews)) throw invalid();
  const names = arrayItems(previews, invalid);
  for (const name of names) if (typeof name !== "string") throw invalid();
  return { format, previews: names as string[] };
}

function checkMethod(method: unknown): string {
  toRequestMethod(method);
  return method as string;
}

function mergeMediaType(base: Merged["mediaType"], override: unknown): Merged["mediaType"] {
  if (override !== undefined && !isPlainObject(override)) {
    throw new EndpointError(
      "invalid_options",
      __DEV__
        ? `mediaType must be an object such as { format: "raw", previews: ["squirrel-girl"] }, got ${describe(override)}.`
        : "mediaType",
    );
  }
  const read = override === undefined ? undefined : snapshot(override, "mediaType");
  const merged = mergeValue(base, read, 0) as { format: string; previews: string[] };
  if (typeof merged.format !== "string") {
    throw new EndpointError(
      "invalid_options",
      __DEV__
        ? `mediaType.format must be a string such as "raw", got ${describe(merged.format)}.`
        : "mediaType.format",
    );
  }
  merged.previews = mergePreviews(base.previews, read?.previews);
  return merged;
}

/** The defaults' previews followed by the call's, each once, first occurrence kept. */
function mergePreviews(base: readonly string[], extra: unknown): string[] {
  const previews = base.slice();
  if (extra === undefined) return previews;
  if (!isArray(extra)) {
    throw new EndpointError(
      "invalid_options",
      __DEV__
        ? `mediaType.previews must be an array of names, got ${describe(extra)}.`
        : "mediaType.previews",
    );
  }
  const seen = new Set(previews);
  for (const preview of arrayItems(extra, holeIn("mediaType.previews", "invalid_options"))) {
    if (typeof preview !== "string") {
      throw new EndpointError(
        "invalid_options",
        __DEV__ ? `mediaType.previews must hold strings, got ${describe(preview)}.` : "mediaType.previews",
      );
    }
    if (!seen.has(preview)) {
      seen.add(preview);
      previews.push(preview);
    }
  }
  return previews;
}

/** `request` is handed to the HTTP client as given: the same object when only one side sets it. */
function mergeRequest(base: unknown, override: unknown): Record<string, unknown> | undefined {
  if (override !== undefined && (typeof override !== "object" || override === null)) {
    throw new EndpointError(
      "invalid_options",
      __DEV__ ? `request must be an object of client settings, got ${describe(override)}.` : "request",
    );
  }
  if (override === undefined) return base as Record<string, unknown> | undefined;
  if (isPlainObject(base) && isPlainObject(override)) return mergePlain(base, override, 0, new Budget());
  return override as Record<string, unknown>;
}

/**
 * The work of one merge, in keys and items copied: a part shared over and over (or a cycle) is
 * copied at each place, and refused once past the limit instead of tracked, so merging takes
 * linear time in what it writes.
 */
class Budget {
  spent = 0;
}
const MAX_MERGED_VALUES = 1_000_000;

function spend(budget: Budget, count: number): void {
  budget.spent += count;
  if (budget.spent > MAX_MERGED_VALUES) {
    throw new EndpointError(
      "invalid_options",
      __DEV__
        ? `Merging would copy more than ${MAX_MERGED_VALUES} keys and items (a part shared many times is copied at each place): give the value whole in the call, or send less.`
        : "",
    );
  }
}

function mergeValue(base: unknown, override: unknown, depth: number, budget: Budget = new Budget()): unknown {
  if (override === undefined) {
    return typeof base === "object" && base !== null ? copyDefault(base, depth, budget) : base;
  }
  if (isPlainObject(base) && isPlainObject(override)) return mergePlain(base, override, depth, budget);
  return override;
}

function mergePlain(
  base: Record<string, unknown>,
  override: Record<string, unknown>,
  depth: number,
  budget: Budget,
): Record<string, unknown> {
  if (depth > MAX_DEPTH) throw tooDeep();
  const read = override === NO_OPTIONS ? override : snapshot(override, "the options");
  // The base is read once too: usually a frozen copy of ours, but a client setting in `request`
  // is kept as given, and the caller's object may answer differently now.
  const from = snapshot(base, "the defaults");
  const keys = Object.keys(from);
  const overrideKeys = Object.keys(read);
  spend(budget, keys.length + overrideKeys.length + 1);
  const out: Record<string, unknown> = {};
  for (const key of keys) setOwn(out, key, mergeValue(from[key], read[key], depth + 1, budget));
  for (const key of overrideKeys) {
    const value = read[key];
    if (value !== undefined && !Object.hasOwn(from, key)) setOwn(out, key, value);
  }
  return out;
}

/** Defaults are frozen; the merged result gets its own copies of their plain objects and arrays. */
function copyDefault(value: unknown, depth: number, budget: Budget): unknown {
  if (isArray(value)) {
    if (depth > MAX_DEPTH) throw tooDeep();
    const items = arrayItems(value, holeIn("the defaults", "invalid_parameter"));
    spend(budget, items.length + 1);
    return items.map((item) => copyDefault(item, depth + 1, budget));
  }
  return isPlainObject(value) ? mergePlain(value, NO_OPTIONS, depth, budget) : value;
}

/**
 * A deeply frozen copy of plain objects and arrays (other objects, such as an agent or a
 * signal in `request`, are kept as they are and not frozen: they are not ours to freeze).
 */
export function freezeCopy<T>(value: T, depth = 0, budget: Budget = new Budget()): T {
  if (depth > MAX_DEPTH) throw tooDeep();
  if (typeof value !== "object" || value === null) return value;
  if (isArray(value)) {
    const items = arrayItems(value, holeIn("the defaults", "invalid_parameter"));
    spend(budget, items.length + 1);
    return Object.freeze(items.map((item) => freezeCopy(item, depth + 1, budget))) as T;
  }
  if (!isPlainObject(value)) return value;
  const read = snapshot(value, "the defaults");
  const keys = Object.keys(read);
  spend(budget, keys.length + 1);
  const copy: Record<string, unknown> = {};
  for (const key of keys) setOwn(copy, key, freezeCopy(read[key], depth + 1, budget));
  return Object.freeze(copy) as T;
}

function holeIn(where: string, code: EndpointErrorCode): (index: number) => EndpointError {
  return (index) =>
    new EndpointError(
      code,
      __DEV__ ? `A list in ${where} has a hole at index ${index}; pass lists without holes.` : where,
    );
}

function tooDeep(): EndpointError {
  return new EndpointError(
    "invalid_options",
    __DEV__ ? `Options nest more than ${MAX_DEPTH} levels deep (or hold a cycle); flatten them.` : "",
  );
}
