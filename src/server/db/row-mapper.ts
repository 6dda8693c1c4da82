// A prepared select's rows, mapped to objects by a mapper compiled once per statement. Drizzle
// maps every row by walking each field's class chain (`is()`) to find its decoder, and an
// aliased figure (a list's total) walks it three times: 50–70 µs for a page of 50 users, a tenth
// of the whole request or more (issue 7). What the fields are does not change between executions,
// so the decoders and paths are looked up once here.
import { isDeepStrictEqual } from "node:util";
import * as drizzle from "drizzle-orm";
import { Column, getTableName, is, SQL, Subquery } from "drizzle-orm";

/** A select's fields as Drizzle orders them (a path into the result object, and the field). */
export interface SelectedField {
  path: string[];
  field: unknown;
}

interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

type RowMapper = (rows: unknown[][]) => Record<string, unknown>[];

// `decoder` is internal to Drizzle's SQL: the same lookup as its mapResultRow.
type Decoded = { decoder: Decoder };

function decoderOf(field: unknown): Decoder {
  if (is(field, Column)) return field;
  if (is(field, SQL)) return (field as unknown as Decoded).decoder;
  if (is(field, Subquery)) return (field as unknown as { _: { sql: Decoded } })._.sql.decoder;
  return ((field as SQL.Aliased).sql as unknown as Decoded).decoder;
}

/**
 * Maps array-mode rows exactly as Drizzle's own mapResultRow does, including a left-joined
 * table's object that becomes null when the join found nothing (`joinsNotNullableMap`).
 */
export function compileRowMapper(
  fields: SelectedField[],
  joinsNotNullableMap?: Record<string, boolean>,
): RowMapper {
  const decoders = fields.map(({ field }) => decoderOf(field));
  const paths = fields.map(({ path }) => path);
  const nullable = joinsNotNullableMap ? nullableObjects(fields, joinsNotNullableMap) : [];

  return (rows) =>
    rows.map((row) => {
      const result: Record<string, unknown> = {};
      for (let index = 0; index < paths.length; index++) {
        const path = paths[index]!;
        let node = result;
        for (let depth = 0; depth < path.length - 1; depth++) {
          const key = path[depth]!;
          node[key] ??= {};
          node = node[key] as Record<string, unknown>;
        }
        const raw = row[index];
        node[path[path.length - 1]!] =
          raw === null ? null : decoders[index]!.mapFromDriverValue(raw);
      }
      for (const { key, firstColumn } of nullable) {
        if (row[firstColumn] === null) result[key] = null;
      }
      return result;
    });
}

/**
 * The nested objects that stand for a nullable joined table: Drizzle nulls such an object when
 * the value of its first column is null and all of its columns come from that one table.
 */
function nullableObjects(fields: SelectedField[], joinsNotNullableMap: Record<string, boolean>) {
  const objects = new Map<string, { firstColumn: number; table: string; oneTable: boolean }>();
  fields.forEach(({ path, field }, index) => {
    if (path.length !== 2 || !is(field, Column)) return;
    const table = getTableName(field.table);
    const known = objects.get(path[0]!);
    if (!known) objects.set(path[0]!, { firstColumn: index, table, oneTable: true });
    else if (known.table !== table) known.oneTable = false;
  });
  return [...objects]
    .filter(([, { table, oneTable }]) => oneTable && !joinsNotNullableMap[table])
    .map(([key, { firstColumn }]) => ({ key, firstColumn }));
}

/** Drizzle's own mapping of one row: internal to Drizzle, exported from its index all the same. */
const drizzleMapResultRow = (
  drizzle as unknown as {
    mapResultRow(fields: SelectedField[], row: unknown[], joins?: Record<string, boolean>): unknown;
  }
).mapResultRow;

/**
 * The mapper, checking every result against Drizzle's own mapping (the tests run every prepared
 * statement through this): a Drizzle upgrade that maps otherwise fails there, not in production.
 */
export function checkedAgainstDrizzle(
  mapper: RowMapper,
  fields: SelectedField[],
  joinsNotNullableMap?: Record<string, boolean>,
): RowMapper {
  return (rows) => {
    const mapped = mapper(rows);
    const expected = rows.map((row) => drizzleMapResultRow(fields, row, joinsNotNullableMap));
    if (!isDeepStrictEqual(mapped, expected)) {
      throw new Error("The compiled row mapper and Drizzle's mapResultRow disagree");
    }
    return mapped;
  };
}
