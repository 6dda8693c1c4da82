// What the server says about the demo sign-ins when it has just loaded the demo data. Their
// password is in the README, so on an address other machines can reach they are an open door:
// then the notice says so, next to the sign-ins.
import net from "node:net";
import { DEMO_PASSWORD } from "./seed/people";

/** Whether listening on host keeps the server to this machine. A host name other than localhost
 * may resolve to any address, so it counts as reachable. */
export function isLoopbackHost(host: string): boolean {
  const address = host.replace(/^\[(.*)\]$/, "$1").toLowerCase();
  if (address === "localhost") return true;
  if (net.isIPv4(address)) return address.startsWith("127.");
  if (net.isIPv6(address)) {
    return address === "::1" || /^::ffff:127\.\d+\.\d+\.\d+$/.test(address);
  }
  return false;
}

export function demoSignInNotice(host: string, port: number): { info: string; warning?: string } {
  const info = `Loaded demo data. Sign in as admin / ${DEMO_PASSWORD} or jane / ${DEMO_PASSWORD}.`;
  if (isLoopbackHost(host)) return { info };
  return {
    info,
    warning:
      `The demo sign-ins are open to anyone who can reach this server: it listens on ${host} port ${port}, ` +
      `beyond this machine, and every demo person's password is ${DEMO_PASSWORD}. ` +
      "Change the passwords (or delete the demo people), or set HOST=127.0.0.1 to listen on this machine only.",
  };
}
