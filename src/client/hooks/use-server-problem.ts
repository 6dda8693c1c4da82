// What the open dialog keeps of a refused write (see server-errors.ts): field errors go onto the
// form, and the server's reason stays under the form until the next try.
import { useState } from "react";
import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { describeServerError } from "@/client/lib/server-errors";

export function useServerProblem<T extends FieldValues>(
  setError: UseFormSetError<T>,
  fields: readonly string[],
) {
  const [message, setMessage] = useState<string | null>(null);
  return {
    /** The sentence to show under the form, or null. */
    message,
    clear: () => setMessage(null),
    show(error: unknown) {
      const problem = describeServerError(error, fields);
      for (const fieldError of problem.fieldErrors) {
        // describeServerError keeps only the names in `fields`, which are this form's.
        setError(fieldError.field as Path<T>, { message: fieldError.message });
      }
      setMessage(problem.message);
    },
  };
}
