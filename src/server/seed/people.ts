// The demo organisation's staff. `admin` and `jane` are the documented demo sign-ins; everyone
// shares the demo password, hashed once by the caller.
import type { Role } from "../../domain/enums";
import type { Tx } from "../db/client";
import { users } from "../db/schema";
import type { SeedPerson } from "./context";

export const DEMO_PASSWORD = "demo1234";
export const DEMO_EMAIL_DOMAIN = "example.com";

interface PersonSeed {
  username: string;
  fullName: string;
  department: string | null;
  role?: Role;
  isActive?: boolean;
  /** Defaults to username@example.com; null for the one contractor without a company address. */
  email?: string | null;
}

export const DEMO_PEOPLE: PersonSeed[] = [
  { username: "admin", fullName: "Alex Morgan", department: "IT", role: "admin" },
  { username: "jane", fullName: "Jane Cooper", department: "Marketing" },
  { username: "priya", fullName: "Priya Sharma", department: "IT", role: "admin" },
  // Left the company: kept for history, cannot sign in.
  { username: "tom", fullName: "Tom Becker", department: "Sales", isActive: false },
  { username: "marcus", fullName: "Marcus Chen", department: "Engineering" },
  { username: "sofia", fullName: "Sofia Alvarez", department: "Engineering" },
  { username: "liam", fullName: "Liam O'Brien", department: "Engineering" },
  { username: "noah", fullName: "Noah Williams", department: "Engineering" },
  { username: "kenji", fullName: "Kenji Tanaka", department: "Engineering", email: null },
  { username: "emma", fullName: "Emma Thompson", department: "Design" },
  { username: "olivia", fullName: "Olivia Nguyen", department: "Design" },
  { username: "fatima", fullName: "Fatima Hassan", department: "Design" },
  { username: "daniel", fullName: "Daniel Kim", department: "Marketing" },
  { username: "hannah", fullName: "Hannah Schmidt", department: "Marketing" },
  { username: "ava", fullName: "Ava Robinson", department: "SEO" },
  { username: "ethan", fullName: "Ethan Brooks", department: "SEO" },
  { username: "james", fullName: "James Patel", department: "SEO" },
  { username: "mia", fullName: "Mia Rossi", department: "Sales" },
  { username: "lucas", fullName: "Lucas Martin", department: "Sales" },
  { username: "grace", fullName: "Grace Lee", department: "Finance" },
  { username: "ben", fullName: "Benjamin Clarke", department: "Finance" },
  { username: "chloe", fullName: "Chloe Dubois", department: "Operations" },
  { username: "ryan", fullName: "Ryan Murphy", department: "Operations" },
  { username: "zoe", fullName: "Zoe Anderson", department: "HR" },
  { username: "samuel", fullName: "Samuel Okafor", department: "Support" },
  { username: "isla", fullName: "Isla Campbell", department: "Support" },
];

export async function seedPeople(tx: Tx, passwordHash: string): Promise<SeedPerson[]> {
  const rows = await tx
    .insert(users)
    .values(
      DEMO_PEOPLE.map((person) => ({
        username: person.username,
        passwordHash,
        fullName: person.fullName,
        email:
          person.email === undefined ? `${person.username}@${DEMO_EMAIL_DOMAIN}` : person.email,
        department: person.department,
        role: person.role ?? "user",
        isActive: person.isActive ?? true,
      })),
    )
    .returning({ id: users.id, username: users.username, fullName: users.fullName });
  return rows.map((row) => ({ ...row, fullName: row.fullName ?? row.username }));
}
