// The migrations journal is safe for databases migrated before its newest entries landed. Drizzle's
// migrator applies only the migrations whose `when` is later than the newest one the database has
// applied: a migration whose `when` is earlier than one already on main when it lands is skipped
// for good on every database migrated in between (its tables and indexes silently missing there,
// while fresh test databases have them). Numbers are handed out before the work is done, so one
// may land before lower-numbered ones; those then need a `when` later than it too (decision 0001).
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

/** Migrations that landed on main before lower-numbered ones: the numbers that came after them. */
const LANDED_AHEAD_OF: Record<string, number[]> = {
  "0030_drop_directories_payment_amount_idx": [27, 28, 29],
};

describe("migrations journal", () => {
  it("gives each migration a `when` later than every one on main before it, so none is skipped", () => {
    const byNumber = [...journal.entries].sort((a, b) => a.idx - b.idx);
    const late = byNumber.flatMap((entry, index) => {
      const before = [
        ...byNumber
          .slice(0, index)
          .filter((other) => !LANDED_AHEAD_OF[entry.tag]?.includes(other.idx)),
        ...byNumber.filter((other) => LANDED_AHEAD_OF[other.tag]?.includes(entry.idx)),
      ];
      const newest = before.reduce<JournalEntry | undefined>(
        (max, other) => (max && max.when >= other.when ? max : other),
        undefined,
      );
      return newest && entry.when <= newest.when ? [`${entry.tag} (not after ${newest.tag})`] : [];
    });
    expect(late).toEqual([]);
  });

  it("chains each snapshot to the one before it in the journal, so drizzle-kit generates from the last", () => {
    const snapshotOf = (entry: JournalEntry) =>
      JSON.parse(
        fs.readFileSync(
          path.join(folder, "meta", `${entry.tag.slice(0, 4)}_snapshot.json`),
          "utf8",
        ),
      ) as { id: string; prevId: string };
    const broken = journal.entries.slice(1).flatMap((entry, index) => {
      const previous = snapshotOf(journal.entries[index]!);
      return snapshotOf(entry).prevId === previous.id ? [] : [entry.tag];
    });
    expect(broken).toEqual([]);
  });

  it("names each migration once, with its SQL file", () => {
    const tags = journal.entries.map((entry) => entry.tag);
    expect(new Set(tags).size).toBe(tags.length);
    expect(new Set(journal.entries.map((entry) => entry.idx)).size).toBe(tags.length);
    for (const tag of tags) expect(fs.existsSync(path.join(folder, `${tag}.sql`)), tag).toBe(true);
  });
});
