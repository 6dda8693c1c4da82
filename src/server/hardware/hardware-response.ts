import { type HardwareType, hardwareTypeKey } from "../../domain/hardware-types";
import type { HardwareResponse } from "../../domain/schemas/hardware";
import type { hardware } from "../db/schema";

export type HardwareRow = typeof hardware.$inferSelect;

type Specs = Record<string, string | number>;

// Keeps only the flat name → text/number entries the response promises (rows written by hand
// or an older client may hold anything in the JSON column).
function flatSpecs(specs: unknown): Specs | null {
  if (!specs || typeof specs !== "object" || Array.isArray(specs)) return null;
  const entries = Object.entries(specs).filter(
    (entry): entry is [string, string | number] =>
      typeof entry[1] === "string" || typeof entry[1] === "number",
  );
  return Object.fromEntries(entries);
}

/** The API shape of a hardware item; `assignedToName` is the holder's display name. */
export function toHardwareResponse(
  row: HardwareRow,
  assignedToName: string | null,
): HardwareResponse {
  return {
    id: row.id,
    name: row.name,
    // A type stored under another spelling is read as its key; nothing unknown leaves as is.
    type: (hardwareTypeKey(row.type) ?? "other") as HardwareType,
    identifier: row.identifier,
    location: row.location,
    status: row.status,
    assignedToUserId: row.assignedToUserId,
    assignedToName: row.assignedToUserId === null ? null : assignedToName,
    purchaseDate: row.purchaseDate,
    warrantyExpiry: row.warrantyExpiry,
    notes: row.notes,
    pcName: row.pcName,
    specs: flatSpecs(row.specs),
    createdAt: row.createdAt.toISOString(),
  };
}
