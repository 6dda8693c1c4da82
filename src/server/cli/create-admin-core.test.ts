import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PassThrough } from "node:stream";
import { promisify } from "node:util";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../../../tests/support/test-database";
import { verifyPassword } from "../auth/passwords";
import type { Database } from "../db/client";
import { users } from "../db/schema";
import { CliError } from "./cli-error";
import { createAdmin, resolveAdminCredentials } from "./create-admin-core";
import { createPrompter, type Prompter } from "./prompt";

const run = promisify(execFile);

/** Feeds answers to a prompter the way a pipe or a terminal would, and collects its output. */
function fakeTerminal(tty: boolean) {
  const input = Object.assign(new PassThrough(), tty ? { isTTY: true, setRawMode() {} } : {});
  const output = new PassThrough();
  let written = "";
  output.on("data", (chunk) => {
    written += String(chunk);
  });
  /** Types an answer once the prompt is on screen, as a person would. */
  async function answer(prompt: string, text: string) {
    const shown = written.split(prompt).length - 1;
    await new Promise<void>((resolve) => {
      const check = () => {
        if (written.split(prompt).length - 1 > shown || written.endsWith(prompt)) {
          output.off("data", check);
          resolve();
        }
      };
      output.on("data", check);
      check();
    });
    input.write(text);
  }
  return { input, output, answer, written: () => written };
}

const noPrompter = (): Prompter => {
  throw new Error("should not ask");
};

describe("createAdmin", () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  it("creates an active administrator with an argon2id hash", async () => {
    const admin = await createAdmin(database.db, { username: " root ", password: "s3cret-pass" });
    expect(admin).toMatchObject({ username: "root", role: "admin", isActive: true });
    const [row] = await database.db.select().from(users).where(eq(users.id, admin.id));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(row!.passwordHash, "s3cret-pass")).toBe(true);
  });

  it("refuses an existing username whatever its case, and changes nothing", async () => {
    const attempt = createAdmin(database.db, { username: "ROOT", password: "another-pass" });
    await expect(attempt).rejects.toBeInstanceOf(CliError);
    await expect(attempt).rejects.toThrow('A user named "ROOT" already exists');
    const rows = await database.db
      .select()
      .from(users)
      .where(sql`lower(${users.username}) = 'root'`);
    expect(rows).toHaveLength(1);
    expect(await verifyPassword(rows[0]!.passwordHash, "s3cret-pass")).toBe(true);
  });

  it("reports the Users screen's validation messages and creates nothing", async () => {
    const attempt = createAdmin(database.db, { username: "a b", password: "123" });
    await expect(attempt).rejects.toBeInstanceOf(CliError);
    await expect(attempt).rejects.toThrow(
      "No administrator was created:\n  - Username cannot contain spaces\n  - Password must be at least 6 characters",
    );
    await expect(createAdmin(database.db, { username: "ab", password: "123456" })).rejects.toThrow(
      "Username must be at least 3 characters",
    );
    expect(await database.db.select({ id: users.id }).from(users)).toHaveLength(1);
  });
});

