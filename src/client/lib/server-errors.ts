// Turns a refused write into something the open dialog can show: field errors go next to their
// fields, and a request the server refused on purpose (4xx) explains itself. The toast keeps the
// spec's fixed wording; the dialog stays open with the reason, so nothing is lost.
import { isApiError } from "@/client/lib/api-client";

export interface ServerProblem {
  /** Messages for fields the form has, by field name. */
  fieldErrors: { field: string; message: string }[];
  /** A sentence for the dialog, or null when there is nothing more to say than the toast. */
  message: string | null;
}

export function describeServerError(error: unknown, fields: readonly string[]): ServerProblem {
  if (!isApiError(error) || error.status < 400 || error.status >= 500 || error.status === 401) {
    return { fieldErrors: [], message: null };
  }
  const fieldErrors = error.errors.flatMap(({ path, message }) =>
    fields.includes(path) ? [{ field: path, message }] : [],
  );
  // Shown in the dialog unless it merely repeats a field error.
  const repeats = fieldErrors.some((fieldError) => fieldError.message === error.message);
  return { fieldErrors, message: repeats ? null : error.message };
}
