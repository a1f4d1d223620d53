/**
 * A Vite plugin for the linear-work suite: it rewrites the library's source (and the YAML
 * reader it relies on) so that every function call and every loop iteration adds one to a
 * global counter. Work is then a count, the same on a quiet machine and a busy one, where a
 * clock would read the machine's load as the library's cost.
 */
import ts from "typescript59";
import type { Plugin } from "vite";

/** The counter every rewritten file shares; `test/work/work-counter.ts` reads and resets it. */
export const COUNTER = "__WORK__";
const TICK = `${COUNTER}.n++;`;
const PROLOGUE = `const ${COUNTER} = (globalThis.${COUNTER} ??= { n: 0 });`;

type Insert = { at: number; text: string };

function bodyInserts(body: ts.Node, source: ts.SourceFile): Insert[] {
  // A block gets the tick after its "{"; a single statement or expression is wrapped.
  if (ts.isBlock(body)) return [{ at: body.getStart(source) + 1, text: TICK }];
  if (ts.isExpression(body)) {
    return [
      { at: body.getStart(source), text: `(${COUNTER}.n++, ` },
      { at: body.getEnd(), text: ")" },
    ];
  }
  return [
    { at: body.getStart(source), text: `{ ${TICK} ` },
    { at: body.getEnd(), text: " }" },
  ];
}

function isLoop(node: ts.Node): node is ts.IterationStatement {
  return (
    ts.isForStatement(node) ||
    ts.isForInStatement(node) ||
    ts.isForOfStatement(node) ||
    ts.isWhileStatement(node) ||
    ts.isDoStatement(node)
  );
}

/** The source with a tick at the start of every function body and loop body. */
export function countWork(code: string, fileName: string): string {
  const kind = fileName.endsWith(".ts") ? ts.ScriptKind.TS : ts.ScriptKind.JS;
  const source = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, true, kind);
  const inserts: Insert[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && "body" in node && node.body) {
      inserts.push(...bodyInserts(node.body as ts.Node, source));
    } else if (isLoop(node)) {
      inserts.push(...bodyInserts(node.statement, source));
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  // Applied from the end, so each position still points into the original text.
  inserts.sort((a, b) => b.at - a.at);
  let out = code;
  for (const { at, text } of inserts) out = out.slice(0, at) + text + out.slice(at);
  return `${PROLOGUE}\n${out}`;
}

/** Which files count: the library's source, the second package, and the YAML reader. */
const COUNTED = /\/(src\/.*\.ts|packages\/openapi\/index\.js|node_modules\/yaml\/browser\/.*\.js)$/;

export function countWorkPlugin(): Plugin {
  return {
    name: "count-work",
    enforce: "pre",
    transform(code, id) {
      const file = id.split("?")[0] ?? id;
      if (!COUNTED.test(file) || file.endsWith(".d.ts")) return null;
      return { code: countWork(code, file), map: null };
    },
  };
}
