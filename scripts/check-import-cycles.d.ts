/** The relative specifiers a file imports or re-exports from, in order. */
export declare function importSpecifiers(text: string): string[];
/** The import graph of a folder: each file and the files it imports, inside the folder only. */
export declare function importGraph(folder: string): Map<string, string[]>;
/** The circles of a graph, each a path of files back to its first. */
export declare function findCycles(graph: Map<string, string[]>): string[][];
