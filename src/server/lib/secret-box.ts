// AES-256-GCM for secrets at rest (license keys, account passwords). Each value gets its own
// random 96-bit IV; the auth tag makes tampering fail loudly instead of returning garbage.
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

const VERSION = "v1";

export interface SecretBox {
  encrypt(plaintext: string): string;
  decrypt(ciphertext: string): string;
}

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

export function createSecretBox(key: Buffer): SecretBox {
  return {
    encrypt(plaintext) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
      const tag = cipher.getAuthTag();
      return `${VERSION}:${Buffer.concat([iv, tag, body]).toString("base64")}`;
    },
    decrypt(ciphertext) {
      const [version, payload] = ciphertext.split(":");
      if (version !== VERSION || !payload) throw new Error("Unknown secret format");
      const raw = Buffer.from(payload, "base64");
      const decipher = createDecipheriv("aes-256-gcm", key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
    },
  };
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
