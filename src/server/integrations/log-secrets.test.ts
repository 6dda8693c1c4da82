// No Microsoft secret or token reaches the log, a response, the activity log or a run row
// (issue 33): a sync, a preview, a refused secret and a failing daily sync, logged at debug.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type GraphStandIn,
  sampleTenant,
  startGraphStandIn,
} from "../../../tests/support/graph-stand-in";
import { type TestApp, testAppOn } from "../../../tests/support/test-app";
import { openTestDatabase } from "../../../tests/support/test-database";
import { activityLog, integrationRuns } from "../db/schema";
import { createSecrets } from "../lib/secrets";
import { syncIfDue } from "./scheduler";

let standIn: GraphStandIn;
const lines: string[] = [];
const apps: TestApp[] = [];

async function loggedApp(secret: string) {
  const app = await testAppOn(
    await openTestDatabase(),
    createSecrets(randomBytes(32)),
    {
      LOG_LEVEL: "debug",
      MICROSOFT_TENANT_ID: standIn.tenantId,
      MICROSOFT_CLIENT_ID: standIn.clientId,
      MICROSOFT_CLIENT_SECRET: secret,
      MICROSOFT_LOGIN_URL: standIn.url,
      MICROSOFT_GRAPH_URL: standIn.url,
    },
    { logStream: { write: (line) => void lines.push(line) } },
  );
  apps.push(app);
  return app;
}

beforeAll(async () => {
  standIn = await startGraphStandIn({ tenant: sampleTenant() });
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await standIn.close();
});

describe("Microsoft 365 secrets", () => {
  it("never leave for the log, a response, the activity log or a run", async () => {
    const wrongSecret = "wrong~secret~value~1234";
    const bodies: string[] = [];
    for (const secret of [standIn.clientSecret, wrongSecret]) {
      const t = await loggedApp(secret);
      const { cookie } = await t.signedInUser({ role: "admin", email: "ana@example.com" });
      for (const url of [
        "/api/integrations/microsoft-365/preview",
        "/api/integrations/microsoft-365/sync",
      ]) {
        const response = await t.request({ method: "POST", url, cookie });
        expect(response.statusCode).toBe(secret === wrongSecret ? 502 : 200);
        bodies.push(response.body);
      }
      const list = await t.request({ method: "GET", url: "/api/integrations", cookie });
      bodies.push(list.body);
      const context = { db: t.app.db, config: t.app.config, secrets: t.app.secrets };
      await t.app.db.delete(integrationRuns);
      await syncIfDue(context, "microsoft-365", new Date(), (error) =>
        t.app.log.warn({ err: error }, "scheduled workspace sync failed"),
      );
      bodies.push(JSON.stringify(await t.app.db.select().from(activityLog)));
      bodies.push(JSON.stringify(await t.app.db.select().from(integrationRuns)));
    }
    // The tokens the stand-in issued, from the Authorization headers it saw.
    const tokens = [
      ...new Set(
        standIn.seen.flatMap((s) => [...s.matchAll(/Bearer ([^"\\]+)/g)].map((m) => m[1]!)),
      ),
    ];
    expect(tokens.length).toBeGreaterThan(0);
    const everything = `${lines.join("")}\n${bodies.join("\n")}`;
    expect(everything).toContain("INTEGRATION_CREDENTIALS_REFUSED");
    for (const secret of [standIn.clientSecret, wrongSecret, ...tokens]) {
      expect(everything).not.toContain(secret);
      expect(everything).not.toContain(encodeURIComponent(secret));
    }
  });
});
