// The first administrator for a new database (PostgreSQL has no demo sign-ins), or another one
// later: credentials from the environment or asked for, validated with the same rules and
// messages as the Users screen, stored as an argon2id hash by the users service.

import { createUserRequestSchema, type UserResponse } from "../../domain/schemas/users";
import { systemActor } from "../activity/record";
import type { Db } from "../db/client";
import { AppError } from "../http/errors";
import { createUser } from "../users/service";
import { CliError } from "./cli-error";
import type { Prompter } from "./prompt";

export interface AdminCredentials {
  username: string;
  password: string;
}

/** ADMIN_USERNAME and ADMIN_PASSWORD when set (and not empty); otherwise asks for the missing ones. */
export async function resolveAdminCredentials(
  env: NodeJS.ProcessEnv,
  openPrompter: () => Prompter,
): Promise<AdminCredentials> {
  const fromEnv = {
    username: env.ADMIN_USERNAME || undefined,
    password: env.ADMIN_PASSWORD || undefined,
  };
  if (fromEnv.username !== undefined && fromEnv.password !== undefined) {
    return { username: fromEnv.username, password: fromEnv.password };
  }
  const prompter = openPrompter();
  try {
    const username = fromEnv.username ?? (await prompter.ask("Username: "));
    // A bad name is reported before anyone types a password twice.
    const nameCheck = createUserRequestSchema.shape.username.safeParse(username);
    if (!nameCheck.success) throw invalid(nameCheck.error.issues);
    if (fromEnv.password !== undefined) return { username, password: fromEnv.password };
    const password = await prompter.askHidden("Password: ");
    if (prompter.interactive && password !== (await prompter.askHidden("Repeat password: "))) {
      throw new CliError("The passwords do not match. No administrator was created.");
    }
    return { username, password };
  } finally {
    prompter.close();
  }
}

const invalid = (issues: { message: string }[]) =>
  new CliError(
    [
      "No administrator was created:",
      ...[...new Set(issues.map((issue) => issue.message))].map((message) => `  - ${message}`),
    ].join("\n"),
  );

export function validateAdminCredentials(input: AdminCredentials) {
  const parsed = createUserRequestSchema.safeParse({
    username: input.username,
    password: input.password,
    role: "admin",
    isActive: true,
  });
  if (!parsed.success) throw invalid(parsed.error.issues);
  return parsed.data;
}

export async function createAdmin(db: Db, input: AdminCredentials): Promise<UserResponse> {
  const valid = validateAdminCredentials(input);
  try {
    // The command line is the server's own work: recorded as the system.
    return await createUser(db, valid, systemActor);
  } catch (error) {
    if (error instanceof AppError && error.code === "DUPLICATE_USERNAME") {
      throw new CliError(
        `A user named "${valid.username}" already exists (usernames ignore case). ` +
          "Choose another username, or make that user an administrator on the Users page.",
      );
    }
    throw error;
  }
}
