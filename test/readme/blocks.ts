// The README's code blocks, read and made checkable: test/readme-blocks.test.ts runs every one,
// and test/install/install-from-tarballs.test.ts runs the generator's in a project that
// installed the packed packages. A statement followed by `// => value` (on its line, or the
// value on the comment lines after it) is checked against that value; `// throws
// EndpointError, code "x": message` checks the code and the message; `// type error: text`
// marks a line tsc must refuse with that text (`...` stands for any text).
import ts from "typescript59";

export interface Block {
  /** 1-based, in the order of the README. */
  readonly number: number;
  /** The info string: js, ts, sh... */
  readonly lang: string;
  /** The README line of the opening fence. */
  readonly line: number;
  /** The nearest heading above the block. */
  readonly section: string;
  /** How many blocks of the same section come before it. */
  readonly indexInSection: number;
  readonly code: string;
}

export function readmeBlocks(readme: string): Block[] {
  const blocks: Block[] = [];
  const lines = readme.split("\n");
  let section = "";
  const perSection = new Map<string, number>();
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    const heading = /^#{1,6} (.+)$/.exec(line);
    if (heading) section = heading[1] as string;
    const fence = /^```(\S*)$/.exec(line);
    if (!fence) continue;
    const start = i;
    const body: string[] = [];
    for (i++; i < lines.length && lines[i] !== "```"; i++) body.push(lines[i] as string);
    const indexInSection = perSection.get(section) ?? 0;
    perSection.set(section, indexInSection + 1);
    blocks.push({
      number: blocks.length + 1,
      lang: fence[1] ?? "",
      line: start + 1,
      section,
      indexInSection,
      code: `${body.join("\n")}\n`,
    });
  }
  return blocks;
}

/** A `// type error: text` mark: the 1-based line of the block tsc must refuse, and how. */
export interface TypeErrorMark {
  readonly line: number;
  readonly text: string;
}

export interface Instrumented {
  /** The block as JavaScript (types removed), each documented value checked through `__readme`. */
  readonly code: string;
  /** How many `// =>` and `// throws` checks it makes. */
  readonly checks: number;
  readonly typeErrors: TypeErrorMark[];
}

/** The comment lines from `from` on (0-based) while they are comments, without their `//`. */
function commentRun(lines: readonly string[], from: number): string[] {
  const run: string[] = [];
  for (let i = from; i < lines.length; i++) {
    const match = /^\s*\/\/ ?(.*)$/.exec(lines[i] as string);
    if (!match) break;
    run.push(match[1] as string);
  }
  return run;
}

/** How deep `text` leaves its brackets open, strings skipped. */
function openBrackets(text: string): number {
  let depth = 0;
  let quote = "";
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (quote) {
      if (c === "\\") i++;
      else if (c === quote) quote = "";
    } else if (c === '"' || c === "'" || c === "`") quote = c;
    else if ("([{".includes(c)) depth++;
    else if (")]}".includes(c)) depth--;
  }
  return depth;
}

/** A documented value as an expression; `{...}` (an elided object) matches any value. */
function expectedExpression(text: string): string {
  return text.replaceAll("{...}", "__readme.ANY");
}

/**
 * The block with each documented value checked. Marks read: a comment after a top-level
 * statement, on its last line or on the lines right after it, starting with `=>`, `throws` or
 * `type error:`. A `=>` after `const name = ...` checks `name`. `readmeLine` is the line of the
 * block's fence, for messages.
 */
