import { LineCounter, parseDocument } from "yaml";
import { checkNodes } from "./check-nodes.js";
import { clearError } from "./clear-error.js";
import { MAX_NESTING, nestingBound } from "./nesting-bound.js";

/** YAML aliases a description may use (yaml's own default): enough for real ones, not for a bomb. */
const MAX_ALIASES = 100;

/**
 * The text of one description, JSON or YAML 1.2, as plain JSON values: what
 * `readDescriptionText` promises, each refusal a plain `Error` that says where.
 */
export function readYaml(text: string): unknown {
  if (nestingBound(text) > MAX_NESTING) {
    throw new Error(`The description nests deeper than can be read (more than ${MAX_NESTING} levels).`);
  }
  try {
    const lines = new LineCounter();
    // yaml's own check of duplicate keys compares each key with every other one (quadratic in
    // a mapping's size: seconds for a mapping of 10,000 keys); checkNodes is linear.
    const document = parseDocument(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text, {
      lineCounter: lines,
      merge: true,
      prettyErrors: false,
      // YAML 1.1's !!binary, !!set, !!timestamp... would give Buffers, Sets and Dates: plain
      // JSON values only, as a JSON description would.
      resolveKnownTags: false,
      stringKeys: true,
      uniqueKeys: false,
    });
    const [error] = document.errors;
    if (error !== undefined) {
      const { line, col } = lines.linePos(error.pos[0]);
      throw new Error(`YAML line ${line}, column ${col}: ${error.message}`);
    }
    checkNodes(document, lines);
    return document.toJS({ maxAliasCount: MAX_ALIASES });
  } catch (error) {
    throw clearError(error);
  }
}
