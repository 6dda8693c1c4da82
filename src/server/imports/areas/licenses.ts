// Licenses from CSV: the license form's rules; the key sealed, masked and blind-indexed on the
// way in (storedLicenseKey, as the form's create does); duplicates are the same license key.
import { asc, gt } from "drizzle-orm";
import {
  type CreateLicenseRequest,
  createLicenseRequestSchema,
} from "../../../domain/schemas/licenses";
import { bulkInsert } from "../../db/bulk-insert";
import { licenses } from "../../db/schema";
import { normaliseForSearch } from "../../lib/secrets";
import { storedLicenseKey } from "../../licenses/license-key";
import { defineImportArea } from "./area";
import { looksMasked } from "./masked";

export const licenseImport = defineImportArea<CreateLicenseRequest>({
  area: "licenses",
  activityArea: "licenses",
  table: "licenses",
  schema: createLicenseRequestSchema,
  extraProblems: (row) =>
    looksMasked(row.licenseKey)
      ? [
          "License Key: this is a masked key (as lists and exports show it), not the key itself. Enter the full key.",
        ]
      : [],
  duplicate: {
    label: "license key",
    keyOf: (row) => normaliseForSearch(row.licenseKey),
    // Keys are sealed with a random IV, so equal keys have unequal ciphertexts and no SQL
    // comparison finds them: the stored keys are opened here, in batches, and compared in
    // memory. An administrator's import is rare and bounded; the list's search never does this
    // (it uses the blind index, decision 0011).
    existing: async (db, keys, secrets) => {
      const wanted = new Set(keys);
      const found = new Set<string>();
      let afterId = 0;
      for (;;) {
        const rows = await db
          .select({ id: licenses.id, ciphertext: licenses.licenseKeyCiphertext })
          .from(licenses)
          .where(gt(licenses.id, afterId))
          .orderBy(asc(licenses.id))
          .limit(2000);
        if (rows.length === 0) return found;
        for (const row of rows) {
          let key: string;
          try {
            key = normaliseForSearch(secrets.open(row.ciphertext));
          } catch {
            continue; // sealed with another ENCRYPTION_KEY: unreadable, so never a duplicate
          }
          if (wanted.has(key)) found.add(key);
        }
        afterId = rows[rows.length - 1]!.id;
      }
    },
    existsMessage: "A license with this license key already exists.",
  },
  insert: async (tx, rows, secrets) => {
    await bulkInsert(
      tx,
      licenses,
      rows.map(({ licenseKey, ...fields }) => ({
        ...fields,
        username: fields.username ?? null,
        orderId: fields.orderId ?? null,
        purchaseDate: fields.purchaseDate ?? null,
        expiryDate: fields.expiryDate ?? null,
        paymentAmount: fields.paymentAmount ?? null,
        notes: fields.notes ?? null,
        ...storedLicenseKey(secrets, licenseKey),
      })),
    );
  },
});
