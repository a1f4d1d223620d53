// Reports import circles among the TypeScript files of a folder (src/ when no folder is given),
// type-only imports included: a circle of types still ties two modules so that neither can be
// read, moved or tested without the other. Exits with 1 and prints each circle when it finds one.
//
//   node scripts/check-import-cycles.js [folder]
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** Every `.ts` file under a folder, as absolute paths. */
function sourceFiles(folder) {
  const files = [];
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) files.push(...sourceFiles(path));
    else if (entry.name.endsWith(".ts")) files.push(path);
  }
  return files;
}

// Comments go first so that an import named in prose is not followed; strings are left, since
// module specifiers are strings.
const COMMENT = /\/\*[\s\S]*?\*\/|(?<![:"'`\\])\/\/[^\n]*/g;
// `import x from "m"`, `import type { T } from "m"`, `export * from "m"`, `export type { T } from
// "m"`, `import "m"`, and `import("m")` (a dynamic import or an import type).
const SPECIFIER =
  /\b(?:import|export)\s*(?:type\s+)?(?:[\w*${}\s,]*?\s*from\s*)?["']([^"']+)["']|\bimport\s*\(\s*["']([^"']+)["']\s*\)/g;

/** The relative specifiers a file imports or re-exports from, in order. */
export function importSpecifiers(text) {
  const code = text.replace(COMMENT, "");
  return [...code.matchAll(SPECIFIER)]
    .map((match) => match[1] ?? match[2] ?? "")
    .filter((specifier) => specifier.startsWith("."));
}

/** The file a relative specifier names: `./x.js` is `./x.ts` (or `./x.d.ts`), a folder its index. */
function resolveSpecifier(from, specifier) {
  const base = resolve(dirname(from), specifier);
  const stem = base.replace(/\.js$/, "");
  for (const candidate of [`${stem}.ts`, `${stem}.d.ts`, base, join(base, "index.ts")]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

/** The import graph of a folder: each file and the files it imports, inside the folder only. */
export function importGraph(folder) {
  const files = sourceFiles(resolve(folder));
  const known = new Set(files);
  const graph = new Map();
  for (const file of files) {
    const targets = new Set();
    for (const specifier of importSpecifiers(readFileSync(file, "utf8"))) {
      const target = resolveSpecifier(file, specifier);
      if (target !== undefined && known.has(target)) targets.add(target);
    }
    graph.set(file, [...targets].sort());
  }
  return graph;
}

/**
 * The circles of a graph: one path per strongly connected component of more than one file (or a
 * file that imports itself), the first file repeated at the end. Tarjan's algorithm, iterative so
 * that a long chain of imports cannot overflow the stack.
 */
export function findCycles(graph) {
  const index = new Map();
  const low = new Map();
  const onStack = new Set();
  const stack = [];
  const components = [];
  let next = 0;
  for (const root of [...graph.keys()].sort()) {
    if (index.has(root)) continue;
    const work = [{ node: root, edge: 0 }];
    index.set(root, next);
    low.set(root, next);
    next++;
    stack.push(root);
    onStack.add(root);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const edges = graph.get(frame.node) ?? [];
      if (frame.edge < edges.length) {
        const target = edges[frame.edge++];
        if (!index.has(target)) {
          index.set(target, next);
          low.set(target, next);
          next++;
          stack.push(target);
          onStack.add(target);
          work.push({ node: target, edge: 0 });
        } else if (onStack.has(target)) {
          low.set(frame.node, Math.min(low.get(frame.node), index.get(target)));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent !== undefined) low.set(parent.node, Math.min(low.get(parent.node), low.get(frame.node)));
      if (low.get(frame.node) !== index.get(frame.node)) continue;
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== frame.node);
      const selfImport = (graph.get(frame.node) ?? []).includes(frame.node);
      if (component.length > 1 || selfImport) components.push(new Set(component));
    }
  }
  return components.map((component) => cycleIn(graph, component));
}

/** One circle through a component: the shortest way back to its first file, by breadth first search. */
function cycleIn(graph, component) {
  const start = [...component].sort()[0];
  const cameFrom = new Map();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift();
    for (const target of graph.get(node) ?? []) {
      if (!component.has(target)) continue;
      if (target === start) {
        const path = [start];
        for (let step = node; step !== start; step = cameFrom.get(step)) path.splice(1, 0, step);
        return [...path, start];
      }
      if (!cameFrom.has(target)) {
        cameFrom.set(target, node);
        queue.push(target);
      }
    }
  }
  return [start, start];
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL("../", import.meta.url));
  const folder = resolve(root, process.argv[2] ?? "src");
  const cycles = findCycles(importGraph(folder));
  for (const cycle of cycles) console.log(cycle.map((file) => relative(root, file)).join(" -> "));
  if (cycles.length > 0) {
    console.error(`${cycles.length} import circle(s) in ${relative(root, folder) || "."}`);
    process.exitCode = 1;
  }
}
