import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

describe("loadConfig", () => {
  it("has working defaults for the embedded database", () => {
    const config = loadConfig({});
    expect(config.port).toBe(5000);
    expect(config.dataDir).toMatch(/data$/);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.seedDemo).toBe(true);
  });

  it("never seeds demo data on PostgreSQL", () => {
    const config = loadConfig({
      DATABASE_URL: "postgres://localhost/qm",
      ENCRYPTION_KEY: "ab".repeat(32),
      SEED_DEMO: "true",
    });
    expect(config.seedDemo).toBe(false);
  });

  it("names every bad value in one clear message", () => {
    expect(() =>
      loadConfig({ PORT: "abc", TRUST_PROXY: "maybe", DATABASE_URL: "mysql://x" }),
    ).toThrow(ConfigError);
    const load = () => loadConfig({ PORT: "70000", DATABASE_URL: "mysql://x" });
    expect(load).toThrow("PORT: must be between 0 and 65535");
    expect(load).toThrow("DATABASE_URL: must be a postgres:// or postgresql:// URL");
  });

  it("checks the encryption key's length", () => {
    expect(() => loadConfig({ ENCRYPTION_KEY: "short" })).toThrow(
      "ENCRYPTION_KEY: must be 32 bytes",
    );
  });

  it("requires an encryption key with DATABASE_URL", () => {
    expect(() => loadConfig({ DATABASE_URL: "postgres://localhost/qm" })).toThrow(/ENCRYPTION_KEY/);
  });

  describe("passkey relying party", () => {
    it("is unset by default (loopback hosts only, decided per request)", () => {
      expect(loadConfig({}).webauthn).toEqual({ rpName: "Quartermaster", fixed: null });
    });

    it("derives the RP ID and origin from PUBLIC_URL", () => {
      const config = loadConfig({ PUBLIC_URL: "https://Assets.Example.com:8443/app/" });
      expect(config.publicUrl).toBe("https://assets.example.com:8443");
      expect(config.webauthn.fixed).toEqual({
        rpId: "assets.example.com",
        origin: "https://assets.example.com:8443",
      });
    });

    it("takes WEBAUTHN_RP_ID (a parent domain) and WEBAUTHN_ORIGIN over PUBLIC_URL", () => {
      const config = loadConfig({
        PUBLIC_URL: "https://old.example.com",
        WEBAUTHN_ORIGIN: "https://assets.example.com",
        WEBAUTHN_RP_ID: "example.com",
        WEBAUTHN_RP_NAME: "IT Assets",
      });
      expect(config.webauthn).toEqual({
        rpName: "IT Assets",
        fixed: { rpId: "example.com", origin: "https://assets.example.com" },
      });
    });

    it("refuses an RP ID the origin cannot use, an RP ID without an origin, and bad URLs", () => {
      expect(() =>
        loadConfig({ WEBAUTHN_ORIGIN: "https://assets.example.com", WEBAUTHN_RP_ID: "other.com" }),
      ).toThrow("WEBAUTHN_RP_ID: other.com must be assets.example.com or a parent domain of it");
      expect(() => loadConfig({ WEBAUTHN_RP_ID: "example.com" })).toThrow(
        "WEBAUTHN_ORIGIN: is required with WEBAUTHN_RP_ID when PUBLIC_URL is not set",
      );
      expect(() => loadConfig({ PUBLIC_URL: "ftp://x.example.com" })).toThrow("PUBLIC_URL:");
      expect(() => loadConfig({ WEBAUTHN_RP_ID: "https://example.com" })).toThrow(
        "WEBAUTHN_RP_ID: must be a domain name",
      );
    });
  });
});
