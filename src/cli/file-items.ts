// HTTPie's file upload, `name@FILE`: the file as a part of a multipart form, and that form as
// each output prints it (JSON, a curl command, the raw message), so that what is printed is
// what --send sends.
import { shellQuote } from "../adapters/to-curl.js";
import { methodRule, sendsBody } from "../shared/http.js";
import type { Item } from "./read-item.js";
import type { ArgumentIo } from "./read-parameter.js";
import { UsageError } from "./usage-error.js";

/** Types by extension, as HTTPie guesses them (Python's mimetypes) for the files APIs take. */
const TYPES: ReadonlyMap<string, string> = new Map([
  ["png", "image/png"],
  ["jpg", "image/jpeg"],
  ["jpeg", "image/jpeg"],
  ["gif", "image/gif"],
  ["webp", "image/webp"],
  ["svg", "image/svg+xml"],
  ["ico", "image/vnd.microsoft.icon"],
  ["bmp", "image/bmp"],
  ["tif", "image/tiff"],
  ["tiff", "image/tiff"],
  ["pdf", "application/pdf"],
  ["json", "application/json"],
  ["xml", "application/xml"],
  ["zip", "application/zip"],
  ["gz", "application/gzip"],
  ["tar", "application/x-tar"],
  ["txt", "text/plain"],
  ["md", "text/markdown"],
  ["csv", "text/csv"],
  ["html", "text/html"],
  ["css", "text/css"],
  ["js", "text/javascript"],
  ["yaml", "application/yaml"],
  ["yml", "application/yaml"],
  ["mp3", "audio/mpeg"],
  ["wav", "audio/wav"],
  ["mp4", "video/mp4"],
  ["webm", "video/webm"],
]);

/** A media type without parameters, lowercase: what a Blob keeps (it lowercases) and curl's type= takes. */
const MEDIA_TYPE = /^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+$/;

/** The path each file of a file item was read from: curl's `-F name=@path` names it. */
const PATHS = new WeakMap<Blob, string>();

/** The file of `name@FILE`: its bytes, its name (the path's last segment) and its type. */
export function readFileItem(item: Item, arg: string, io: ArgumentIo): File {
  const name = item.value.split(/[\\/]/).pop() ?? "";
  if (name === "" || name === "." || name === "..") {
    throw new UsageError(`The item "${arg}" names no file: write name@path/to/file.`);
  }
  const extension = /\.([^.]+)$/.exec(name)?.[1]?.toLowerCase() ?? "";
  const type = (item.type ?? TYPES.get(extension) ?? "application/octet-stream").toLowerCase();
  if (!MEDIA_TYPE.test(type)) {
    throw new UsageError(
      `The item "${arg}" gives the type "${item.type}", which is not a media type such as image/png (no parameters).`,
    );
  }
  let bytes: Uint8Array;
  try {
    bytes = io.readFile(item.value);
  } catch (error) {
    throw new UsageError(
      `Cannot read the file of ${item.name}@ "${item.value}": ${(error as Error).message}`,
    );
  }
  const file = new File([bytes as Uint8Array<ArrayBuffer>], name, { type });
  PATHS.set(file, item.value);
  return file;
}

/**
 * The multipart form of parameters that file items made a form (HTTPie's rule: a file item
 * makes the request multipart, and `name=value` items are text fields of the same form).
 * Text and files only: a JSON value has no form of its own there, so it is refused.
 */
export function multipartForm(
  parameters: Iterable<readonly [string, unknown]>,
  args: ReadonlyMap<string, string>,
): FormData {
  const form = new FormData();
  const add = (name: string, value: unknown): void => {
    if (value instanceof File) form.append(name, value);
    // As fetch writes a text field, so that curl's --form-string sends the same bytes.
    else if (typeof value === "string") form.append(name, value.replace(/\r(?!\n)|(?<!\r)\n/g, "\r\n"));
    else {
      throw new UsageError(
        `The item "${args.get(name) ?? name}" is not text or a file, which a multipart form (made by a name@FILE item) carries: write name=value.`,
      );
    }
  };
  for (const [name, value] of parameters) {
    if (Array.isArray(value)) for (const item of value) add(name, item);
    else add(name, value);
  }
  return form;
}

