// The Microsoft 365 connector (issue 33, decision 0054): configured by MICROSOFT_TENANT_ID,
// MICROSOFT_CLIENT_ID and MICROSOFT_CLIENT_SECRET; read by client.ts, planned by plan.ts,
// written by apply.ts.
import type { AppConfig } from "../../config";
import type { Connector } from "../connector";
import { applyMicrosoft365 } from "./apply";
import { createMicrosoft365Client, type Microsoft365Snapshot } from "./client";
import { planMicrosoft365, readOurRows, toSyncPlan } from "./plan";

function missing(config: AppConfig): string[] {
  const { tenantId, clientId, clientSecret } = config.microsoft365;
  return [
    ...(tenantId ? [] : ["MICROSOFT_TENANT_ID"]),
    ...(clientId ? [] : ["MICROSOFT_CLIENT_ID"]),
    ...(clientSecret ? [] : ["MICROSOFT_CLIENT_SECRET"]),
  ];
}

export const microsoft365Connector: Connector<Microsoft365Snapshot> = {
  provider: "microsoft-365",
  name: "Microsoft 365",
  missing,
  read(config) {
    const { tenantId, clientId, clientSecret, loginUrl, graphUrl } = config.microsoft365;
    return createMicrosoft365Client({
      tenantId: tenantId!,
      clientId: clientId!,
      clientSecret: clientSecret!,
      loginUrl,
      graphUrl,
      ...config.integrations,
    }).read();
  },
  async plan(db, snapshot, options) {
    return toSyncPlan(planMicrosoft365(snapshot, await readOurRows(db, snapshot), options));
  },
  apply(tx, snapshot, _plan, actor, options) {
    return applyMicrosoft365(tx, snapshot, actor, options.secrets, options.now, options);
  },
};
