// argon2id with the library's defaults (19 MiB, t=2, p=1: OWASP's recommended minimum).
import { hash, verify } from "@node-rs/argon2";

// Algorithm.Argon2id; the enum is an ambient const enum that isolatedModules cannot read.
const ARGON2ID = 2;

export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID });
}

// Verifying against this when the user does not exist keeps the response time the same,
// so timing does not reveal which usernames exist.
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(passwordHash: string | null, password: string) {
  if (!passwordHash) {
    dummyHash ??= hashPassword("not-a-real-password");
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}
