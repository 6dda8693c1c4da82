import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createSecretBox, loadOrCreateKeyFile, parseKey } from "./secret-box";

describe("secret box", () => {
  const box = createSecretBox(randomBytes(32));

  it("round-trips and never stores the plaintext", () => {
    const sealed = box.encrypt("ABCD-EFGH-1234");
    expect(sealed).not.toContain("ABCD");
    expect(box.decrypt(sealed)).toBe("ABCD-EFGH-1234");
    expect(box.encrypt("same")).not.toBe(box.encrypt("same"));
  });

  it("detects tampering and a wrong key", () => {
    const sealed = box.encrypt("secret");
    const raw = Buffer.from(sealed.slice(3), "base64");
    raw[raw.length - 1]! ^= 1;
    expect(() => box.decrypt(`v1:${raw.toString("base64")}`)).toThrow();
    expect(() => createSecretBox(randomBytes(32)).decrypt(sealed)).toThrow();
  });

  it("parses hex and base64 keys of 32 bytes only", () => {
    const key = randomBytes(32);
    expect(parseKey(key.toString("hex")).equals(key)).toBe(true);
    expect(parseKey(key.toString("base64")).equals(key)).toBe(true);
    expect(() => parseKey("too-short")).toThrow(/32 bytes/);
  });

  it("creates the key file once, readable by the owner only", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "qm-key-"));
    const first = loadOrCreateKeyFile(dir);
    expect(loadOrCreateKeyFile(dir).equals(first)).toBe(true);
    expect(fs.statSync(path.join(dir, "encryption.key")).mode & 0o077).toBe(0);
    fs.rmSync(dir, { recursive: true });
  });
});
