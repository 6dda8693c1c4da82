import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../config";

const google = {
  GOOGLE_CLIENT_ID: "client.apps.googleusercontent.com",
  GOOGLE_CLIENT_SECRET: "secret",
  PUBLIC_URL: "https://qm.example.com",
};

describe("Google sign-in configuration", () => {
  it("is off unless the client id and secret are set", () => {
    expect(loadConfig({}).google).toBeNull();
    expect(loadConfig({}).publicUrl).toBeUndefined();
  });

  it("defaults to Google's issuer and the callback under PUBLIC_URL", () => {
    expect(loadConfig(google).google).toEqual({
      clientId: "client.apps.googleusercontent.com",
      clientSecret: "secret",
      issuer: "https://accounts.google.com",
      autoCreate: false,
      allowedDomain: null,
      redirectUri: "https://qm.example.com/api/auth/google/callback",
    });
  });

  it("takes the callback address from the request when PUBLIC_URL is unset", () => {
    const { PUBLIC_URL: _url, ...withoutUrl } = google;
    expect(loadConfig(withoutUrl).google?.redirectUri).toBeNull();
  });

  it("reads auto-create and the allowed domain", () => {
    const config = loadConfig({
      ...google,
      GOOGLE_AUTO_CREATE: "true",
      GOOGLE_ALLOWED_DOMAIN: "Example.COM",
    }).google;
    expect(config).toMatchObject({ autoCreate: true, allowedDomain: "example.com" });
  });

  it("names what is missing or wrong", () => {
    const { GOOGLE_CLIENT_SECRET: _secret, ...withoutSecret } = google;
    expect(() => loadConfig(withoutSecret)).toThrow("GOOGLE_CLIENT_SECRET: is required");
    expect(() => loadConfig({ ...google, PUBLIC_URL: "ftp://qm.example.com" })).toThrow(
      ConfigError,
    );
    expect(() => loadConfig({ ...google, GOOGLE_ALLOWED_DOMAIN: "not a domain" })).toThrow(
      "GOOGLE_ALLOWED_DOMAIN: must be a domain name",
    );
  });

  it("allows a plain-http issuer only on loopback", () => {
    expect(() => loadConfig({ ...google, GOOGLE_ISSUER: "http://issuer.example.com" })).toThrow(
      "GOOGLE_ISSUER: must be https://",
    );
    for (const issuer of ["http://127.0.0.1:4000", "http://localhost:4000", "http://[::1]:4000"]) {
      expect(loadConfig({ ...google, GOOGLE_ISSUER: issuer }).google?.issuer).toBe(issuer);
    }
  });

  it("sends Google back to PUBLIC_URL's origin", () => {
    const config = loadConfig({ ...google, PUBLIC_URL: "https://qm.example.com/some/path" });
    expect(config.google?.redirectUri).toBe("https://qm.example.com/api/auth/google/callback");
  });
});
