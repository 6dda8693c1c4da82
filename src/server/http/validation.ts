// The validator of every route: the route's zod schema, behind one check that no schema can
// forget. U+0000 cannot be stored in PostgreSQL text (it answered 500 from anywhere a string
// reached a query, including the anonymous sign-in); it is refused in any body, query or
// parameter with a 400 naming the field, before the route's own schema runs.
import type { FastifySchemaCompiler } from "fastify";
import { validatorCompiler as zodValidatorCompiler } from "fastify-type-provider-zod";
import { z } from "zod";
import { containsNul, NUL_MESSAGE } from "../../domain/schemas/common";

interface Visit {
  value: unknown;
  key: string | number | undefined;
  parent: Visit | undefined;
}

function pathOf(visit: Visit): (string | number)[] {
  const path: (string | number)[] = [];
  for (let at: Visit | undefined = visit; at?.parent; at = at.parent) {
    path.push(at.key as string | number);
  }
  return path.reverse();
}

/**
 * The path of the first string (or object key) holding U+0000, or undefined. Walked with a stack
 * of its own, not by recursion: a body's depth is bounded by the JSON parser (json-body.ts), but
 * no walk of client input should be able to exhaust the call stack.
 */
export function nulPath(value: unknown): (string | number)[] | undefined {
  const stack: Visit[] = [{ value, key: undefined, parent: undefined }];
  while (stack.length > 0) {
    const visit = stack.pop() as Visit;
    const current = visit.value;
    if (typeof current === "string") {
      if (containsNul(current)) return pathOf(visit);
      continue;
    }
    if (!current || typeof current !== "object") continue;
    const entries: [string | number, unknown][] = Array.isArray(current)
      ? current.map((item, index) => [index, item])
      : Object.entries(current);
    for (const [key] of entries) {
      if (typeof key === "string" && containsNul(key)) {
        return pathOf({ value: undefined, key, parent: visit });
      }
    }
    // Reversed, so that the first entry is visited first, as a person reads the body.
    for (let index = entries.length - 1; index >= 0; index--) {
      const [key, item] = entries[index] as [string | number, unknown];
      stack.push({ value: item, key, parent: visit });
    }
  }
  return undefined;
}

const nulFree = z.unknown().superRefine((value, context) => {
  const path = nulPath(value);
  if (path) context.addIssue({ code: "custom", message: NUL_MESSAGE, path });
});

/**
 * The route's schema alone when the input holds no U+0000 (nearly always); the NUL check's own
 * schema, for its 400, when it does: the same answers as piping one into the other, without
 * zod's pipe and refinement layers on every request (a cold request paid some 20 µs for them
 * on this project's machines, issue 7).
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) => {
  const validate = zodValidatorCompiler(route);
  const refuseNul = zodValidatorCompiler({ ...route, schema: nulFree });
  return (data) => (nulPath(data) ? refuseNul(data) : validate(data));
};
