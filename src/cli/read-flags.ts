// The flags of a request command, each read by its entry of one table: flags.ts lists the
// flags, FLAG_READERS says what each sets (test/cli/flags-documented.test.ts holds the two to
// each other).
import { setOwn } from "../shared/object.js";
import type { EndpointOptions } from "../types/request.js";
import type { GivenFlag } from "./read-argv.js";
import type { Item } from "./read-item.js";
import { type ArgumentIo, readData, readField, readHeader } from "./read-parameter.js";
import { UsageError } from "./usage-error.js";

export type Format = "json" | "curl" | "http";

/** What the flags of a request command set, read once, in order. */
export interface FlagState {
  /** `--help` or `--version`: answered whatever else is given. */
  answer: "help" | "version" | undefined;
  format: Format | undefined;
  /** A flag that only a response needs was given: the request is sent. */
  send: boolean;
  ignoreStdin: boolean;
  readonly settings: {
    include: boolean;
    tokenEnv: string | undefined;
    paginate: boolean;
    slurp: boolean;
    jq: string | undefined;
    silent: boolean;
    verbose: boolean;
  };
  method: string | undefined;
  readonly options: EndpointOptions;
  readonly headers: Record<string, string | null>;
  readonly previews: string[];
  mediaFormat: string | undefined;
  /** `-f` and `-F` fields, in order. */
  readonly fields: Item[];
}

type FlagReader = (state: FlagState, value: string, io: ArgumentIo, name: string) => void;

/** One body, from --data or --input: a second would silently replace the first. */
const readBody: FlagReader = (state, value, io, name) => {
  if (Object.hasOwn(state.options, "data")) {
    throw new UsageError("--data and --input give one body, once: join the parts into one --data or file.");
  }
  const data = readData(name === "--data" || value === "-" ? value : `@${value}`, io);
  setOwn(state.options as Record<string, unknown>, "data", data);
};

const readFieldFlag: FlagReader = (state, value, _io, name) => {
  state.fields.push(readField(name, value));
};

/** Read before the rest (see `operationsFlags`): the module decides how items are sent. */
const readEarlier: FlagReader = () => {};

/** What each flag of a request command sets. */
export const FLAG_READERS: Readonly<Record<string, FlagReader>> = {
  "--help": (state) => {
    state.answer = "help";
  },
  "--version": (state) => {
    state.answer = "version";
  },
  "--method": (state, value) => {
    // -X "" would leave the route without a method, read as a GET: missing is told apart.
    if (value.trim() === "") throw new UsageError("-X (--method) needs a method, such as GET or POST.");
    state.method = value;
  },
  "--raw-field": readFieldFlag,
  "--field": readFieldFlag,
  "--header": (state, value) => readHeader(value, state.headers),
  "--input": readBody,
  "--data": readBody,
  "--base-url": (state, value) => {
    setOwn(state.options as Record<string, unknown>, "baseUrl", value);
  },
  "--format": (state, value) => {
    if (value !== "json" && value !== "curl" && value !== "http") {
      throw new UsageError(`Unknown format "${value}": use json, curl or http.`);
    }
    state.format = value;
  },
  "--media-format": (state, value) => {
    state.mediaFormat = value;
  },
  "--preview": (state, value) => {
    state.previews.push(value);
  },
  "--operations": readEarlier,
  "--auth-env": readEarlier,
  "--ignore-stdin": (state) => {
    state.ignoreStdin = true;
  },
  // Every flag marked `sends` sends; --send says no more.
  "--send": () => {},
  "--include": (state) => {
    state.settings.include = true;
  },
  "--token-env": (state, value) => {
    state.settings.tokenEnv = value;
  },
  "--paginate": (state) => {
    state.settings.paginate = true;
  },
  "--slurp": (state) => {
    state.settings.slurp = true;
  },
  "--jq": (state, value) => {
    state.settings.jq = value;
  },
  "--silent": (state) => {
    state.settings.silent = true;
  },
  "--verbose": (state) => {
    state.settings.verbose = true;
  },
};

/**
 * The flags as `readArgv` gave them, each read once by its entry of `FLAG_READERS`; reading
 * stops at --help or --version.
 *
 * @example
 * readFlags(readArgv(["GET /x", "-X", "POST"]).flags, io).method; // "POST"
 */
export function readFlags(flags: readonly GivenFlag[], io: ArgumentIo): FlagState {
  const state: FlagState = {
    answer: undefined,
    format: undefined,
    send: false,
    ignoreStdin: false,
    settings: {
      include: false,
      tokenEnv: undefined,
      paginate: false,
      slurp: false,
      jq: undefined,
      silent: false,
      verbose: false,
    },
    method: undefined,
    options: {},
    headers: {},
    previews: [],
    mediaFormat: undefined,
    fields: [],
  };
  for (const { flag, value } of flags) {
    if (flag.sends) state.send = true;
    FLAG_READERS[flag.name]?.(state, value, io, flag.name);
    if (state.answer !== undefined) break;
  }
  return state;
}

/**
 * The checks between flags, once all are read: one output, --slurp with --paginate, one way to
 * give the token.
 */
export function checkFlags(state: FlagState): void {
  if (state.send && state.format !== undefined) {
    throw new UsageError("--send prints the response, --format the request: use one of them.");
  }
  if (state.settings.slurp && !state.settings.paginate) {
    throw new UsageError("--slurp is used with --paginate only.");
  }
  const authorization = Object.keys(state.headers).some((name) => name.toLowerCase() === "authorization");
  if (state.settings.tokenEnv !== undefined && authorization) {
    throw new UsageError("Give either an Authorization item or --token-env, not both.");
  }
}
