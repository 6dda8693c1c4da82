// Demo data for the embedded database: a realistic organisation for every area.
// Placeholder until the seed is written: creates the two demo sign-ins only.
import { count } from "drizzle-orm";
import { hashPassword } from "../../auth/passwords";
import type { SecretBox } from "../../lib/secret-box";
import type { Db } from "../client";
import { users } from "../schema";

export async function seedDemoDataIfEmpty(db: Db, _secrets: SecretBox): Promise<boolean> {
  const [row] = await db.select({ value: count() }).from(users);
  if ((row?.value ?? 0) > 0) return false;
  const passwordHash = await hashPassword("demo1234");
  await db.insert(users).values([
    {
      username: "admin",
      passwordHash,
      fullName: "Alex Morgan",
      email: "admin@example.com",
      role: "admin",
      department: "IT",
    },
    {
      username: "jane",
      passwordHash,
      fullName: "Jane Cooper",
      email: "jane@example.com",
      role: "user",
      department: "Marketing",
    },
  ]);
  return true;
}
