// The line the server prints once it listens. Fastify prints each address it listens on, as
// numbers (http://127.0.0.1:5001, or every interface's for 0.0.0.0); a browser opened at a number
// cannot use passkeys (a relying party is a domain name, and 127.0.0.1 is not 'localhost'), so a
// loopback or every-address listener is printed as http://localhost:PORT, where they work.
import { isLoopbackHost } from "./demo-sign-ins";

const EVERY_ADDRESS = new Set(["0.0.0.0", "::", "[::]"]);

/** Fastify's listenTextResolver: its address (`http://host:port`) → the line to print. */
export function listeningText(address: string): string {
  let shown = address;
  try {
    const url = new URL(address);
    if (isLoopbackHost(url.hostname) || EVERY_ADDRESS.has(url.hostname)) {
      url.hostname = "localhost";
      shown = url.origin;
    }
  } catch {
    // A Unix socket's path: printed as it is.
  }
  return `Server listening at ${shown}`;
}
