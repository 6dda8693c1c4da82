// Which relying party (RP ID and expected origin) a passkey ceremony is for. Configured
// (WEBAUTHN_RP_ID / WEBAUTHN_ORIGIN, or PUBLIC_URL) it is fixed; unconfigured, a request that came
// to a loopback host (localhost, *.localhost, 127.0.0.1, [::1]) uses that host, so development and
// tests work without set-up, and any other host is refused: a Host header from the network must
// not choose the origin we accept (docs/decisions/0020-passkeys.md).
import type { FastifyRequest } from "fastify";
import type { AppConfig } from "../../config";
import { AppError } from "../../http/errors";
import { requestOrigin } from "../../http/request-origin";

export interface RelyingParty {
  rpId: string;
  rpName: string;
  origin: string;
}

const NOT_CONFIGURED =
  "Passkeys are not configured for this address. Set PUBLIC_URL (or WEBAUTHN_RP_ID and WEBAUTHN_ORIGIN).";

function isLoopbackHost(hostname: string) {
  return (
    hostname === "localhost" ||
    hostname.endsWith(".localhost") ||
    hostname === "[::1]" ||
    /^127(\.\d{1,3}){3}$/.test(hostname)
  );
}

export function relyingPartyFor(config: AppConfig, request: FastifyRequest): RelyingParty {
  const { rpName, fixed } = config.webauthn;
  if (fixed) return { rpName, ...fixed };
  const origin = requestOrigin(request);
  if (!origin) throw new AppError(503, "PASSKEYS_NOT_CONFIGURED", NOT_CONFIGURED);
  const url = new URL(origin);
  const hostname = url.hostname.toLowerCase();
  if (!isLoopbackHost(hostname)) throw new AppError(503, "PASSKEYS_NOT_CONFIGURED", NOT_CONFIGURED);
  // An IP address is not a valid RP ID; the browser refuses the ceremony and the client explains
  // that the site must be opened as http://localhost.
  return { rpName, rpId: hostname.replace(/^\[|\]$/g, ""), origin: url.origin };
}
