import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createBlindIndex } from "./blind-index";
import { createCipher } from "./cipher";
import { createSecrets, loadOrCreateKeyFile, parseKey } from "./index";
import { deriveKey } from "./key";

describe("seal and open", () => {
  const secrets = createSecrets(randomBytes(32));

  it("round-trips, masks, and never stores the plaintext", () => {
    const sealed = secrets.seal("ABCD-EFGH-1234");
    expect(sealed.ciphertext).not.toContain("ABCD");
    expect(sealed.masked).toBe("XXXX-XXXX-1234");
    expect(secrets.open(sealed.ciphertext)).toBe("ABCD-EFGH-1234");
    expect(secrets.seal("same").ciphertext).not.toBe(secrets.seal("same").ciphertext);
  });

  it("detects tampering and a wrong key", () => {
    const { ciphertext } = secrets.seal("secret");
    const raw = Buffer.from(ciphertext.slice(3), "base64");
    raw[raw.length - 1]! ^= 1;
    expect(() => secrets.open(`v1:${raw.toString("base64")}`)).toThrow();
    expect(() => createSecrets(randomBytes(32)).open(ciphertext)).toThrow();
  });

  it("opens what the earlier secret box sealed with the same key (stored data stays readable)", () => {
    const key = randomBytes(32);
    const sealedBefore = createCipher(key).seal("OLD-KEY-0001");
    expect(createSecrets(key).open(sealedBefore)).toBe("OLD-KEY-0001");
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

  it("derives a different key per purpose, and never the master key itself", () => {
    const master = randomBytes(32);
    const index = deriveKey(master, "blind-index/license-key/v1");
    expect(index.length).toBe(32);
    expect(index.equals(master)).toBe(false);
    expect(index.equals(deriveKey(master, "blind-index/other/v1"))).toBe(false);
    expect(index.equals(deriveKey(master, "blind-index/license-key/v1"))).toBe(true);
  });
});

describe("blind index", () => {
  const index = createBlindIndex(randomBytes(32));
  const holdsAll = (stored: string[], query: string[]) => query.every((t) => stored.includes(t));

  it("stores one keyed hash per distinct piece, none of them the piece itself", () => {
    const tokens = index.tokensOf("ABCD-1234");
    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9_-]{12}$/);
    // 9 single characters, 8 pairs, 7 triples, all different.
    expect(new Set(tokens).size).toBe(9 + 8 + 7);
    // Repeated pieces are stored once: 'aaaa' has the pieces a, aa and aaa only.
    expect(index.tokensOf("AAAA")).toHaveLength(3);
  });

  it("finds every fragment a secret contains, whatever its case", () => {
    const stored = index.tokensOf("Key-PGB-0003");
    for (const fragment of ["k", "KEY", "pgb-0", "-", "0003", "y-P", "key-pgb-0003"]) {
      expect(holdsAll(stored, index.queryOf(fragment).tokens), fragment).toBe(true);
    }
  });

  it("is exact for fragments of up to 3 characters", () => {
    const stored = index.tokensOf("ABCD");
    expect(index.queryOf("bcd").exact).toBe(true);
    expect(holdsAll(stored, index.queryOf("bd").tokens)).toBe(false);
    expect(holdsAll(stored, index.queryOf("dcb").tokens)).toBe(false);
    expect(index.queryOf("abcd").exact).toBe(false);
  });

  it("can over-match a longer fragment, which is why the caller checks candidates", () => {
    // 'abcab' holds every 3-character piece of 'abcabc' (abc, bca, cab) but not the fragment.
    const stored = index.tokensOf("abcab");
    const query = index.queryOf("abcabc");
    expect(query.exact).toBe(false);
    expect(holdsAll(stored, query.tokens)).toBe(true);
  });

  it("gives other tokens under another key", () => {
    const other = createBlindIndex(randomBytes(32));
    expect(other.tokensOf("abc")).not.toEqual(index.tokensOf("abc"));
  });
});
