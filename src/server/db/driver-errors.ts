// Reads the errors of the database drivers. Drizzle wraps the driver's error (node-postgres's
// DatabaseError, PGlite's) in its own DrizzleQueryError with the original as `cause`; a raw
// client call or a transaction's commit throws the driver's error itself. Both are read here, so
// no caller needs to know how deep the SQLSTATE sits.

/** Walks an error and its causes to the first SQLSTATE or errno, with the constraint it names. */
export function driverErrorOf(error: unknown): {
  code?: string;
  constraint?: string;
  message: string;
} {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth++) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    // Fastify's own codes (FST_...) sit on the same field and are not the database's.
    if (typeof code === "string" && !code.startsWith("FST_")) {
      return {
        code,
        constraint: typeof constraint === "string" ? constraint : undefined,
        message: String((current as Error).message ?? ""),
      };
    }
    current = (current as { cause?: unknown }).cause;
  }
  return { message: String((error as Error)?.message ?? "") };
}

const UNIQUE_VIOLATION = "23505";

/**
 * The unique index that refused a write, or undefined when the error is anything else. `index` is
 * the constraint's name as the driver reports it (absent from some drivers' messages).
 */
export function uniqueViolationOf(error: unknown): { index: string | undefined } | undefined {
  const { code, constraint } = driverErrorOf(error);
  return code === UNIQUE_VIOLATION ? { index: constraint } : undefined;
}

/**
 * Whether a unique index refused the write (the named index only, when one is given): how a write
 * that lost a race to an equal concurrent write is told apart from any other failure.
 */
export function isUniqueViolation(error: unknown, index?: string): boolean {
  const violation = uniqueViolationOf(error);
  return violation !== undefined && (index === undefined || violation.index === index);
}
