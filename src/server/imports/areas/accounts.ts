// Office accounts from CSV: the account form's rules; the password sealed on the way in (the
// secrets helper, as the form's create does); e-mails are unique regardless of case.
import { sql } from "drizzle-orm";
import {
  type CreateAccountRequest,
  createAccountRequestSchema,
} from "../../../domain/schemas/accounts";
import { bulkInsert } from "../../db/bulk-insert";
import { accounts } from "../../db/schema";
import { chunked, defineImportArea } from "./area";
import { looksMasked } from "./masked";

export const accountImport = defineImportArea<CreateAccountRequest>({
  area: "accounts",
  activityArea: "office_accounts",
  table: "accounts",
  schema: createAccountRequestSchema,
  extraProblems: (row) =>
    looksMasked(row.password)
      ? [
          "Password: this is a masked password (as lists and exports show it), not the password itself. Enter the real password.",
        ]
      : [],
  duplicate: {
    label: "email",
    keyOf: (row) => row.email.toLowerCase(),
    existing: async (db, keys) => {
      const found = new Set<string>();
      for (const batch of chunked(keys, 5000)) {
        const rows = await db
          .select({ key: sql<string>`lower(${accounts.email})` })
          .from(accounts)
          .where(sql`lower(${accounts.email}) = any(${sql.param(batch)}::text[])`);
        for (const row of rows) found.add(row.key);
      }
      return found;
    },
    existsMessage: "An account with this email already exists.",
  },
  insert: async (tx, rows, secrets) => {
    return bulkInsert(
      tx,
      accounts,
      rows.map(({ password, ...fields }) => ({
        ...fields,
        paymentMethod: fields.paymentMethod ?? null,
        paymentDetails: fields.paymentDetails ?? null,
        renewalDate: fields.renewalDate ?? null,
        paymentAmount: fields.paymentAmount ?? null,
        notes: fields.notes ?? null,
        passwordCiphertext: secrets.seal(password).ciphertext,
      })),
    );
  },
});
