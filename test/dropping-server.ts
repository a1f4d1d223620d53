// A raw loopback server that closes the connection as a request arrives on it, for as many
// requests as `drop` says (a kept-alive connection it timed out just as the request went out),
// and otherwise answers `{"n": <requests seen>}`. It records each request line it reads.
import { createServer, type Server, type Socket } from "node:net";

export interface DroppingServer {
  readonly origin: string;
  /** Request lines received, in order. */
  readonly seen: string[];
  /** How many more requests to drop, whatever they are. */
  drop: number;
  close(): Promise<void>;
}

export async function droppingServer(): Promise<DroppingServer> {
  const state = { seen: [] as string[], drop: 0 };
  const server: Server = createServer((socket: Socket) => {
    let head = "";
    socket.on("data", (chunk: Buffer) => {
      head += chunk.toString("latin1");
      const end = head.indexOf("\r\n\r\n");
      if (end === -1) return;
      const line = head.slice(0, head.indexOf("\r\n"));
      head = head.slice(end + 4);
      state.seen.push(line);
      if (state.drop > 0) {
        state.drop--;
        socket.destroy();
        return;
      }
      const body = JSON.stringify({ n: state.seen.length });
      socket.write(
        `HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\n\r\n${body}`,
      );
    });
    socket.on("error", () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const origin = `http://127.0.0.1:${typeof address === "object" && address !== null ? address.port : 0}`;
  return Object.assign(state, {
    origin,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
