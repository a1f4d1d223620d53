/**
 * A map that holds at most `limit` entries, dropping the oldest insertion when full.
 * Lookups cost one `Map.get`; a hot route evicted by a flood of one-off routes is simply
 * compiled again. Memory stays bounded whatever the stream of keys.
 */
export class BoundedCache<V> {
  readonly #entries = new Map<string, V>();
  readonly #limit: number;

  constructor(limit: number) {
    this.#limit = limit;
  }

  get(key: string): V | undefined {
    return this.#entries.get(key);
  }

  set(key: string, value: V): V {
    if (this.#entries.size >= this.#limit) {
      const oldest = this.#entries.keys().next();
      if (!oldest.done) this.#entries.delete(oldest.value);
    }
    this.#entries.set(key, value);
    return value;
  }

  get size(): number {
    return this.#entries.size;
  }
}
