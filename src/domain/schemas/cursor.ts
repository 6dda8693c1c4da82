// The list kit's keyset cursor (decisions 0029 and 0040): the position of one row in a list's
// order, as `after=` or `before=` in a list call's query string and in the X-Next-Cursor /
// X-Prev-Cursor headers of a page's answer (server/lib/keyset.ts).
//
// To a client the cursor is opaque: base64url of the UTF-8 JSON `[tag, ...values, id]`, where
// the tag names the list and sort ("licenses:expiryDate") and the values are the row's sort key,
// one per key the sort orders by, typed as the sort declares them (listCursors). A timestamp is
// PostgreSQL's own value to the microsecond, in UTC, not a JS Date's milliseconds: two rows of one
// millisecond would otherwise compare wrongly at a page's edge. Every value is read strictly here,
// before any SQL casts it, so a bad, foreign or tampered cursor is a 400, never a 500.
import { z } from "zod";

/** How a sort key's value is written in a cursor and cast in SQL. */
export type KeyKind = "text" | "date" | "numeric" | "integer" | "timestamptz";

/** One value of a sort's key: its kind, and whether it may be null (then only the first key). */
export interface KeyPart {
  kind: KeyKind;
  nullable: boolean;
}

export const keyPart = (kind: KeyKind): KeyPart => ({ kind, nullable: false });
export const nullableKeyPart = (kind: KeyKind): KeyPart => ({ kind, nullable: true });

export type CursorValue = string | number | null;

/** Where one row sits in a list's order: its sort's tag, its key values and its id. */
export interface CursorPosition {
  tag: string;
  values: CursorValue[];
  id: number;
}

/** A list's cursors: the key of each sort it offers (kinds in ORDER BY order, id left out). */
export interface ListCursors<S extends string = string> {
  list: string;
  sorts: Record<S, readonly KeyPart[]>;
}

export function listCursors<S extends string>(
  list: string,
  sorts: Record<S, readonly KeyPart[]>,
): ListCursors<S> {
  for (const keys of Object.values<readonly KeyPart[]>(sorts)) {
    // Only a leading key may be null: a null further on would need a flag per key (keyset.ts).
    if (keys.slice(1).some((key) => key.nullable)) throw new Error("Only a first key may be null");
  }
  return { list, sorts };
}

export const cursorTag = (cursors: ListCursors, sort: string) => `${cursors.list}:${sort}`;

export const CURSOR_MESSAGE = "Cursor must be one that a page of this list answered with";

const BASE64URL = /^[A-Za-z0-9_-]{1,8000}$/;
const MICROSECOND_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const DECIMAL = /^-?\d{1,40}(\.\d{1,40})?$/;
const MAX_TEXT = 2000;

/** A real calendar day or instant (month 13 or 30 February are not). */
function isRealTime(text: string, iso: string) {
  const time = new Date(iso);
  return !Number.isNaN(time.getTime()) && time.toISOString() === iso && !text.startsWith("0000");
}

/** Whether `value` is one the server could have written for a key of this part. */
export function isKeyValue(part: KeyPart, value: unknown): value is CursorValue {
  if (value === null) return part.nullable;
  switch (part.kind) {
    case "integer":
      return typeof value === "number" && Number.isSafeInteger(value);
    case "text":
      // PostgreSQL's text holds no NUL character: one would fail the cast, not compare.
      return typeof value === "string" && value.length <= MAX_TEXT && !value.includes("\u0000");
    case "numeric":
      return typeof value === "string" && DECIMAL.test(value);
    case "date":
      return (
        typeof value === "string" &&
        ISO_DATE.test(value) &&
        isRealTime(value, `${value}T00:00:00.000Z`)
      );
    case "timestamptz":
      return (
        typeof value === "string" &&
        MICROSECOND_TIME.test(value) &&
        isRealTime(value, `${value.slice(0, 23)}Z`)
      );
  }
}

const toBase64Url = (text: string) => {
  let binary = "";
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
};

