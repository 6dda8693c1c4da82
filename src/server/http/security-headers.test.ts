import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../../../tests/support/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ TRUST_PROXY: "true" });
});
afterAll(() => t.close());

describe("security headers", () => {
  it("allow only the app's own scripts, no framing, no sniffing, the referrer kept to the app", async () => {
    const response = await t.request({ method: "GET", url: "/api/auth/status" });
    const csp = String(response.headers["content-security-policy"]);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*(unsafe-inline|unsafe-eval|\*)/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("default-src 'self'");
    expect(csp).not.toContain("upgrade-insecure-requests");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["referrer-policy"]).toBe("same-origin");
    expect(response.headers["x-frame-options"]).toBe("DENY");
  });

  it("send HSTS only over HTTPS", async () => {
    const plain = await t.request({ method: "GET", url: "/api/auth/status" });
    expect(plain.headers["strict-transport-security"]).toBeUndefined();
    const secure = await t.request({
      method: "GET",
      url: "/api/auth/status",
      headers: { "x-forwarded-proto": "https" },
    });
    expect(secure.headers["strict-transport-security"]).toContain("max-age=");
  });

  // helmet is applied once per request from a middleware built at start (security-headers.ts):
  // every kind of answer carries the same set, errors and refusals included.
  it("send the same set on answers, refusals, errors and unknown paths", async () => {
    const expected = {
      "content-security-policy": expect.stringContaining("default-src 'self'"),
      "cross-origin-opener-policy": "same-origin",
      "cross-origin-resource-policy": "same-origin",
      "origin-agent-cluster": "?1",
      "referrer-policy": "same-origin",
      "x-content-type-options": "nosniff",
      "x-dns-prefetch-control": "off",
      "x-download-options": "noopen",
      "x-frame-options": "DENY",
      "x-permitted-cross-domain-policies": "none",
      "x-xss-protection": "0",
    };
    const answers = [
      await t.request({ method: "GET", url: "/api/auth/status" }),
      await t.request({ method: "GET", url: "/api/licenses" }),
      await t.request({ method: "GET", url: "/api/no-such-route" }),
      await t.request({ method: "GET", url: "/api/users/not-a-number" }),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 401, 404, 401]);
    for (const answer of answers) {
      expect(answer.headers).toMatchObject(expected);
      expect(answer.headers["x-powered-by"]).toBeUndefined();
    }
  });
});
