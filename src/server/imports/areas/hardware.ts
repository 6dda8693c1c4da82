// Hardware from CSV: the Add Hardware form's rules; the serial number/identifier is unique (as the
// database's index says), so it is the duplicate key. Items are imported unassigned.
import { sql } from "drizzle-orm";
import { todayIso } from "../../../domain/dates";
import { defaultWarrantyExpiry } from "../../../domain/hardware-status";
import {
  type CreateHardwareRequest,
  createHardwareRequestSchema,
} from "../../../domain/schemas/hardware";
import { bulkInsert } from "../../db/bulk-insert";
import { hardware } from "../../db/schema";
import { chunked, defineImportArea } from "./area";

export const hardwareImport = defineImportArea<CreateHardwareRequest>({
  area: "hardware",
  activityArea: "hardware",
  table: "hardware",
  schema: createHardwareRequestSchema,
  duplicate: {
    label: "serial number/identifier",
    keyOf: (row) => row.identifier,
    existing: async (db, keys) => {
      const found = new Set<string>();
      for (const batch of chunked(keys, 5000)) {
        const rows = await db
          .select({ identifier: hardware.identifier })
          .from(hardware)
          .where(sql`${hardware.identifier} = any(${sql.param(batch)}::text[])`);
        for (const row of rows) found.add(row.identifier);
      }
      return found;
    },
    existsMessage: "A hardware item with this serial number/identifier already exists.",
  },
  insert: async (tx, rows) => {
    const today = todayIso();
    return bulkInsert(
      tx,
      hardware,
      rows.map((row) => ({
        name: row.name,
        type: row.type,
        identifier: row.identifier,
        location: row.location ?? null,
        status: row.status,
        assignedToUserId: null,
        purchaseDate: row.purchaseDate ?? null,
        warrantyExpiry:
          row.warrantyExpiry === undefined ? defaultWarrantyExpiry(today) : row.warrantyExpiry,
        notes: row.notes ?? null,
        pcName: row.pcName ?? null,
        specs: row.specs ?? null,
      })),
    );
  },
});
