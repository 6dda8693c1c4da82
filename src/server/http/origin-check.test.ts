// The cross-site check follows the route the router matched: an encoded path or an absolute-form
// request line cannot skip it (nor the session lookup and no-store that go with /api).
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../../../tests/support/factories";
import { buildTestApp, TEST_PASSWORD, type TestApp } from "../../../tests/support/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await createUser(t.app.db, { username: "csrf-victim" });
});
afterAll(() => t.close());

const evil = { origin: "https://evil.example", "content-type": "application/json" };
const credentials = JSON.stringify({ username: "csrf-victim", password: TEST_PASSWORD });

describe("cross-site check", () => {
  it("refuses a cross-site sign-in sent to an encoded path", async () => {
    for (const url of ["/%61pi/auth/login", "/api/auth/%6cogin", "/api//auth/login"]) {
      const response = await t.app.inject({
        method: "POST",
        url,
        headers: evil,
        payload: credentials,
      });
      // 403 from the check; 404 when the router does not treat the spelling as the route.
      expect([403, 404], url).toContain(response.statusCode);
      expect(
        response.cookies.find((cookie) => cookie.name === "qm_session"),
        url,
      ).toBeUndefined();
    }
    const encoded = await t.app.inject({
      method: "POST",
      url: "/%61pi/auth/login",
      headers: evil,
      payload: credentials,
    });
    expect(encoded.statusCode).toBe(403);
  });

  it("refuses a cross-site sign-in sent with an absolute-form request line", async () => {
    const address = await t.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = new URL(address);
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(port), "127.0.0.1", () => {
        socket.write(
          `POST http://127.0.0.1:${port}/api/auth/login HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n` +
            `Origin: https://evil.example\r\nContent-Type: application/json\r\n` +
            `Content-Length: ${Buffer.byteLength(credentials)}\r\nConnection: close\r\n\r\n${credentials}`,
        );
      });
      let data = "";
      socket.on("data", (chunk) => {
        data += chunk;
      });
      socket.on("end", () => resolve(data));
      socket.on("error", reject);
    });
    const status = Number(raw.split(" ")[1]);
    expect([403, 404]).toContain(status);
    expect(raw.toLowerCase()).not.toContain("set-cookie: qm_session");
  });

  it("marks an encoded API path no-store like any other", async () => {
    const response = await t.app.inject({ method: "GET", url: "/%61pi/auth/status" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
  });
});
