// One log line per answered request, in the configured file, without the search text; none
// with LOG_REQUESTS=false; a LOG_FILE that cannot be written stops the start.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { buildTestApp } from "../../../tests/support/test-app";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "qm-request-log-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function requestLines(env: Record<string, string>) {
  const logFile = path.join(dir, `${Object.keys(env).join("-") || "default"}.log`);
  const t = await buildTestApp({ LOG_LEVEL: "info", LOG_FILE: logFile, ...env });
  const { cookie } = await t.signedInUser({ role: "admin" });
  await t.request({ method: "GET", url: "/api/licenses?search=SECRET-FRAGMENT&limit=5", cookie });
  await t.request({ method: "GET", url: "/api/users/999999", cookie });
  await t.request({ method: "GET", url: "/api/auth/status" });
  await t.close();
  // The stream writes asynchronously: wait until the four answered requests are in the file
  // (at most 5 s; with LOG_REQUESTS=false the full wait shows that none arrive).
  const read = () => (fs.existsSync(logFile) ? fs.readFileSync(logFile, "utf8") : "");
  for (
    let waited = 0;
    waited < 5_000 && (read().match(/"msg":"request"/g) ?? []).length < 4;
    waited += 100
  ) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const text = read();
  return {
    text,
    lines: text
      .split("\n")
      .filter(Boolean)
      .map(
        (line) =>
          JSON.parse(line) as { msg: string; req?: { url: string }; res?: { statusCode: number } },
      )
      .filter((line) => line.msg === "request"),
  };
}

// Each test starts its own app (a database and its migrations): slow on a busy machine.
describe("request log", () => {
  it("writes one line per request with its status, and no search text", async () => {
    const { text, lines } = await requestLines({});
    // Sign-in (by signedInUser) and the three requests above.
    expect(lines.map((line) => [line.req?.url.split("?")[0], line.res?.statusCode])).toEqual([
      ["/api/auth/login", 200],
      ["/api/licenses", 200],
      ["/api/users/999999", 404],
      ["/api/auth/status", 200],
    ]);
    expect(text).not.toContain("SECRET-FRAGMENT");
    expect(text).not.toMatch(/incoming request|request completed/);
  }, 120_000);

  it("refuses at start a LOG_FILE that cannot be written, naming it", async () => {
    await expect(
      buildTestApp({ LOG_LEVEL: "info", LOG_FILE: path.join(dir, "no-such-dir", "app.log") }),
    ).rejects.toThrow(/LOG_FILE: cannot be written/);
  });

  it("writes none with LOG_REQUESTS=false", async () => {
    const { lines } = await requestLines({ LOG_REQUESTS: "false" });
    expect(lines).toEqual([]);
  }, 120_000);
});
