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
 *
 * The mapper is generated as straight-line code, one object literal per row with the select's
 * keys written out: a loop that stores each cell under its path (`node[key] = ...`) goes through
 * V8's generic keyed stores and builds every object a property at a time. The loop cost 51 µs
 * of a page of 50 users inside the server, where a request's code is cold (CPU profile, issue
 * 7). Generated as fast-json-stringify and ajv generate theirs: from the select's own field
 * names, each written as a JSON string literal, never as code.
 */
export function compileRowMapper(
  fields: SelectedField[],
  joinsNotNullableMap?: Record<string, boolean>,
): RowMapper {
  const decoders = fields.map(({ field }) => decoderOf(field));
  const nullable = joinsNotNullableMap ? nullableObjects(fields, joinsNotNullableMap) : [];
  // "__proto__" in a literal would set the prototype instead of a property; no select needs it.
  if (fields.some(({ path }) => path.includes("__proto__"))) {
    throw new Error("A select key named __proto__ cannot be mapped");
  }
  const cell = (index: number) =>
    `(v = row[${index}]) === null ? null : d${index}.mapFromDriverValue(v)`;
  const body = `${decoders.map((_, index) => `const d${index} = decoders[${index}];`).join("\n")}
return (rows) => {
  const mapped = new Array(rows.length);
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r];
    let v;
    const result = ${objectLiteral(pathTree(fields), cell)};
    ${nullable.map(({ key, firstColumn }) => `if (row[${firstColumn}] === null) result[${JSON.stringify(key)}] = null;`).join("\n    ")}
    mapped[r] = result;
  }
  return mapped;
};`;
  return new Function("decoders", body)(decoders) as RowMapper;
}

/** The select's paths as a tree of keys in first-seen order (Drizzle's order), cells at leaves. */
type PathTree = Map<string, PathTree | number>;
function pathTree(fields: SelectedField[]): PathTree {
  const root: PathTree = new Map();
  fields.forEach(({ path }, index) => {
    let node = root;
    for (const key of path.slice(0, -1)) {
      let child = node.get(key);
      if (!(child instanceof Map)) {
        child = new Map();
        node.set(key, child);
      }
      node = child;
    }
    node.set(path[path.length - 1]!, index);
  });
  return root;
}

function objectLiteral(tree: PathTree, cell: (index: number) => string): string {
  const entries = [...tree].map(
    ([key, value]) =>
      `${JSON.stringify(key)}: ${typeof value === "number" ? cell(value) : objectLiteral(value, cell)}`,
  );
  return `{ ${entries.join(", ")} }`;
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
