/** The characters of all urls credentials may go to, written into the module's settings. */
const MAX_CREDENTIAL_CHARACTERS = 1_000_000;

/** The urls a generated module lets credentials go to, gathered as servers are read. */
export interface CredentialUrls {
  /** Lets credentials go to these urls too, while the bound allows. */
  allow(urls: readonly string[]): void;
  /** Each url once, in the order allowed. */
  readonly urls: ReadonlySet<string>;
}

/**
 * Credentials go to the description's servers and the own servers of operations that send
 * credentials, nowhere else. Bounded in all, so that servers' enums cannot multiply the module:
 * past the bound, further urls take no credentials (a request there is refused, never sent
 * with them), and a note says so.
 */
export function credentialUrls(notes: string[]): CredentialUrls {
  const urls = new Set<string>();
  let characters = 0;
  const allow = (given: readonly string[]) => {
    for (const url of given) {
      if (urls.has(url) || characters > MAX_CREDENTIAL_CHARACTERS) continue;
      characters += url.length;
      if (characters <= MAX_CREDENTIAL_CHARACTERS) urls.add(url);
      else
        notes.push(
          `servers: the urls credentials may go to pass ${MAX_CREDENTIAL_CHARACTERS} characters; the rest take none.`,
        );
    }
  };
  return { allow, urls };
}