describe("resolveAdminCredentials", () => {
  it("uses ADMIN_USERNAME and ADMIN_PASSWORD without asking", async () => {
    const credentials = await resolveAdminCredentials(
      { ADMIN_USERNAME: "ops", ADMIN_PASSWORD: "pass-123" },
      noPrompter,
    );
    expect(credentials).toEqual({ username: "ops", password: "pass-123" });
  });

  it("asks for what the environment does not give, one line each from a pipe", async () => {
    const terminal = fakeTerminal(false);
    terminal.input.end("piped-pass\n");
    const credentials = await resolveAdminCredentials({ ADMIN_USERNAME: "ops" }, () =>
      createPrompter(terminal.input, terminal.output),
    );
    expect(credentials).toEqual({ username: "ops", password: "piped-pass" });

    const both = fakeTerminal(false);
    both.input.end("alice\nalice-pass\n");
    expect(
      await resolveAdminCredentials({ ADMIN_USERNAME: "" }, () =>
        createPrompter(both.input, both.output),
      ),
    ).toEqual({ username: "alice", password: "alice-pass" });
    expect(both.written()).toContain("Username: ");
    expect(both.written()).toContain("Password: ");
  });

  it("reports a bad username before asking for the password", async () => {
    const terminal = fakeTerminal(false);
    terminal.input.end("no spaces allowed\nsome-pass\n");
    await expect(
      resolveAdminCredentials({}, () => createPrompter(terminal.input, terminal.output)),
    ).rejects.toThrow("No administrator was created:\n  - Username cannot contain spaces");
    expect(terminal.written()).not.toContain("Password: ");
  });

  it("fails clearly when the pipe ends before an answer", async () => {
    const terminal = fakeTerminal(false);
    terminal.input.end("only-a-name\n");
    await expect(
      resolveAdminCredentials({}, () => createPrompter(terminal.input, terminal.output)),
    ).rejects.toThrow("No answer on standard input");
  });

  it("hides the typed password on a terminal and asks for it twice", async () => {
    const terminal = fakeTerminal(true);
    const pending = resolveAdminCredentials({}, () =>
      createPrompter(terminal.input, terminal.output),
    );
    await terminal.answer("Username: ", "carol\r");
    await terminal.answer("Password: ", "hidden-pass\r");
    await terminal.answer("Repeat password: ", "hidden-pass\r");
    expect(await pending).toEqual({ username: "carol", password: "hidden-pass" });
    expect(terminal.written()).toContain("carol");
    expect(terminal.written()).toContain("Repeat password: ");
    expect(terminal.written()).not.toContain("hidden-pass");
  });

  it("does not show a password typed ahead of its prompt", async () => {
    const terminal = fakeTerminal(true);
    terminal.input.write("erin\rtyped-ahead\rtyped-ahead\r");
    const credentials = await resolveAdminCredentials({}, () =>
      createPrompter(terminal.input, terminal.output),
    );
    expect(credentials).toEqual({ username: "erin", password: "typed-ahead" });
    expect(terminal.written()).not.toContain("typed-ahead");
  });

  it("refuses two different passwords typed on a terminal", async () => {
    const terminal = fakeTerminal(true);
    const pending = resolveAdminCredentials({ ADMIN_USERNAME: "dave" }, () =>
      createPrompter(terminal.input, terminal.output),
    );
    await terminal.answer("Password: ", "first-pass\r");
    await terminal.answer("Repeat password: ", "second-pass\r");
    await expect(pending).rejects.toThrow("The passwords do not match");
  });
});

describe("npm run create-admin", () => {
  const tsx = path.resolve("node_modules/.bin/tsx");
  const script = path.resolve("src/server/cli/create-admin.ts");
  let dataDir: string;
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "qm-create-admin-"));
  });
  afterAll(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  const env = (extra: Record<string, string>) => {
    const { DATABASE_URL: _url, ENCRYPTION_KEY: _key, ...rest } = process.env;
    return { ...rest, DATA_DIR: dataDir, ...extra };
  };

  it("creates the administrator, then refuses the same name with a non-zero exit", async () => {
    const first = await run(tsx, [script], {
      env: env({ ADMIN_USERNAME: "ops", ADMIN_PASSWORD: "s3cret-pass" }),
    });
    expect(first.stdout).toContain('Created administrator "ops"');

    const second = run(tsx, [script], {
      env: env({ ADMIN_USERNAME: "Ops", ADMIN_PASSWORD: "s3cret-pass" }),
    });
    await expect(second).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('A user named "Ops" already exists'),
    });
  }, 60_000);

  it("says the data directory is in use while a server holds it", async () => {
    // This test process stands in for a running server.
    fs.writeFileSync(path.join(dataDir, "quartermaster.lock"), String(process.pid));
    try {
      await expect(
        run(tsx, [script], { env: env({ ADMIN_USERNAME: "x1x", ADMIN_PASSWORD: "123456" }) }),
      ).rejects.toMatchObject({
        code: 1,
        stderr: expect.stringContaining("is in use by another Quartermaster server"),
      });
    } finally {
      fs.rmSync(path.join(dataDir, "quartermaster.lock"), { force: true });
    }
  }, 60_000);
});
