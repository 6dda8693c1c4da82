// Factories write straight to the database and return the rows they create.
import { hashPassword } from "../../src/server/auth/passwords";
import type { Executor } from "../../src/server/db/client";
import { users } from "../../src/server/db/schema";

let sequence = 0;
const next = () => ++sequence;

export interface UserFactoryInput {
  username?: string;
  password?: string;
  fullName?: string | null;
  email?: string | null;
  department?: string | null;
  role?: "admin" | "user";
  isActive?: boolean;
}

// Hashing is the slow part of a user; one hash per password is enough for tests.
const hashes = new Map<string, Promise<string>>();

export async function createUser(db: Executor, input: UserFactoryInput = {}) {
  const n = next();
  const password = input.password ?? "password123";
  if (!hashes.has(password)) hashes.set(password, hashPassword(password));
  const [row] = await db
    .insert(users)
    .values({
      username: input.username ?? `user${n}_${process.pid}`,
      passwordHash: await hashes.get(password)!,
      fullName: input.fullName === undefined ? `Test User ${n}` : input.fullName,
      email: input.email === undefined ? `user${n}@example.com` : input.email,
      department: input.department === undefined ? "Engineering" : input.department,
      role: input.role ?? "user",
      isActive: input.isActive ?? true,
    })
    .returning();
  return row!;
}
