// `rest-endpoint completion bash|zsh|fish`: a script that completes flags, methods and (bash,
// zsh) the urls of GitHub's routes (the table of `rest-endpoint/github`).
import { METHODS as METHOD_TABLE } from "../shared/http.js";
import { FLAGS } from "./flags.js";
import { UsageError } from "./usage-error.js";

const METHODS = Object.keys(METHOD_TABLE);

/** The completion script for `shell`, with `routes` ("METHOD url") offered as urls. */
export function completionScript(shell: string, routes: readonly string[]): string {
  const flags = FLAGS.flatMap((flag) => (flag.short === undefined ? [flag.name] : [flag.name, flag.short]));
  // Urls only: the method is its own word (GET /path), as gh and HTTPie users type it.
  const urls = [...new Set(routes.map((route) => route.slice(route.indexOf(" ") + 1)))];
  // Every word is ours (flags, methods, GitHub's urls): none holds a quote or white space.
  const words = (list: readonly string[]): string => list.map((word) => `'${word}'`).join(" ");
  switch (shell) {
    case "bash":
      return `# rest-endpoint completion for bash: source <(rest-endpoint completion bash)
_rest_endpoint() {
  local cur="\${COMP_WORDS[COMP_CWORD]}"
  local IFS=$'\\n'
  local flags=(${words(flags)})
  local words=(${words([...METHODS, "completion", "generate", ...urls])})
  if [[ "$cur" == -* ]]; then
    COMPREPLY=($(compgen -W "\${flags[*]}" -- "$cur"))
  else
    COMPREPLY=($(compgen -W "\${words[*]}" -- "$cur"))
  fi
}
complete -o default -F _rest_endpoint rest-endpoint
`;
    case "zsh":
      return `#compdef rest-endpoint
# rest-endpoint completion for zsh: source <(rest-endpoint completion zsh)
_rest_endpoint() {
  local -a flags words
  flags=(${words(flags)})
  words=(${words([...METHODS, "completion", "generate", ...urls])})
  if [[ $PREFIX == -* ]]; then
    compadd -Q -- $flags
  else
    compadd -Q -f -- $words
  fi
}
compdef _rest_endpoint rest-endpoint
`;
    case "fish": {
      // Flags and methods only: fish expands braces in what -a lists, and GitHub's urls hold them.
      const lines = FLAGS.map(
        (flag) =>
          `complete -c rest-endpoint -l ${flag.name.slice(2)}${flag.short === undefined ? "" : ` -s ${flag.short.slice(1)}`}${flag.value ? " -r" : ""}`,
      );
      return `# rest-endpoint completion for fish: rest-endpoint completion fish | source
${lines.join("\n")}
complete -c rest-endpoint -a '${[...METHODS, "completion", "generate"].join(" ")}'
`;
    }
    default:
      throw new UsageError(`completion takes bash, zsh or fish, got "${shell}".`);
  }
}