export function instrument(code: string, lang: string, readmeLine = 0): Instrumented {
  const source = ts.createSourceFile(
    `block.${lang === "ts" ? "ts" : "js"}`,
    code,
    ts.ScriptTarget.Latest,
    true,
    lang === "ts" ? ts.ScriptKind.TS : ts.ScriptKind.JS,
  );
  const lines = code.split("\n");
  const edits: { start: number; end: number; text: string }[] = [];
  const typeErrors: TypeErrorMark[] = [];
  let checks = 0;
  for (const statement of source.statements) {
    const end = statement.getEnd();
    const lastLine = source.getLineAndCharacterOfPosition(end).line;
    const rest = (lines[lastLine] as string).slice(source.getLineAndCharacterOfPosition(end).character);
    const sameLine = /^\s*\/\/ ?(.*)$/.exec(rest);
    const run = sameLine
      ? [sameLine[1] as string, ...commentRun(lines, lastLine + 1)]
      : commentRun(lines, lastLine + 1);
    const first = run[0] ?? "";
    const where = `README.md:${readmeLine + lastLine + 1}`;
    if (first.startsWith("=> ")) {
      let expected = first.slice(3);
      for (let i = 1; openBrackets(expected) > 0 && i < run.length; i++) expected += `\n${run[i]}`;
      const value = expectedExpression(expected);
      if (ts.isExpressionStatement(statement)) {
        const expression = statement.expression.getText(source);
        edits.push({
          start: statement.getStart(source),
          end,
          text: `__readme.check((${expression}), (${value}), ${JSON.stringify(where)});`,
        });
      } else if (ts.isVariableStatement(statement)) {
        const [declaration] = statement.declarationList.declarations;
        if (!declaration || !ts.isIdentifier(declaration.name))
          throw new Error(`${where}: a value documented after a declaration that is not one name`);
        edits.push({
          start: end,
          end,
          text: ` __readme.check(${declaration.name.text}, (${value}), ${JSON.stringify(where)});`,
        });
      } else {
        throw new Error(`${where}: a value documented after a statement that is not an expression`);
      }
      checks++;
    } else if (first.startsWith("throws ")) {
      const mark = /^throws (\w+), code "(\w+)"(?:: ([\s\S]*))?$/.exec(run.join(" "));
      if (!mark || !ts.isExpressionStatement(statement))
        throw new Error(`${where}: "// throws" must read: throws EndpointError, code "...": message`);
      const [, name, errorCode, message] = mark;
      edits.push({
        start: statement.getStart(source),
        end,
        text: `__readme.throws(() => { ${statement.expression.getText(source)}; }, ${JSON.stringify(name)}, ${JSON.stringify(errorCode)}, ${JSON.stringify(message ?? null)}, ${JSON.stringify(where)});`,
      });
      checks++;
    } else if (first.startsWith("type error: ")) {
      typeErrors.push({
        line: source.getLineAndCharacterOfPosition(statement.getStart(source)).line + 1,
        text: run.join(" ").slice("type error: ".length),
      });
    }
  }
  let instrumented = code;
  for (const edit of edits.sort((a, b) => b.start - a.start)) {
    instrumented = instrumented.slice(0, edit.start) + edit.text + instrumented.slice(edit.end);
  }
  if (lang === "ts") {
    instrumented = ts.transpileModule(instrumented, {
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
    }).outputText;
  }
  return { code: instrumented, checks, typeErrors };
}

/** Whether tsc's `message` is what a `// type error:` mark says (`...` stands for any text). */
export function typeErrorMatches(mark: string, message: string): boolean {
  const pattern = mark
    .split("...")
    .map((part) => part.trim().replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
    .join("[\\s\\S]*");
  return new RegExp(pattern).test(message.replace(/\s+/g, " "));
}

/** A command line split as a POSIX shell would split it, without a trailing `# comment`. */
export function shellWords(line: string): string[] {
  const words: string[] = [];
  let word: string | undefined;
  for (let i = 0; i < line.length; i++) {
    const c = line[i] as string;
    if (c === "'" || c === '"') {
      const close = line.indexOf(c, i + 1);
      if (close < 0) throw new Error(`unclosed quote in: ${line}`);
      const quoted = line.slice(i + 1, close);
      if (c === '"' && /[$`\\]/.test(quoted)) throw new Error(`expansion in double quotes: ${line}`);
      word = (word ?? "") + quoted;
      i = close;
    } else if (c === " " || c === "\t") {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else if (c === "#" && word === undefined) {
      break;
    } else if ("$`\\|&;<>()*?[".includes(c)) {
      throw new Error(`shell syntax this test does not run (${c}): ${line}`);
    } else {
      word = (word ?? "") + c;
    }
  }
  if (word !== undefined) words.push(word);
  return words;
}
