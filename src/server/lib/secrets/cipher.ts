// AES-256-GCM for secrets at rest (license keys, account passwords). Each value gets its own
// random 96-bit IV; the auth tag makes tampering or a wrong key fail loudly instead of returning
// garbage. Stored as 'v1:' + base64(iv | tag | ciphertext).
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

const VERSION = "v1";

export interface Cipher {
  seal(plaintext: string): string;
  open(sealed: string): string;
}

export function createCipher(key: Buffer): Cipher {
  return {
    seal(plaintext) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
      const tag = cipher.getAuthTag();
      return `${VERSION}:${Buffer.concat([iv, tag, body]).toString("base64")}`;
    },
    open(sealed) {
      const [version, payload] = sealed.split(":");
      if (version !== VERSION || !payload) throw new Error("Unknown secret format");
      const raw = Buffer.from(payload, "base64");
      const decipher = createDecipheriv("aes-256-gcm", key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
    },
  };
}
