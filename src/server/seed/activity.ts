// Demo activity log (issue 15): about six weeks of what the demo people did, written last through
// recordActivity over the rows the other seeds inserted, so the Activity page, its item links and
// the dialogs' History tabs show real items. Where another seed already says when something
// happened (a license created 30 days ago, a key viewed 4 days ago, a request rejected 39 days
// ago), the record says the same; the rest is spread over the weeks by a fixed pattern, so the
// same seed day gives the same log. Secrets go through the services' own helpers (licenseChanges)
// or SECRET_PLACEHOLDER: never a value, as in the running app.
import { recordActivity } from "../activity/record";
import {
  directoryRecords,
  gsuiteRecords,
  hardwareRecords,
  officeAccountRecords,
  trustReviewRecords,
  userRecords,
} from "./activity-items";
import { licenseRecords } from "./activity-licenses";
import { otherRecords, signInRecords } from "./activity-sign-ins";
import type { SeedContext } from "./context";

export async function seedActivity(context: SeedContext) {
  const records = [
    ...(await licenseRecords(context)),
    ...(await hardwareRecords(context)),
    ...(await officeAccountRecords(context)),
    ...(await directoryRecords(context)),
    ...(await gsuiteRecords(context)),
    ...(await trustReviewRecords(context)),
    ...(await userRecords(context)),
    ...signInRecords(context),
    ...otherRecords(context),
  ];
  // Oldest first, so ids grow with time as they do in a running app (the log's tie-break).
  records.sort((a, b) => a.at.getTime() - b.at.getTime());
  for (const { at, actor, entry } of records) {
    await recordActivity(context.tx, actor, { ...entry, occurredAt: at });
  }
}
