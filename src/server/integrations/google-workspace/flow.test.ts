// Google Workspace through the sync flow's API (service.ts): listed as configured from the
// environment, a preview that writes nothing, a sync recorded as a run, a second sync that
// changes nothing, and a refused key answered with 502 and kept as a failed run.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type GoogleWorkspaceStandIn,
  startGoogleWorkspaceStandIn,
} from "../../../../tests/support/google-workspace-stand-in";
import { buildTestApp, type TestApp } from "../../../../tests/support/test-app";
import type {
  IntegrationPreviewResponse,
  IntegrationSyncResponse,
  IntegrationsResponse,
} from "../../../domain/schemas/integrations";
import { gsuiteAccounts, notificationEvents } from "../../db/schema";

let standIn: GoogleWorkspaceStandIn;
let dir: string;
let t: TestApp;
let cookie: string;

const env = () => ({
  GOOGLE_WORKSPACE_CREDENTIALS_FILE: path.join(dir, "key.json"),
  GOOGLE_WORKSPACE_ADMIN: "admin@example.com",
  GOOGLE_WORKSPACE_ADMIN_API_URL: standIn.url,
  GOOGLE_WORKSPACE_LICENSING_API_URL: standIn.url,
  INTEGRATIONS_MAX_RETRY_WAIT_SECONDS: "0",
  INTEGRATIONS_DAILY_SYNC: "false",
});

beforeAll(async () => {
  standIn = await startGoogleWorkspaceStandIn();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "qm-gws-flow-"));
  fs.writeFileSync(path.join(dir, "key.json"), standIn.keyFileJson, { mode: 0o600 });
  t = await buildTestApp(env());
  ({ cookie } = await t.signedInUser({ role: "admin" }));
});
afterAll(async () => {
  await t.close();
  await standIn.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const call = (method: "GET" | "POST", url: string, app = t, as = cookie) =>
  app.request({ method, url, cookie: as });

describe("Google Workspace through /api/integrations", () => {
  it("is listed as configured, previews, syncs once and then changes nothing", async () => {
    const list = (await call("GET", "/api/integrations")).json() as IntegrationsResponse;
    expect(list.providers.find((p) => p.provider === "google-workspace")).toMatchObject({
      configured: true,
      missing: [],
      last_run: null,
    });

    const preview = await call("POST", "/api/integrations/google-workspace/preview");
    expect(preview.statusCode, preview.body).toBe(200);
    const planned = preview.json() as IntegrationPreviewResponse;
    expect(planned.counts.created).toBeGreaterThan(0);
    expect(await t.app.db.select().from(gsuiteAccounts)).toEqual([]);

    const synced = await call("POST", "/api/integrations/google-workspace/sync");
    expect(synced.statusCode, synced.body).toBe(200);
    expect((synced.json() as IntegrationSyncResponse).counts).toEqual(planned.counts);
    expect((await t.app.db.select().from(gsuiteAccounts)).length).toBeGreaterThan(0);

    const again = await call("POST", "/api/integrations/google-workspace/sync");
    expect((again.json() as IntegrationSyncResponse).counts).toMatchObject({
      created: 0,
      changed: 0,
      retired: 0,
    });
    const after = (await call("GET", "/api/integrations")).json() as IntegrationsResponse;
    expect(after.providers.find((p) => p.provider === "google-workspace")!.last_run).toMatchObject({
      outcome: "succeeded",
    });
  });

  it("answers a key Google refuses with 502 and keeps the run as failed", async () => {
    const other = fs.mkdtempSync(path.join(os.tmpdir(), "qm-gws-wrong-"));
    const { privateKey } = await import("node:crypto").then((crypto) =>
      crypto.generateKeyPairSync("rsa", { modulusLength: 2048 }),
    );
    const wrongKey = {
      ...JSON.parse(standIn.keyFileJson),
      private_key: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
    };
    fs.writeFileSync(path.join(other, "key.json"), JSON.stringify(wrongKey), { mode: 0o600 });
    const wrong = await buildTestApp({
      ...env(),
      GOOGLE_WORKSPACE_CREDENTIALS_FILE: path.join(other, "key.json"),
    });
    try {
      const { cookie: admin } = await wrong.signedInUser({ role: "admin" });
      const answer = await call("POST", "/api/integrations/google-workspace/sync", wrong, admin);
      expect(answer.statusCode).toBe(502);
      expect(answer.json()).toMatchObject({ code: "INTEGRATION_CREDENTIALS_REFUSED" });
      const list = (await call("GET", "/api/integrations", wrong, admin)).json();
      expect(
        (list as IntegrationsResponse).providers.find((p) => p.provider === "google-workspace")!
          .last_run,
      ).toMatchObject({ outcome: "failed", error_code: "INTEGRATION_CREDENTIALS_REFUSED" });
      expect(await wrong.app.db.select().from(gsuiteAccounts)).toEqual([]);
      // And the channels that chose sync_failed hear of it.
      const [event] = await wrong.app.db
        .select()
        .from(notificationEvents)
        .where(eq(notificationEvents.type, "sync_failed"));
      expect(event).toMatchObject({ title: "Google Workspace sync failed", link: "/settings" });
    } finally {
      await wrong.close();
      fs.rmSync(other, { recursive: true, force: true });
    }
  });
});
