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

/**
 * The key at hand does not open the data, or ENCRYPTION_KEY disagrees with the embedded
 * database's key file: the start stops with this message rather than seal secrets under it.
 */
export class EncryptionKeyMismatchError extends Error {}

const KEY_FILE = "encryption.key";

/** The configured key, and how to name it to an operator. */
export interface ConfiguredKey {
  key: Buffer;
  /** 'ENCRYPTION_KEY', or the key file's path. */
  source: string;
}

/**
 * The key secrets are sealed with: ENCRYPTION_KEY when set, else the embedded database's key file
 * (made on its first start). On the embedded database, an ENCRYPTION_KEY beside an existing key
 * file must be the same key: the file is what backups copy and restores bring back, so two keys
 * would leave the data sealed under one and the backups carrying the other.
 */
export function configuredKey(options: {
  encryptionKey: string | undefined;
  dataDir: string;
  embedded: boolean;
}): ConfiguredKey {
  const keyPath = path.join(options.dataDir, KEY_FILE);
  if (!options.encryptionKey) return { key: loadOrCreateKeyFile(options.dataDir), source: keyPath };
  const key = parseKey(options.encryptionKey);
  if (options.embedded && fs.existsSync(keyPath)) {
    if (!key.equals(parseKey(fs.readFileSync(keyPath, "utf8")))) {
      throw new EncryptionKeyMismatchError(
        `ENCRYPTION_KEY does not match ${keyPath}, the key this embedded database was set up with. ` +
          "Unset ENCRYPTION_KEY, or set it to that file's key; see docs/backup-and-restore.md.",
      );
    }
  }
  return { key, source: "ENCRYPTION_KEY" };
}

/** The embedded database's key: generated once into DATA_DIR, readable by the owner only. */
export function loadOrCreateKeyFile(dataDir: string): Buffer {
  const keyPath = path.join(dataDir, KEY_FILE);
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
