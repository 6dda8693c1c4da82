// Licenses from CSV: the license form's rules; the key sealed, masked and blind-indexed on the
// way in (storedLicenseKey, as the form's create does); duplicates are the same license key.
import {
  type CreateLicenseRequest,
  createLicenseRequestSchema,
} from "../../../domain/schemas/licenses";
import { bulkInsert } from "../../db/bulk-insert";
import { licenses } from "../../db/schema";
import { normaliseForSearch } from "../../lib/secrets";
import { storedLicenseKey, storedLicenseKeysAmong } from "../../licenses/license-key";
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
    // Keys are sealed with a random IV, so equal keys have unequal ciphertexts: they are found
    // by their keyed digests (license_key_digest, an index lookup), not by opening every key.
    existing: (db, keys, secrets) => storedLicenseKeysAmong(db, secrets, keys),
    existsMessage: "A license with this license key already exists.",
  },
  insert: async (tx, rows, secrets) => {
    return bulkInsert(
      tx,
      licenses,
      rows.map(({ licenseKey, ...fields }) => ({
        ...fields,
        username: fields.username ?? null,
        orderId: fields.orderId ?? null,
        purchaseDate: fields.purchaseDate ?? null,
        expiryDate: fields.expiryDate ?? null,
        paymentAmount: fields.paymentAmount ?? null,
        lowSeatThreshold: fields.lowSeatThreshold ?? null,
        notes: fields.notes ?? null,
        ...storedLicenseKey(secrets, licenseKey),
      })),
    );
  },
});
