/** The relative specifiers a file imports or re-exports from, in order. */
export declare function importSpecifiers(text: string): string[];
/** The import graph of a folder: each file and the files it imports, inside the folder only. */
export declare function importGraph(folder: string): Map<string, string[]>;
/** The circles of a graph, each a path of files back to its first. */
export declare function findCycles(graph: Map<string, string[]>): string[][];
/** The ladder of folders, lowest first, from the numbered list under `## The ladder of folders`. */
export declare function readLadder(markdown: string): string[];
/** Imports against a ladder (`[file, target]`), and files in a folder not on it (`[file]`). */
export declare function ladderBreaks(
  graph: Map<string, string[]>,
  folder: string,
  ladder: readonly string[],
): ([string, string] | [string])[];
