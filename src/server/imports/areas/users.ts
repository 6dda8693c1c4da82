// Users from CSV: the Add User form's rules without its password. A file of passwords is a file
// of secrets passed around in clear, and hashing thousands of them (argon2id) would take minutes;
// imported users sign in with Google or a passkey, or an administrator sets their password.
import { sql } from "drizzle-orm";
import { createUserRequestSchema } from "../../../domain/schemas/users";
import { bulkInsert } from "../../db/bulk-insert";
import { users } from "../../db/schema";
import { chunked, defineImportArea } from "./area";

const userImportSchema = createUserRequestSchema.omit({ password: true });
type UserImportRow = ReturnType<typeof userImportSchema.parse>;

export const userImport = defineImportArea<UserImportRow>({
  area: "users",
  activityArea: "users",
  table: "users",
  schema: userImportSchema,
  duplicate: {
    label: "username",
    // Usernames are unique regardless of case (users_username_lower_idx).
    keyOf: (row) => row.username.toLowerCase(),
    existing: async (db, keys) => {
      const found = new Set<string>();
      for (const batch of chunked(keys, 5000)) {
        const rows = await db
          .select({ key: sql<string>`lower(${users.username})` })
          .from(users)
          .where(sql`lower(${users.username}) = any(${sql.param(batch)}::text[])`);
        for (const row of rows) found.add(row.key);
      }
      return found;
    },
    existsMessage: "Username already exists.",
  },
  insert: async (tx, rows) => {
    return bulkInsert(
      tx,
      users,
      rows.map((row) => ({
        username: row.username,
        passwordHash: null,
        fullName: row.fullName ?? null,
        email: row.email ?? null,
        department: row.department ?? null,
        role: row.role,
        isActive: row.isActive,
      })),
    );
  },
});
