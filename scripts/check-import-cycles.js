// Checks the imports among the TypeScript files of a folder (src/ when no folder is given),
// type-only imports included: a circle of types still ties two modules so that neither can be
// read, moved or tested without the other, and an import against the ladder of folders
// (docs/architecture.md, "The ladder of folders") ties a lower folder to a higher one. Exits
// with 1 and prints each circle and each such import when it finds one.
//
//   node scripts/check-import-cycles.js [folder]
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
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

/**
 * The ladder of folders, lowest first, as the numbered list under `## The ladder of folders`
 * in `markdown` names them (the first code span of each item: `shared/`, or `*.ts` for the
 * files at the top of the folder).
 */
export function readLadder(markdown) {
  const section = /^## The ladder of folders\n([\s\S]*?)(?=^## |(?![\s\S]))/m.exec(markdown)?.[1] ?? "";
  return [...section.matchAll(/^\d+\.\s+`([^`]+)`/gm)].map((match) => match[1].replace(/\/$/, ""));
}

/** The rung a file sits on: its first folder under `folder`, or `*.ts` for a file at the top. */
function rungOf(folder, file) {
  const path = relative(folder, file).split(sep);
  return path.length > 1 ? path[0] : "*.ts";
}

/**
 * The imports of a graph that run against a ladder (`readLadder`): `[file, target]` where the
 * target's folder is higher than the file's, and `[file]` for a file whose folder is not on the
 * ladder, so that a new folder takes its place on it before it is imported.
 */
export function ladderBreaks(graph, folder, ladder) {
  const root = resolve(folder);
  const breaks = [];
  for (const [file, targets] of [...graph].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const rung = ladder.indexOf(rungOf(root, file));
    if (rung === -1) {
      breaks.push([file]);
      continue;
    }
    for (const target of targets)
      if (ladder.indexOf(rungOf(root, target)) > rung) breaks.push([file, target]);
  }
  return breaks;
}

const ARCHITECTURE = new URL("../docs/architecture.md", import.meta.url);

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const folder = resolve(process.argv[2] ?? fileURLToPath(new URL("../src", import.meta.url)));
  const shown = (file) => relative(process.cwd(), file);
  const graph = importGraph(folder);
  const cycles = findCycles(graph);
  for (const cycle of cycles) console.log(cycle.map(shown).join(" -> "));
  const ladder = readLadder(readFileSync(ARCHITECTURE, "utf8"));
  const breaks = ladder.length > 0 ? ladderBreaks(graph, folder, ladder) : [];
  const named = (file) =>
    rungOf(folder, file) === "*.ts" ? "a file at the top" : `${rungOf(folder, file)}/`;
  for (const [file, target] of breaks) {
    console.log(
      target === undefined
        ? `${shown(file)}: ${named(file)} is not on the ladder of folders (docs/architecture.md)`
        : `${shown(file)} -> ${shown(target)}: ${named(file)} imports ${named(target)}, higher on the ladder of folders`,
    );
  }
  const where = shown(folder) || ".";
  if (ladder.length === 0) console.error("docs/architecture.md has no ladder of folders");
  if (cycles.length > 0) console.error(`${cycles.length} import circle(s) in ${where}`);
  if (breaks.length > 0)
    console.error(`${breaks.length} import(s) against the ladder of folders in ${where}`);
  if (ladder.length === 0 || cycles.length > 0 || breaks.length > 0) process.exitCode = 1;
}