/** A form's parts as `--format json` shows them: text as it is, files with their bytes in base64. */
export async function formAsJson(form: FormData): Promise<{ multipart: Record<string, string>[] }> {
  const parts: Record<string, string>[] = [];
  for (const [name, value] of form) {
    if (typeof value === "string") {
      parts.push({ name, value });
      continue;
    }
    let binary = "";
    for (const byte of new Uint8Array(await value.arrayBuffer())) binary += String.fromCharCode(byte);
    parts.push({ name, filename: value.name, type: value.type, base64: btoa(binary) });
  }
  return { multipart: parts };
}

/** A form as fetch sends it: the bytes, and the content-type with their boundary. */
export async function formAsBytes(form: FormData): Promise<{ bytes: Uint8Array; type: string }> {
  const response = new Response(form);
  const bytes = new Uint8Array(await response.arrayBuffer());
  return { bytes, type: response.headers.get("content-type") ?? "multipart/form-data" };
}

/**
 * curl's arguments for a form: `--form-string` for text (taken literally, where `-F` would
 * read `@` and `<`), `-F 'name=@"path";type=...;filename="..."'` for a file. Names and filenames
 * that curl and fetch would write differently (quotes, backslashes, line breaks) are refused,
 * and so is a part that no file item made (a JSON part of a described body): curl has no way
 * to give its bytes.
 */
export function formAsCurlArgs(form: FormData): string[] {
  const args: string[] = [];
  const plain = (text: string, what: string): string => {
    if ([...text].some((char) => char < " " || char === "\u007f" || '"\\;='.includes(char))) {
      throw new UsageError(
        `--format curl cannot write the ${what} ${JSON.stringify(text)} as fetch sends it: use --format http, or --send.`,
      );
    }
    return text;
  };
  for (const [name, value] of form) {
    if (typeof value === "string") {
      args.push("--form-string", shellQuote(`${plain(name, "part name")}=${value}`));
      continue;
    }
    const path = PATHS.get(value);
    if (path === undefined) {
      throw new UsageError(
        `--format curl cannot write the part "${name}", which is no file of a name@FILE item: use --format http, or --send.`,
      );
    }
    const quoted = `"${path.replace(/[\\"]/g, "\\$&")}"`;
    args.push(
      "-F",
      shellQuote(
        `${plain(name, "part name")}=@${quoted};type=${value.type};filename="${plain(value.name, "filename")}"`,
      ),
    );
  }
  return args;
}

/**
 * What a multipart form made by file items cannot stand beside: another body, a method that
 * sends none, a content-type of the user's (fetch writes the form's, with its boundary), and
 * a nested item (a form's fields have flat names).
 */
export function checkMultipart(
  route: string,
  data: unknown,
  headers: Readonly<Record<string, string | null>>,
  values: readonly { item: Item; arg: string }[],
): void {
  const file = values.find(({ item }) => item.kind === "file")?.arg as string;
  if (data !== undefined) {
    throw new UsageError(
      `The item "${file}" makes the body a multipart form, and --data or --input gives another body: use one.`,
    );
  }
  const method = route.trim().split(/[ \t]+/)[0] as string;
  if (methodRule(method) !== undefined && !sendsBody(method)) {
    throw new UsageError(
      `The item "${file}" uploads a file in a body, which a ${method.toUpperCase()} does not send: use POST, PUT or PATCH.`,
    );
  }
  if (Object.keys(headers).some((name) => name.toLowerCase() === "content-type" && headers[name] !== null)) {
    throw new UsageError(
      `A Content-Type item beside the file item "${file}": a multipart form is labelled by the client, with its boundary; leave the Content-Type out.`,
    );
  }
  const nested = values.find(({ item }) => item.path.length > 0 && !item.append);
  if (nested !== undefined) {
    throw new UsageError(
      `The item "${nested.arg}" is nested, which a multipart form (made by the file item "${file}") cannot carry: give flat names.`,
    );
  }
}
