// The two editors' views of a fixture folder: TypeScript 5.9's language service (its JavaScript
// API) and TypeScript 7's language server (its only API: LSP over stdio), plus TypeScript 7's
// command-line errors. Each answers completions and hovers at a line and character.
import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { commandLineDiagnostics } from "../compiler-diagnostics.js";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const TSC7 = join(ROOT, "node_modules", "typescript", "bin", "tsc");

export interface Position {
  line: number;
  character: number;
}

/** One error as a compiler prints it: where, its code, and its message lines joined by "\n". */
export interface Diagnostic {
  line: number;
  code: number;
  message: string;
  /** What the compiler adds as related information (where the expected type comes from). */
  related?: string[];
}

export interface Editor {
  completions(file: string, at: Position): Promise<string[]>;
  hover(file: string, at: Position): Promise<string>;
  close(): void;
}

type TypeScript59 = typeof import("typescript");

/** TypeScript 5.9's language service over the folder's tsconfig.json. */
export function typeScript59(folder: string): Editor & { diagnostics(file: string): Diagnostic[] } {
  const ts = createRequire(import.meta.url)(join(ROOT, "node_modules", "typescript59")) as TypeScript59;
  const config = ts.getParsedCommandLineOfConfigFile(
    join(folder, "tsconfig.json"),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"));
      },
    },
  );
  if (config === undefined) throw new Error("no tsconfig.json");
  const service = ts.createLanguageService({
    getScriptFileNames: () => config.fileNames,
    getScriptVersion: () => "1",
    getScriptSnapshot: (name) => {
      const text = ts.sys.readFile(name);
      return text === undefined ? undefined : ts.ScriptSnapshot.fromString(text);
    },
    getCurrentDirectory: () => folder,
    getCompilationSettings: () => config.options,
    getDefaultLibFileName: (options) => ts.getDefaultLibFilePath(options),
    fileExists: ts.sys.fileExists,
    readFile: ts.sys.readFile,
    readDirectory: ts.sys.readDirectory,
    directoryExists: ts.sys.directoryExists,
    getDirectories: ts.sys.getDirectories,
    realpath: (path) => ts.sys.realpath?.(path) ?? path,
  });
  const offset = (file: string, at: Position): number =>
    ts.getPositionOfLineAndCharacter(
      ts.createSourceFile(file, readFileSync(join(folder, file), "utf8"), ts.ScriptTarget.Latest),
      at.line,
      at.character,
    );
  return {
    async completions(file, at) {
      const found = service.getCompletionsAtPosition(join(folder, file), offset(file, at), {});
      return (found?.entries ?? []).map((entry) => entry.name);
    },
    async hover(file, at) {
      const info = service.getQuickInfoAtPosition(join(folder, file), offset(file, at));
      return ts.displayPartsToString(info?.displayParts ?? []);
    },
    diagnostics(file) {
      const source = join(folder, file);
      return service.getSemanticDiagnostics(source).map((diagnostic) => ({
        line:
          diagnostic.file === undefined || diagnostic.start === undefined
            ? -1
            : diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start).line,
        code: diagnostic.code,
        message: ts
          .flattenDiagnosticMessageText(diagnostic.messageText, "\n")
          .split("\n")
          .map((line) => line.trim())
          .join("\n"),
        related: (diagnostic.relatedInformation ?? []).map((info) =>
          ts.flattenDiagnosticMessageText(info.messageText, "\n"),
        ),
      }));
    },
    close() {
      service.dispose();
    },
  };
}

/** TypeScript 7's language server, started in the folder and spoken to over stdio. */
export async function typeScript7(folder: string): Promise<Editor> {
  const child: ChildProcess = spawn(process.execPath, [TSC7, "--lsp", "--stdio"], { cwd: folder });
  const waiting = new Map<number, (result: unknown) => void>();
  let buffer = Buffer.alloc(0);
  let next = 0;
  const send = (message: object): void => {
    const text = JSON.stringify({ jsonrpc: "2.0", ...message });
    child.stdin?.write(`Content-Length: ${Buffer.byteLength(text)}\r\n\r\n${text}`);
  };
  child.stdout?.on("data", (chunk: Buffer) => {
    buffer = Buffer.concat([buffer, chunk]);
    for (;;) {
      const end = buffer.indexOf("\r\n\r\n");
      if (end === -1) return;
      const length = Number(/Content-Length: (\d+)/i.exec(buffer.subarray(0, end).toString())?.[1]);
      if (buffer.length < end + 4 + length) return;
      const message = JSON.parse(buffer.subarray(end + 4, end + 4 + length).toString()) as {
        id?: number;
        method?: string;
        result?: unknown;
      };
      buffer = buffer.subarray(end + 4 + length);
      // A request from the server (configuration, progress): answered with nothing.
      if (message.method !== undefined && message.id !== undefined) send({ id: message.id, result: null });
      else if (message.id !== undefined) waiting.get(message.id)?.(message.result);
    }
  });
  const request = (method: string, params: object): Promise<unknown> =>
    new Promise((resolve) => {
      const id = ++next;
      waiting.set(id, resolve);
      send({ id, method, params });
    });
  const opened = new Set<string>();
  const open = (file: string): string => {
    const uri = pathToFileURL(join(folder, file)).href;
    if (!opened.has(uri)) {
      opened.add(uri);
      const text = readFileSync(join(folder, file), "utf8");
      send({
        method: "textDocument/didOpen",
        params: { textDocument: { uri, languageId: "typescript", version: 1, text } },
      });
    }
    return uri;
  };
  await request("initialize", {
    processId: process.pid,
    rootUri: pathToFileURL(folder).href,
    capabilities: {},
  });
  send({ method: "initialized", params: {} });
  return {
    async completions(file, at) {
      const uri = open(file);
      const result = (await request("textDocument/completion", { textDocument: { uri }, position: at })) as
        | { items: { label: string }[] }
        | { label: string }[]
        | null;
      const items = result === null ? [] : Array.isArray(result) ? result : result.items;
      // An optional property is labelled "name?" here, "name" by TypeScript 5.9.
      return items.map((item) => item.label.replace(/\?$/, ""));
    },
    async hover(file, at) {
      const uri = open(file);
      const result = (await request("textDocument/hover", { textDocument: { uri }, position: at })) as {
        contents: { value: string } | string;
      } | null;
      if (result === null) return "";
      return typeof result.contents === "string" ? result.contents : result.contents.value;
    },
    close() {
      child.kill();
    },
  };
}

/** TypeScript 7's errors for the folder's tsconfig.json, as its command line prints them. */
export function typeScript7Diagnostics(folder: string): (Diagnostic & { file: string })[] {
  return commandLineDiagnostics(TSC7, folder);
}
