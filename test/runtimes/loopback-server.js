// The loopback server of the runtime matrix (run.js) and of the fetch smoke against the sources.
/**
 * The loopback server every runtime sends its real requests to: /echo answers with what it
 * received, /pages with three pages linked by `Link`, and anything else from `files` (the page
 * Chromium loads, so its requests stay on one origin).
 */
export function serve(files, request, response) {
  const url = new URL(request.url ?? "/", "http://localhost");
  if (url.pathname.startsWith("/echo")) {
    const chunks = [];
    request.on("data", (chunk) => chunks.push(chunk));
    request.on("end", () => {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(
        JSON.stringify({
          method: request.method,
          url: request.url,
          headers: request.headers,
          body: Buffer.concat(chunks).toString("utf8"),
        }),
      );
    });
    return;
  }
  if (url.pathname === "/pages") {
    const page = Number(url.searchParams.get("page") ?? "1");
    const next = `<http://${request.headers.host}/pages?per_page=2&page=${page + 1}>; rel="next"`;
    response.writeHead(200, {
      "content-type": "application/json",
      ...(page < 3 ? { link: next } : {}),
    });
    response.end(JSON.stringify([`page ${page}`]));
    return;
  }
  const file = files[url.pathname];
  response.writeHead(file ? 200 : 404, { "content-type": file ? file[0] : "text/plain" });
  response.end(file ? file[1] : "not found");
}
