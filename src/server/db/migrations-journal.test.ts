// The migrations journal is safe for databases migrated before its newest entries landed. Drizzle's
// migrator applies, in journal order, only the migrations whose `when` is later than the newest
// one the database has applied: an entry whose `when` is earlier than an entry above it is skipped
// for good on every database that had already applied that one (its tables and indexes silently
// missing there, while fresh test databases have them). So `when` must grow down the journal: a
// migration that lands after a higher-numbered one goes below it, with a later `when`.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const folder = path.join(__dirname, "migrations");

interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}

const journal = JSON.parse(fs.readFileSync(path.join(folder, "meta", "_journal.json"), "utf8")) as {
  entries: JournalEntry[];
};

describe("migrations journal", () => {
  it("has later `when` values further down, so no migration is skipped on an existing database", () => {
    const late = journal.entries.flatMap((entry, index) => {
      const above = journal.entries.slice(0, index);
      const newest = above.reduce<JournalEntry | undefined>(
        (max, other) => (max && max.when >= other.when ? max : other),
        undefined,
      );
      return newest && entry.when <= newest.when ? [`${entry.tag} (not after ${newest.tag})`] : [];
    });
    expect(late).toEqual([]);
  });

  it("names each migration once, with its SQL file", () => {
    const tags = journal.entries.map((entry) => entry.tag);
    expect(new Set(tags).size).toBe(tags.length);
    expect(new Set(journal.entries.map((entry) => entry.idx)).size).toBe(tags.length);
    for (const tag of tags) expect(fs.existsSync(path.join(folder, `${tag}.sql`)), tag).toBe(true);
  });
});
