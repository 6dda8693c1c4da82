// The validator of every route: the route's zod schema, behind one check that no schema can
// forget. U+0000 cannot be stored in PostgreSQL text (it answered 500 from anywhere a string
// reached a query, including the anonymous sign-in); it is refused in any body, query or
// parameter with a 400 naming the field, before the route's own schema runs.
import type { FastifySchemaCompiler } from "fastify";
import { validatorCompiler as zodValidatorCompiler } from "fastify-type-provider-zod";
import { z } from "zod";
import { containsNul, NUL_MESSAGE } from "../../domain/schemas/common";

/** The path of the first string (or object key) holding U+0000, or undefined. */
export function nulPath(
  value: unknown,
  path: (string | number)[] = [],
): (string | number)[] | undefined {
  if (typeof value === "string") return containsNul(value) ? path : undefined;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = nulPath(item, [...path, index]);
      if (found) return found;
    }
    return undefined;
  }
  if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      if (containsNul(key)) return [...path, key];
      const found = nulPath(item, [...path, key]);
      if (found) return found;
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
