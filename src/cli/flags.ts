// The command line's flags, with gh api's short forms, and what to type here for the flags of
// the tools its users come from (curl, HTTPie, gh).

/** A flag: its long name, its short form, and whether it takes a value. */
export interface Flag {
  readonly name: string;
  readonly short?: string;
  readonly value: boolean;
  /** Only meaningful for a response: it sends the request, as if with --send. */
  readonly sends?: boolean;
}

export const FLAGS: readonly Flag[] = [
  { name: "--help", short: "-h", value: false },
  { name: "--version", short: "-V", value: false },
  { name: "--method", short: "-X", value: true },
  { name: "--raw-field", short: "-f", value: true },
  { name: "--field", short: "-F", value: true },
  { name: "--header", short: "-H", value: true },
  { name: "--input", value: true },
  { name: "--data", value: true },
  { name: "--base-url", value: true },
  { name: "--format", value: true },
  { name: "--media-format", value: true },
  { name: "--preview", short: "-p", value: true },
  { name: "--operations", value: true },
  { name: "--ignore-stdin", value: false },
  { name: "--send", value: false, sends: true },
  { name: "--include", short: "-i", value: false, sends: true },
  { name: "--token-env", value: true, sends: true },
  { name: "--auth-env", value: true, sends: true },
  { name: "--paginate", value: false, sends: true },
  { name: "--slurp", value: false, sends: true },
  { name: "--jq", short: "-q", value: true, sends: true },
  { name: "--silent", value: false, sends: true },
  { name: "--verbose", value: false, sends: true },
];

/** The flags of `rest-endpoint generate`: its --help, docs/cli.md and docs/operations.md name each. */
export const GENERATE_FLAGS: readonly Flag[] = [
  { name: "--help", short: "-h", value: false },
  { name: "--out", short: "-o", value: true },
  { name: "--name", value: true },
  { name: "--import-from", value: true },
  { name: "--verbose", value: false },
];

const BY_NAME: ReadonlyMap<string, Flag> = new Map(
  FLAGS.flatMap((flag) => [[flag.name, flag] as const, ...(flag.short ? [[flag.short, flag] as const] : [])]),
);

/** The flag written as `--name` or `-s`, or undefined. */
export function flagNamed(written: string): Flag | undefined {
  return BY_NAME.get(written);
}

/** Flags of curl, HTTPie and gh that have another form here. */
const OTHER_TOOLS: ReadonlyMap<string, string> = new Map([
  ["-d", "--data TEXT, --data @FILE or --data - (curl's -d)"],
  ["--data-raw", "--data TEXT (curl's --data-raw)"],
  ["--data-binary", "--data @FILE (curl's --data-binary)"],
  ["--json", "--data TEXT, or name:=json items (curl's and HTTPie's --json)"],
  ["-u", "an Authorization:'Basic ...' item, or --token-env NAME for a token (curl's -u)"],
  ["--user", "an Authorization:'Basic ...' item, or --token-env NAME for a token (curl's --user)"],
  ["-a", "--token-env NAME, or an Authorization item (HTTPie's -a)"],
  ["--auth", "--token-env NAME, or an Authorization item (HTTPie's --auth)"],
  ["--token", "--token-env NAME: the token is read from that environment variable, never from argv"],
  ["-o", "a shell redirect, > FILE"],
  ["--output", "a shell redirect, > FILE"],
  ["-v", "--verbose"],
  ["-I", "-X HEAD (curl's -I), or --ignore-stdin (HTTPie's -I)"],
  ["--head", "-X HEAD (curl's --head)"],
  ["-j", "name:=json items, or --data TEXT (HTTPie's -j)"],
  ["--raw", "--data TEXT (HTTPie's --raw)"],
  ["--hostname", "--base-url https://HOST/api/v3 (gh's --hostname)"],
  ["-t", "--jq FILTER (gh's --template has no form here)"],
  ["--template", "--jq FILTER (gh's --template has no form here)"],
  [
    "--form",
    "name@FILE items for a multipart form; a urlencoded form as --data 'a=b' with a Content-Type item",
  ],
  ["--cache", "nothing: every request is sent as it is (gh's --cache)"],
  ["-L", "nothing: --send follows redirects, credentials only within the origin (curl's -L)"],
  ["--location", "nothing: --send follows redirects, credentials only within the origin"],
]);

/** Flags of HTTPie for what this command line does anyway. */
const NOT_NEEDED: ReadonlyMap<string, string> = new Map([
  ["--offline", "without --send the request is printed, not sent (HTTPie's --offline)"],
  ["--follow", "--send follows redirects, credentials only within the origin (HTTPie's --follow)"],
  ["--check-status", "a status of 400 or more exits with status 1 (HTTPie's --check-status)"],
]);

/** A hint for an unknown flag: the equivalent of another tool's flag, or the nearest flag here. */
export function flagHint(written: string): string {
  const other = OTHER_TOOLS.get(written);
  if (other !== undefined) return `; here, use ${other}`;
  const needless = NOT_NEEDED.get(written);
  if (needless !== undefined) return `; here, leave it out: ${needless}`;
  let best: string | undefined;
  let bestDistance = 3;
  for (const flag of FLAGS) {
    for (const name of [flag.name, flag.short]) {
      if (name === undefined || name.length < 3) continue;
      const distance = editDistance(written, name);
      if (distance < bestDistance) {
        best = name;
        bestDistance = distance;
      }
    }
  }
  // One letter's case is a slip too: -x for -X.
  const short = FLAGS.find(
    (flag) => flag.short !== undefined && flag.short.toLowerCase() === written.toLowerCase(),
  );
  best ??= short?.short;
  return best === undefined ? "" : `; did you mean ${best}?`;
}

/** Levenshtein distance, stopped early for long words: flags are short. */
function editDistance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 2 || a.length > 40) return 3;
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current.push(
        Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost),
      );
    }
    previous = current;
  }
  return previous[b.length] ?? 3;
}
