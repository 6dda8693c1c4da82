import { useCallback, useState } from "react";

/**
 * The page number of a list that starts again at page 1 whenever `resetKey` (the search, filter
 * and sort the list is read with) changes, in the same render, so no request goes out for the
 * old page of the new search.
 */
export function useListPage(resetKey: string) {
  const [state, setState] = useState({ resetKey, page: 1 });
  const page = state.resetKey === resetKey ? state.page : 1;
  const setPage = useCallback((next: number) => setState({ resetKey, page: next }), [resetKey]);
  return [page, setPage] as const;
}
