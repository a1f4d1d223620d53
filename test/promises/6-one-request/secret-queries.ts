// The queries of test/promises/masked-credentials.test.ts and test/cli/masked-credentials.test.ts.

export const SECRET = "S3CR3T";

/** Queries (and a path parameter, a fragment) that carry the secret under a credential's name. */
export const SECRET_QUERIES: readonly string[] = [
  `?a=1;token=${SECRET}`,
  `?a=1;api_key=${SECRET}&b=2`,
  `?jwt=${SECRET}`,
  `?x=1&bearer=${SECRET}`,
  `?pass=${SECRET}`,
  `?pwd=${SECRET}`,
  `?PassPhrase=${SECRET}`,
  `?user_pwd=${SECRET};page=2`,
  `?to%6Ben=${SECRET}`,
  `?%5Bapi_key%5D=${SECRET}`,
  `?api.key=${SECRET}`,
  `?api[key=${SECRET}`,
  `?api_key[]=${SECRET}&api_key[]=${SECRET}`,
  `?%22access_token%22=${SECRET}`,
  `?to+ken=1&a+token=${SECRET}`,
  `?%ZZ=1&access_token=${SECRET}`,
  `?q=1&%ZZtoken=${SECRET}`,
  `?code=${SECRET}&state=x`,
  `?X-Amz-Signature=${SECRET}`,
  `?sig=${SECRET}`,
  `?%C5%BFecret=${SECRET}`,
  `?api[key]=${SECRET}`,
  `?data[api_key]=${SECRET}&page=2`,
  `?user%5Bpassword%5D=${SECRET}`,
  `?a=1;phpsessid=${SECRET}`,
];
