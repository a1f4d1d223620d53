import { type Document, isAlias, isMap, isNode, isScalar, type LineCounter, type Node, visit } from "yaml";

/** Anchors and aliases a description may hold in all: each alias costs a scan of them. */
export const MAX_MARKS = 2000;

/**
 * Refuses a key written twice in one mapping (JSON keeps the last, but a description means
 * one), an alias inside the node it names, which would make a value that contains itself, and
 * more than `MAX_MARKS` anchors and aliases.
 */
export function checkNodes(document: Document, lines: LineCounter): void {
  const at = (node: Node): string => {
    const { line, col } = lines.linePos(node.range?.[0] ?? 0);
    return `YAML line ${line}, column ${col}`;
  };
  // The nodes each anchor names so far: visited in document order, as aliases are resolved.
  const anchors = new Map<string, Node>();
  let marks = 0;
  visit(document, (_key, node) => {
    if (!isNode(node)) return;
    // yaml resolves each alias by a scan of every anchor and alias before it: a bound on them
    // all keeps that linear in the text.
    if ((node.anchor || isAlias(node)) && ++marks > MAX_MARKS) {
      throw new Error(`${at(node)}: more than ${MAX_MARKS} anchors and aliases in one description.`);
    }
    if (isAlias(node)) {
      const target = anchors.get(node.source);
      if (target?.range && node.range && node.range[0] < target.range[2]) {
        throw new Error(`${at(node)}: the alias *${node.source} is inside the node it names.`);
      }
      return;
    }
    if (node.anchor) anchors.set(node.anchor, node);
    if (isMap(node)) checkKeys(node.items, at);
  });
}

/** A key written twice in one mapping's items; merge keys (`<<`) may repeat. */
function checkKeys(items: readonly { key: unknown }[], at: (node: Node) => string): void {
  const seen = new Set<string>();
  for (const { key } of items) {
    if (!isScalar(key) || key.value === "<<") continue;
    const text = String(key.value);
    if (seen.has(text)) {
      throw new Error(`${at(key)}: the key ${JSON.stringify(text)} is written twice in one mapping.`);
    }
    seen.add(text);
  }
}
