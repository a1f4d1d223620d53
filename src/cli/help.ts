/** The text of `rest-endpoint --help`; docs/cli.md follows it. */
export const HELP = `Usage: rest-endpoint [METHOD] ROUTE [ITEM ...] [OPTIONS]
       rest-endpoint generate DESCRIPTION [--out FILE.js]   (see rest-endpoint generate --help)

Prints the request options of one endpoint() call, or sends the request with --send.
The generate command writes operation data and typed routes from an OpenAPI description.

ROUTE      "METHOD /path/{param}", or METHOD and the url as two arguments (GET /path),
           or a bare "/path" (see -X); e.g. "GET /repos/{owner}/{repo}"; :8787/path
           and :/path mean http://localhost (HTTPie's shorthand)

ITEM (HTTPie's conventions; the first separator decides, a \\ before = : ; @ [ ] \\ makes
it literal: a\\=b=c is the parameter "a=b", text=\\@me the string "@me"):
  name=value      a string parameter                   owner=octokit
  name:=json      a typed parameter (number, boolean,  per_page:=100 labels:='["bug"]'
                  null, array or object as JSON)
  name=@FILE      a string parameter read from a file  body=@notes.md
  name:=@FILE     a typed parameter read from a JSON   labels:=@labels.json
                  file
  name@FILE       uploads a file: the body becomes a   photo@cat.png
                  multipart form (its name, a type     'doc@a.md;type=text/markdown'
                  from its extension or ;type=), and
                  name=value items its text fields
  name==value     a query parameter, on every method   state==open
  name[]=value    appends to the list name (also with  'labels[]=bug' 'labels[]=docs'
                  :=, =@ and :=@; quote it: a shell
                  may read [] as a pattern)
  name[key]=value nested JSON, as HTTPie 3 builds it    'user[name]=x' 'pos[0]:=1'
  Header:value    a header                             Authorization:'token <API_KEY>'
  Header:         removes a header (also a default)    Accept:
  Header;         a header with an empty value         X-Empty;

  A name given twice makes a list: labels=bug labels=docs sends ["bug", "docs"], and
  a==1 a==2 sends ?a=1&a=2. A name cannot be both a parameter and a query parameter.
  Every parameter item is a parameter: url= and method= go to the query or the body
  (a webhook's url field) and never move the request. baseUrl, headers, mediaType, data
  and request are options, set by the flags below (request has none).

OPTIONS (gh api's short forms where it has them):
  -X, --method METHOD     the method; without one (nor in the route), a request with a
                          body, or with parameters the url does not take, is a POST, as
                          with gh api and HTTPie; otherwise a GET
  -f, --raw-field K=V     a string parameter, as K=V does ('labels[]=bug', 'user[name]=x')
  -F, --field K=V         a typed parameter: true, false, null and integers as JSON
                          (past 2^53 a string), @FILE the text of a file, @- standard
                          input, anything else a string; beside --input, in the query
  -H, --header 'N: V'     a header, as N:V does
  --input FILE            the request body from a file (- for standard input), as --data @FILE
  --base-url URL          the base URL (default https://api.github.com; "" for relative urls)
  --format json|curl|http what to print: request options as JSON (default), a curl command
                          that a POSIX shell runs as is, or the raw HTTP/1.1 request
                          (which writes host and content-length itself: a Host,
                          Content-Length or Transfer-Encoding header is refused)
  --data @FILE            the request body from a file, as it stands
  --data -                the request body from standard input
  --data TEXT             the request body as given
  --ignore-stdin          leave standard input unread: without it, data piped to a
                          command that does not name it (--input -, --data -, @-)
                          is refused (exit 2) rather than dropped
                          A --data body without a Content-Type item is labelled as
                          what it is: application/json when it parses as JSON,
                          text/plain; charset=utf-8 for other text, and
                          application/octet-stream for bytes that are not UTF-8.
  --media-format NAME     mediaType.format, e.g. raw, diff, text+json
  -p, --preview NAME      mediaType.previews; repeatable
  --operations FILE       a module written by rest-endpoint generate, or the OpenAPI
                          description itself: items are sent as it describes (query,
                          header, cookie, form or multipart), to its servers; with the
                          description, typed items are checked against the schemas
                          (limit=5 sends 5 where it says integer; limit=abc exits 2)
  --auth-env SCHEME=VAR   with --operations: the credential of a security scheme from an
                          environment variable (SCHEME=USER_VAR:PASSWORD_VAR for basic),
                          sent only where the description's security asks, only under
                          its server (not after a redirect or next page out of it) (sends)

Sending (each of these sends the request, as gh api does):
  --send                  send the request with fetch and print the response body
                          (JSON pretty-printed on a terminal, as received otherwise,
                          text ending in a newline); a status of 400 or more prints
                          the body, one line "HTTP 404: message" on stderr, exit 1
  --include, -i           print the status line and headers first
  --token-env NAME        send "authorization: Bearer $NAME" (the token is read from
                          that environment variable, never printed)
  --paginate              follow Link: rel="next" within the origin, printing each page
                          as it arrives: pages of lists as one list, other pages one
                          after another; a progress line on standard error when it is
                          a terminal
  --slurp                 with --paginate: every page in one JSON array
  -q, --jq FILTER         a jq filter over each JSON body (over the array with --slurp);
                          needs the package jq-wasm (npm install jq-wasm)
  --silent                print no response body
  --verbose               the request (with the headers fetch adds) and response
                          heads on standard error, credentials masked

  -h, --help              this text
  -V, --version           the version
  --                      the end of options: what follows is the route and items

Credentials are sent only as given (an Authorization item or --token-env), and only to
the origin of the request: a redirect to another origin is followed with only Accept,
Accept-Language, Content-Language, Content-Type, User-Agent and X-GitHub-Api-Version.

Exit status: 0 on success, 1 when a sent request fails or answers 400 or more,
2 on bad input (one line on standard error).

  rest-endpoint completion bash|zsh|fish   prints a completion script for that shell

Examples:
  rest-endpoint GET "/repos/{owner}/{repo}/issues" owner=octokit repo=rest.js state=open
  rest-endpoint GET /user --send --token-env GITHUB_TOKEN
  rest-endpoint /repos/octokit/rest.js/issues --paginate --jq '.[].title' --token-env GITHUB_TOKEN`;
