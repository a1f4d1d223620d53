// argv as flags with their values and the rest: one reader for every part of the command line.
import { type Flag, flagHint, flagNamed } from "./flags.js";
import { UsageError } from "./usage-error.js";

/** A flag as given, with its value (`""` for a flag that takes none). */
export interface GivenFlag {
  readonly flag: Flag;
  readonly value: string;
}

/**
 * argv as one reader sees it: the flags with their values, and the rest (route and items).
 * Everything that reads flags goes through here, so a flag's value is never taken for a flag.
 * Reading stops at --help and --version, which answer whatever follows.
 */
export function readArgv(argv: readonly string[]): { flags: GivenFlag[]; positional: string[] } {
  const flags: GivenFlag[] = [];
  const positional: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === "--") {
      positional.push(...argv.slice(i + 1));
      break;
    }
    if (!arg.startsWith("-") || arg === "-") {
      positional.push(arg);
      continue;
    }
    let written = arg;
    let attached: string | undefined;
    if (arg.startsWith("--")) {
      const equals = arg.indexOf("=");
      if (equals !== -1) [written, attached] = [arg.slice(0, equals), arg.slice(equals + 1)];
    } else if (arg.length > 2 && flagNamed(arg.slice(0, 2))?.value === true) {
      // gh's -XPOST and -fkey=value: a short flag with its value attached.
      [written, attached] = [arg.slice(0, 2), arg.slice(2)];
    }
    const flag = flagNamed(written);
    if (flag === undefined) {
      throw new UsageError(
        `Unknown option "${written}"${flagHint(written)}; see --help (after -- every argument is the route or an item).`,
      );
    }
    let value = "";
    if (flag.value) {
      const next = attached ?? argv[++i];
      if (next === undefined) throw new UsageError(`${flag.name} needs a value; see --help.`);
      value = next;
    } else if (attached !== undefined) {
      throw new UsageError(`${flag.name} takes no value; see --help.`);
    }
    flags.push({ flag, value });
    if (flag.name === "--help" || flag.name === "--version") break;
  }
  return { flags, positional };
}

/** The values given to the flag `name`, in order, as readArgv reads argv. */
export function flagValues(argv: readonly string[], name: string): string[] {
  return readArgv(argv)
    .flags.filter((given) => given.flag.name === name)
    .map((given) => given.value);
}
