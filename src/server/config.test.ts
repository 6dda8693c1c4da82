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
});
