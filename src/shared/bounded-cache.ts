/**
 * A map bounded in bytes: each entry is stored with an estimate of the memory it holds, and
 * the oldest insertions are dropped until the total fits. An entry larger than an eighth of
 * the budget is not stored at all, so a stream of huge one-off keys neither fills memory nor
 * leaves big objects for every later garbage collection to walk. A hot key evicted by a
 * flood is simply computed again: callers see the same results either way.
 */
export class BoundedCache<V> {
  readonly #entries = new Map<string, readonly [value: V, bytes: number]>();
  readonly #budget: number;
  #bytes = 0;

  constructor(budget: number) {
    this.#budget = budget;
  }

  get(key: string): V | undefined {
    return this.#entries.get(key)?.[0];
  }

  /** Stores `value` under `key`, counted as `bytes` (key included), and returns it. */
  set(key: string, value: V, bytes: number): V {
    if (bytes > this.#budget / 8) return value;
    const entries = this.#entries;
    this.#bytes += bytes - (entries.get(key)?.[1] ?? 0);
    entries.delete(key);
    // A Map iterates in insertion order: the oldest first. Deleting while iterating is safe.
    for (const [oldest, [, held]] of entries) {
      if (this.#bytes <= this.#budget) break;
      this.#bytes -= held;
      entries.delete(oldest);
    }
    entries.set(key, [value, bytes]);
    return value;
  }
}

/** The estimated bytes of a string held as a key or value (two bytes a character at worst). */
export function stringBytes(text: string): number {
  return 2 * text.length + 16;
}

/**
 * A string of its own, to keep in a cache: a slice of a larger string (`big.slice(0, 40)`)
 * keeps that whole string alive in V8, which a cache bounded in bytes must not. A JSON round
 * trip makes a new string of the same text (lone surrogates too).
 */
export function ownString(text: string): string {
  return JSON.parse(JSON.stringify(text)) as string;
}
