// G Suite plans from a file: the Add Plan form's rules (the API's too: billingFrequency is read as
// the cycle). Names are unique regardless of case; no index says so, so the import takes the
// plans' advisory lock for its check and write, as the form's create does (plans-service.ts).
import { type CreatePlanRequest, createPlanRequestSchema } from "../../../domain/schemas/gsuite";
import { bulkInsert } from "../../db/bulk-insert";
import { gsuitePlans } from "../../db/schema";
import { DUPLICATE_NAME, lockPlanNames, newPlanValues } from "../../gsuite/plans-service";
import { nameKey } from "../references";
import { defineImportArea } from "./area";
import { lowerKeysHeld } from "./keys-held";

export const gsuitePlanImport = defineImportArea<CreatePlanRequest>({
  area: "gsuite-plans",
  activityArea: "gsuite_plans",
  table: "gsuite_plans",
  schema: createPlanRequestSchema,
  duplicate: {
    label: "name",
    keyOf: (row) => nameKey(row.name),
    existing: (db, keys) => lowerKeysHeld(db, gsuitePlans, gsuitePlans.name, keys),
    existsMessage: `${DUPLICATE_NAME}.`,
  },
  lock: lockPlanNames,
  insert: (tx, rows) => bulkInsert(tx, gsuitePlans, rows.map(newPlanValues)),
});
