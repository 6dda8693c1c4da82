import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";
import {
  type SearchParamsUpdateOptions,
  useSearchParamsUpdate,
} from "@/client/hooks/use-search-params-update";
import {
  type ListSearchParamsSchema,
  type ListState,
  nextListSearchParams,
  readListState,
} from "@/client/lib/list-search-params";

/**
 * `replace` for what the user did not ask to come back to (each pause in typing a search, a page
 * corrected after the list shrank); a new filter, sort or page is its own history entry, so Back
 * returns to the one before.
 */
export type ListStateUpdateOptions = SearchParamsUpdateOptions;

/**
 * A list's state read from the URL, the function that changes it (see list-search-params.ts), and
 * the one a search box calls.
 * `schema` must be a module-level constant: it is a dependency of the returned values.
 */
export function useListSearchParams<S extends ListSearchParamsSchema>(schema: S) {
  const [searchParams] = useSearchParams();
  const updateSearchParams = useSearchParamsUpdate();
  const state = useMemo(() => readListState(schema, searchParams), [schema, searchParams]);
  const write = useCallback(
    (changes: Readonly<Record<string, unknown>>, options: ListStateUpdateOptions = {}) =>
      updateSearchParams((current) => nextListSearchParams(schema, current, changes), options),
    [schema, updateSearchParams],
  );
  const update: (changes: Partial<ListState<S>>, options?: ListStateUpdateOptions) => void = write;
  // The first search is its own history entry; refining it (each pause while typing) replaces it.
  const searching = state.search !== undefined && state.search !== "";
  const setSearch = useCallback(
    (text: string) => write({ search: text }, { replace: searching }),
    [write, searching],
  );
  return [state, update, setSearch] as const;
}
