// The one configured key for secrets at rest, and the separate keys derived from it per purpose,
// so the key that seals secrets never doubles as the key of their search index.
import { hkdfSync, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

export function parseKey(raw: string): Buffer {
  const trimmed = raw.trim();
  const key = /^[0-9a-f]{64}$/i.test(trimmed)
    ? Buffer.from(trimmed, "hex")
    : Buffer.from(trimmed, "base64");
  if (key.length !== 32) {
    throw new Error("ENCRYPTION_KEY must be 32 bytes, given as 64 hex characters or base64");
  }
  return key;
}

/** The embedded database's key: generated once into DATA_DIR, readable by the owner only. */
export function loadOrCreateKeyFile(dataDir: string): Buffer {
  const keyPath = path.join(dataDir, "encryption.key");
  if (fs.existsSync(keyPath)) return parseKey(fs.readFileSync(keyPath, "utf8"));
  fs.mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32);
  fs.writeFileSync(keyPath, `${key.toString("base64")}\n`, { mode: 0o600, flag: "wx" });
  return key;
}

/** A 32-byte key for one purpose (HKDF-SHA256): knowing it tells nothing about the master key. */
export function deriveKey(masterKey: Buffer, purpose: string): Buffer {
  return Buffer.from(
    hkdfSync("sha256", masterKey, Buffer.alloc(0), `quartermaster/${purpose}`, 32),
  );
}
