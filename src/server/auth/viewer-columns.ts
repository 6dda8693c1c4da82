// What a signed-in request knows of its user, read in the same statement as the session
// (session-store.ts) or the API token (api-tokens/token-auth.ts): one list of columns for both.
import { sql } from "drizzle-orm";
import { users } from "../db/schema";

export const viewerColumns = {
  user: {
    id: users.id,
    username: users.username,
    fullName: users.fullName,
    email: users.email,
    department: users.department,
    role: users.role,
    isActive: users.isActive,
  },
  hasGoogle: sql<boolean>`${users.googleId} is not null`,
  hasOidc: sql<boolean>`${users.oidcSubject} is not null`,
  createdAt: users.createdAt,
};