function fromBase64Url(cursor: string): string | null {
  try {
    const binary = atob(cursor.replaceAll("-", "+").replaceAll("_", "/"));
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

export function encodeCursor(position: CursorPosition): string {
  return toBase64Url(JSON.stringify([position.tag, ...position.values, position.id]));
}

/**
 * The position a cursor names in `sort` of the list, or null when it is not one this server could
 * have written for that list and sort (another list's, another sort's, or edited).
 */
export function decodeCursor(
  cursor: string,
  cursors: ListCursors,
  sort: string,
): CursorPosition | null {
  const keys = cursors.sorts[sort];
  if (!keys || !BASE64URL.test(cursor)) return null;
  const json = fromBase64Url(cursor);
  if (json === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return null;
  }
  if (!Array.isArray(value) || value.length !== keys.length + 2) return null;
  const [tag, ...rest] = value as unknown[];
  const id = rest.pop();
  if (tag !== cursorTag(cursors, sort)) return null;
  if (typeof id !== "number" || !Number.isSafeInteger(id) || id < 1) return null;
  if (!keys.every((part, index) => isKeyValue(part, rest[index]))) return null;
  const position = { tag, values: rest as CursorValue[], id };
  // One spelling per position: padding or other bytes that decode the same are refused.
  return encodeCursor(position) === cursor ? position : null;
}

/** The sort a cursor's tag names, when it is one of `cursors`' sorts; else undefined. */
export function sortOfCursor(cursor: string, cursors: ListCursors): string | undefined {
  const json = BASE64URL.test(cursor) ? fromBase64Url(cursor) : null;
  let tag: unknown;
  try {
    tag = json === null ? undefined : (JSON.parse(json) as unknown[])[0];
  } catch {
    return undefined;
  }
  const prefix = `${cursors.list}:`;
  if (typeof tag !== "string" || !tag.startsWith(prefix)) return undefined;
  const sort = tag.slice(prefix.length);
  return Object.hasOwn(cursors.sorts, sort) ? sort : undefined;
}

/**
 * A cursor parameter of a list: blank for none, else a cursor this list's pages answered with,
 * every value of the kind its sort declares. Whether its sort is the query's own is checked
 * where both are known (keysetWindow): a query schema with a cross-field refinement could not
 * be narrowed into the export's (zod refuses .omit on it).
 */
const cursorParam = (cursors: ListCursors) =>
  z.preprocess(
    (value) => (value === "" ? undefined : value),
    z
      .string({ error: CURSOR_MESSAGE })
      .refine((cursor) => {
        const sort = sortOfCursor(cursor, cursors);
        return sort !== undefined && decodeCursor(cursor, cursors, sort) !== null;
      }, CURSOR_MESSAGE)
      .optional(),
  );

export const FROM_END_MESSAGE = "fromEnd must be true or false";

/** The keyset fields of a list's query (decision 0040). */
export const keysetQueryFields = (cursors: ListCursors) => ({
  /** The rows just after this position (a page's X-Next-Cursor); `offset` counts from it. */
  after: cursorParam(cursors).describe("Rows after this cursor (a page's X-Next-Cursor header)"),
  /** The rows just before this position (a page's X-Prev-Cursor); `offset` counts from it. */
  before: cursorParam(cursors).describe("Rows before this cursor (a page's X-Prev-Cursor header)"),
  /** `offset` counts from the list's end: the last page costs what the first page costs. */
  fromEnd: z
    .preprocess(
      (value) =>
        value === "true" ? true : value === "false" ? false : value === "" ? undefined : value,
      z.boolean({ error: FROM_END_MESSAGE }).optional(),
    )
    .describe("true: offset counts from the end of the list (the last page: offset=0)"),
});

/** A list's query schema with the keyset fields: after, before, fromEnd. */
export const withKeyset = <Shape extends z.ZodRawShape>(
  schema: z.ZodObject<Shape>,
  cursors: ListCursors,
) => schema.extend(keysetQueryFields(cursors));
