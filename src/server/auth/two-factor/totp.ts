// TOTP (RFC 6238) as every common authenticator app reads it: SHA-1, 6 digits, 30-second steps.
// A code is accepted for the current step and one step either side (clock drift between phone and
// server); the caller records the step it matched so that no code is accepted twice.
import { createHash, randomInt } from "node:crypto";
import { Secret, TOTP } from "otpauth";
import { RECOVERY_CODE_COUNT } from "../../../domain/schemas/two-factor";

export const TOTP_ISSUER = "Quartermaster";
const PERIOD_SECONDS = 30;
const DRIFT_STEPS = 1;

function totp(secretBase32: string, label = "user") {
  return new TOTP({
    issuer: TOTP_ISSUER,
    label,
    algorithm: "SHA1",
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** A new random secret (160 bits, as RFC 4226 recommends), in base32. */
export const newTotpSecret = () => new Secret({ size: 20 }).base32;

export const otpauthUrl = (secretBase32: string, username: string) =>
  totp(secretBase32, username).toString();

/** The code for an instant (tests and the browser tests compute codes with it). */
export const totpCode = (secretBase32: string, timestamp: number) =>
  totp(secretBase32).generate({ timestamp });

/** The 30-second step a code belongs to, or null when the code is wrong at this instant. */
export function matchTotpStep(
  secretBase32: string,
  code: string,
  timestamp: number,
): number | null {
  const delta = totp(secretBase32).validate({ token: code, timestamp, window: DRIFT_STEPS });
  if (delta === null) return null;
  return Math.floor(timestamp / 1000 / PERIOD_SECONDS) + delta;
}

// Recovery codes: 10 characters from an alphabet without look-alikes (0/o, 1/l/i), ~49 bits each,
// shown as 'xxxxx-xxxxx'. Typed with or without the hyphen, in any case.
const ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
const CODE_LENGTH = 10;

export function newRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  return Array.from({ length: count }, () => {
    let code = "";
    for (let i = 0; i < CODE_LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
    return `${code.slice(0, 5)}-${code.slice(5)}`;
  });
}

export const normaliseRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, "");

export const hashRecoveryCode = (code: string) =>
  createHash("sha256").update(normaliseRecoveryCode(code)).digest("hex");

/** Six digits (spaces ignored) is a TOTP code; anything else is tried as a recovery code. */
export const looksLikeTotp = (code: string) => /^\d{6}$/.test(code.replace(/\s/g, ""));
