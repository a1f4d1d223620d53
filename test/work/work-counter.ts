/**
 * Counts the work of one call: the ticks the count-work plugin put into every function and
 * loop of the library, plus the characters or items that the engine's own functions scan for
 * it (a search, a split, a regular expression, a JSON text). Both are counts, so a busy
 * machine cannot change them; a quadratic step shows as a count that grows 16x for 4x the
 * input, whether it loops in the library or inside a built-in it calls again and again.
 */

type Counter = { n: number };
const shared = globalThis as { __WORK__?: Counter };
shared.__WORK__ ??= { n: 0 };
const counter = shared.__WORK__;

type Method = (this: unknown, ...args: unknown[]) => unknown;
/** How much one call of a built-in scans, given its receiver, its arguments and its result. */
type Cost = (self: unknown, args: unknown[], result: unknown) => number;

const length = (value: unknown): number =>
  typeof value === "string" || Array.isArray(value) ? value.length : 0;
const receiver: Cost = (self) => length(self);
const result: Cost = (_self, _args, out) => length(out);
const firstArgument: Cost = (_self, args) => length(args[0]);

/** A search from a position scans up to what it found, or to the end (the start when backwards). */
const searchFrom: Cost = (self, args, out) => {
  const from = typeof args[1] === "number" ? Math.max(0, args[1]) : 0;
  const found = typeof out === "number" ? out : -1;
  return found < 0 ? length(self) - from : found - from + length(args[0]);
};

/**
 * A regular expression scans from `lastIndex` (global or sticky) or 0 to the end of its match;
 * a sticky one that fails looks at one place only, as a split tries each position.
 */
function regexpCost(pattern: RegExp, input: string, start: number, out: RegExpExecArray | null): number {
  if (out) return out.index + out[0].length - start + 1;
  return pattern.sticky ? 1 : input.length - start + 1;
}

const STRING: [string, Cost][] = [
  ["indexOf", searchFrom],
  ["includes", receiver],
  ["lastIndexOf", receiver],
  ["startsWith", firstArgument],
  ["endsWith", firstArgument],
  // The engine slices a string by reference to it, whatever the slice's length.
  ["slice", () => 0],
  ["substring", () => 0],
  ["substr", () => 0],
  ["split", receiver],
  ["replace", receiver],
  ["replaceAll", receiver],
  ["match", receiver],
  ["matchAll", receiver],
  ["search", receiver],
  ["trim", receiver],
  ["trimStart", receiver],
  ["trimEnd", receiver],
  ["toLowerCase", receiver],
  ["toUpperCase", receiver],
  ["normalize", receiver],
  ["padStart", result],
  ["padEnd", result],
  ["repeat", result],
  ["concat", result],
  ["localeCompare", receiver],
];
const ARRAY: [string, Cost][] = [
  ["indexOf", searchFrom],
  ["includes", receiver],
  ["lastIndexOf", receiver],
  ["join", result],
  ["slice", result],
  ["concat", result],
  ["splice", receiver],
  ["filter", receiver],
  ["map", receiver],
  ["forEach", receiver],
  ["some", receiver],
  ["every", receiver],
  ["find", receiver],
  ["findIndex", receiver],
  ["reduce", receiver],
  ["fill", receiver],
  ["reverse", receiver],
  ["flat", result],
  ["flatMap", result],
  ["sort", (self) => length(self) * Math.ceil(Math.log2(length(self) + 2))],
];
const keyCount: Cost = (_self, _args, out) => length(out);
const STATICS: [object, string, Cost][] = [
  [Object, "keys", keyCount],
  [Object, "values", keyCount],
  [Object, "entries", keyCount],
  [Object, "getOwnPropertyNames", keyCount],
  [Reflect, "ownKeys", keyCount],
  [Object, "fromEntries", (_self, args) => length(args[0])],
  [Array, "from", result],
  [JSON, "stringify", result],
  [JSON, "parse", firstArgument],
  [globalThis, "encodeURIComponent", firstArgument],
  [globalThis, "encodeURI", firstArgument],
  [globalThis, "decodeURIComponent", firstArgument],
  [globalThis, "decodeURI", firstArgument],
];

type Patch = { owner: object; name: string; original: Method };

function patch(owner: object, name: string, cost: Cost, patches: Patch[]): void {
  const original = (owner as Record<string, Method>)[name];
  if (typeof original !== "function") return;
  const counted = function (this: unknown, ...args: unknown[]): unknown {
    const out = Reflect.apply(original, this, args);
    counter.n += cost(this, args, out) + 1;
    return out;
  };
  Object.defineProperty(owner, name, { value: counted, writable: true, configurable: true });
  patches.push({ owner, name, original });
}

function patchRegExp(patches: Patch[]): void {
  const exec = RegExp.prototype.exec;
  const counted = function (this: RegExp, input: string): RegExpExecArray | null {
    const start = this.global || this.sticky ? this.lastIndex : 0;
    const out = exec.call(this, input);
    counter.n += regexpCost(this, String(input), start, out);
    return out;
  };
  Object.defineProperty(RegExp.prototype, "exec", { value: counted, writable: true, configurable: true });
  // Once `exec` is replaced, the engine's test, replace, split, match and search call it.
  patches.push({ owner: RegExp.prototype, name: "exec", original: exec as Method });
}

function install(): Patch[] {
  const patches: Patch[] = [];
  for (const [name, cost] of STRING) patch(String.prototype, name, cost, patches);
  for (const [name, cost] of ARRAY) patch(Array.prototype, name, cost, patches);
  for (const [owner, name, cost] of STATICS) patch(owner, name, cost, patches);
  patchRegExp(patches);
  return patches;
}

function uninstall(patches: Patch[]): void {
  for (const { owner, name, original } of patches.reverse()) {
    Object.defineProperty(owner, name, { value: original, writable: true, configurable: true });
  }
}

/** The work one run of `run` does: ticks in the counted code plus what the built-ins scan. */
export function workOf(run: () => void): number {
  const patches = install();
  counter.n = 0;
  try {
    run();
  } finally {
    uninstall(patches);
  }
  return counter.n;
}

/** Whether the count-work plugin rewrote the library this test file imports. */
export function isCounting(run: () => void): boolean {
  counter.n = 0;
  run();
  return counter.n > 0;
}
