// License seats from a file: each row a license by name and a person by username or e-mail, with
// the Assign dialog's date and notes. The Assign route's checks, for the whole file at once: an
// active person, no second active seat of one license for one person (in the file or already),
// and the seat limit over the file's rows and the seats already assigned (seat-limit.ts).
//
// Locks as the Assign route takes them (licenses/assignments-service.ts): the people FOR SHARE,
// then the licenses FOR UPDATE, both in id order. In the commit's transaction they are held until
// the seats are written, so an assignment through the dialog (or a second import) waits and then
// counts the imported seats: the limit holds across them.
import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import { todayIso } from "../../../domain/dates";
import { createAssignmentRequestSchema } from "../../../domain/schemas/licenses";
import { bulkInsert } from "../../db/bulk-insert";
import type { Executor } from "../../db/client";
import { idIn } from "../../db/id-list";
import { licenseAssignments, licenses } from "../../db/schema";
import { SEAT_ALREADY_ASSIGNED, SEAT_HOLDER_INACTIVE } from "../../licenses/assignments-service";
import { countActiveSeats } from "../../licenses/service";
import { displayNameOf } from "../../users/user-response";
import { LICENSE_WORDS, licensesNamed } from "../licenses-named";
import { peopleNamed } from "../people-named";
import { nameKey, theOneNamed } from "../references";
import { defineImportArea, type Resolved, type RowContext } from "./area";
import { firstLines, namedCell } from "./assignment-rows";
import { allocateSeats, type LicenseSeats } from "./seat-limit";

/** The Assign dialog's fields, with the license and the person named instead of picked. */
const seatImportSchema = createAssignmentRequestSchema
  .pick({ assignedDate: true, notes: true })
  .extend({
    license: namedCell("Write the license's name, as the Licenses page shows it"),
    user: namedCell("Write the person's username or e-mail address"),
  });
type SeatRow = z.output<typeof seatImportSchema>;

interface StoredSeat {
  licenseId: number;
  userId: number;
  assignedTo: string;
  assignedDate: string;
  notes: string | null;
}

/** The Assign route's refusals, in its words (a row's problem ends with a full stop). */
const INACTIVE = SEAT_HOLDER_INACTIVE;
const ALREADY_ASSIGNED = `${SEAT_ALREADY_ASSIGNED}.`;

/** These licenses, locked FOR UPDATE in id order (the Assign route's lock), with their seats. */
async function lockLicenses(db: Executor, ids: number[]): Promise<Map<number, LicenseSeats>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: licenses.id, name: licenses.name, totalSeats: licenses.totalSeats })
    .from(licenses)
    .where(idIn(licenses.id, ids))
    .orderBy(licenses.id)
    .for("update");
  const assigned = await countActiveSeats(db, ids);
  return new Map(rows.map((row) => [row.id, { ...row, assigned: assigned.get(row.id) ?? 0 }]));
}

/** 'licenseId:userId' of the active seats among these licenses and people. */
async function activeSeatsOf(db: Executor, licenseIds: number[], userIds: number[]) {
  if (licenseIds.length === 0 || userIds.length === 0) return new Set<string>();
  const rows = await db
    .select({ licenseId: licenseAssignments.licenseId, userId: licenseAssignments.userId })
    .from(licenseAssignments)
    .where(
      and(
        idIn(licenseAssignments.licenseId, licenseIds),
        idIn(licenseAssignments.userId, userIds),
        eq(licenseAssignments.isActive, true),
      ),
    );
  return new Set(rows.map((row) => `${row.licenseId}:${row.userId}`));
}

async function resolveSeats(
  db: Executor,
  rows: SeatRow[],
  context: RowContext[],
): Promise<Resolved<StoredSeat>[]> {
  // The people before the licenses: the Assign route's lock order (users/recipient-lock.ts).
  const people = await peopleNamed(
    db,
    rows.map((row) => row.user),
    { header: "User", inactive: INACTIVE },
  );
  const named = await licensesNamed(
    db,
    rows.map((row) => row.license),
  );
  const seats = await lockLicenses(db, [
    ...new Set([...named.values()].flatMap((found) => found.map((license) => license.id))),
  ]);
  const personIds = [...people.values()].flatMap((answer) =>
    "person" in answer ? [answer.person.id] : [],
  );
  const held = await activeSeatsOf(db, [...seats.keys()], personIds);

  const answers = rows.map((row) => {
    const problems: string[] = [];
    // A license deleted since it was found by name is gone: its lock found no row.
    const found = (named.get(nameKey(row.license)) ?? []).filter((license) =>
      seats.has(license.id),
    );
    const one = theOneNamed(found, row.license, LICENSE_WORDS);
    const license = "found" in one ? { id: one.found.id, ...seats.get(one.found.id)! } : undefined;
    if ("problem" in one) problems.push(one.problem);
    const who = people.get(nameKey(row.user))!;
    if ("problem" in who) problems.push(who.problem);
    const person = "person" in who ? who.person : undefined;
    return { row, problems, license, person };
  });

  const pairOf = (answer: (typeof answers)[number]) =>
    answer.license && answer.person ? `${answer.license.id}:${answer.person.id}` : null;
  const firstLine = firstLines(context, (_row, index) => pairOf(answers[index]!));
  const claims = answers.map((answer, index) => {
    const pair = pairOf(answer);
    const input = context[index]!;
    if (pair !== null) {
      const first = firstLine.get(pair)!;
      if (first !== input.line) answer.problems.push(`Same license and user as line ${first}.`);
      if (held.has(pair)) answer.problems.push(ALREADY_ASSIGNED);
    }
    // Only a row that will be written takes a seat.
    const writable = answer.problems.length === 0 && input.problems.length === 0;
    return writable && answer.license ? { line: input.line, licenseId: answer.license.id } : null;
  });
  const seatProblems = allocateSeats(claims, seats);

  return answers.map(({ row, problems, license, person }, index): Resolved<StoredSeat> => {
    const seatProblem = seatProblems[index];
    if (seatProblem) problems.push(seatProblem);
    if (problems.length > 0 || !license || !person) return { problems };
    return {
      row: {
        licenseId: license.id,
        userId: person.id,
        assignedTo: displayNameOf(person),
        assignedDate: row.assignedDate ?? todayIso(),
        notes: row.notes ?? null,
      },
    };
  });
}

export const seatImport = defineImportArea<SeatRow, StoredSeat>({
  area: "seats",
  activityArea: "licenses",
  table: "license_assignments",
  schema: seatImportSchema,
  // The same seat twice is found by ids, once the names are resolved (resolveSeats): a person
  // may be written by username on one line and by e-mail address on another.
  duplicate: {
    label: "license and user",
    keyOf: () => null,
    existing: async () => new Set(),
    existsMessage: ALREADY_ASSIGNED,
  },
  resolve: resolveSeats,
  insert: (tx, rows) =>
    bulkInsert(
      tx,
      licenseAssignments,
      rows.map((row) => ({ ...row, isActive: true, deactivatedAt: null })),
    ),
});
