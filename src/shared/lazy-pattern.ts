const built = new Map<string, RegExp>();

/**
 * The regular expression of `source` and `flags`, built on first use and kept. For patterns
 * with Unicode property classes (`\p{Cf}`): a literal is built when its module loads, and such
 * a class costs every cold start a few million instructions, for text that is mostly ASCII.
 *
 * @example
 * ```ts
 * lazyPattern(String.raw`\p{Cf}`, "u").test("a\u200bb"); // true
 * ```
 */
export function lazyPattern(source: string, flags: string): RegExp {
  return built.get(source) ?? (built.set(source, new RegExp(source, flags)).get(source) as RegExp);
}
