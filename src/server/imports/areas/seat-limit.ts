// The seat limit over a whole file of seats: a license never holds more active seats than its
// total, counting those assigned before the file and those the file's rows take. Rows take seats
// in file order, so the rows refused are the ones past the limit, each saying which lines took
// the last seats: a person can drop those rows, or raise the license's seats, and check again.

export interface LicenseSeats {
  name: string;
  totalSeats: number;
  /** Active seats before the file. */
  assigned: number;
}

/** 'line 4', 'lines 2 and 4', 'lines 2, 3, 4, 5, 6 and 7 more'. */
export function linesText(lines: readonly number[]): string {
  if (lines.length === 1) return `line ${lines[0]}`;
  const shown = lines.slice(0, 5);
  const rest = lines.length - shown.length;
  if (rest > 0) return `lines ${shown.join(", ")} and ${rest} more`;
  return `lines ${shown.slice(0, -1).join(", ")} and ${shown.at(-1)}`;
}

const seatsWord = (count: number) => `${count} seat${count === 1 ? "" : "s"}`;

function noSeatLeft(license: LicenseSeats, takenByFile: readonly number[]): string {
  const name = `'${license.name}'`;
  if (takenByFile.length === 0) {
    return `No seat left on ${name}: all ${seatsWord(license.totalSeats)} are assigned already. Unassign a seat or raise the license's Total Seats, then check the file again.`;
  }
  const before =
    license.assigned === 0 ? "none assigned before" : `${license.assigned} assigned already`;
  return `No seat left on ${name}: it has ${seatsWord(license.totalSeats)}, ${before} and the rest taken by ${linesText(takenByFile)} of this file. Raise the license's Total Seats or leave rows out, then check the file again.`;
}

/**
 * Which of the file's seat rows fit: `claims` in file order (null for a row that takes no seat,
 * one with a problem already), answered in the same order with null (a seat) or the problem.
 */
export function allocateSeats(
  claims: readonly ({ line: number; licenseId: number } | null)[],
  seats: ReadonlyMap<number, LicenseSeats>,
): (string | null)[] {
  const taken = new Map<number, number[]>();
  return claims.map((claim) => {
    if (!claim) return null;
    const license = seats.get(claim.licenseId);
    if (!license) return null;
    const lines = taken.get(claim.licenseId) ?? [];
    if (license.assigned + lines.length >= license.totalSeats) return noSeatLeft(license, lines);
    lines.push(claim.line);
    taken.set(claim.licenseId, lines);
    return null;
  });
}
