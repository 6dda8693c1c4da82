// What the two assignment imports (license seats, office account assignments) share: a cell that
// names another record, and the first line of the file that gives each assignment, found once
// the names are ids (a person written by username on one line and by e-mail on another is one
// person).
import { z } from "zod";
import { textSchema } from "../../../domain/schemas/common";

/** A required cell naming a record: a license, an account, a person. */
export const namedCell = (message: string) =>
  z.preprocess(
    (value) => value ?? "",
    textSchema(message).trim().min(1, message).max(320, "Must be at most 320 characters"),
  );

/** The first line giving each key (null: the row gives none), by key. */
export function firstLines<Input extends { line: number }>(
  inputs: readonly Input[],
  keyOf: (input: Input, index: number) => string | null,
): Map<string, number> {
  const first = new Map<string, number>();
  inputs.forEach((input, index) => {
    const key = keyOf(input, index);
    if (key !== null && !first.has(key)) first.set(key, input.line);
  });
  return first;
}
