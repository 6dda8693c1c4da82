// The one way the app changes the URL's search parameters (a list's state, a linked item's
// dialog, a one-time flag), so that two changes made close together both hold.
import { useCallback } from "react";
import { useNavigate } from "react-router";

export interface SearchParamsUpdateOptions {
  /** Replace the current history entry instead of adding one. */
  replace?: boolean;
}

/** Given the parameters as they are now, the next ones, or null to leave the URL alone. */
export type SearchParamsUpdater = (current: URLSearchParams) => URLSearchParams | null;

/**
 * The function that changes the URL's search parameters, starting from the URL as it is now.
 *
 * React Router's setSearchParams hands its updater the parameters of the last render, and the
 * router renders a navigation in a transition, which a busy page can hold back for a while. A
 * second change made before that render (a dialog closing just after a paused search was written)
 * would start from the older parameters and undo the first: the search box kept the text while the
 * list went back to unsearched. The browser's location changes as soon as the router navigates,
 * so it is read instead. Parameters that do not change navigate not at all.
 */
export function useSearchParamsUpdate() {
  const navigate = useNavigate();
  return useCallback(
    (update: SearchParamsUpdater, options: SearchParamsUpdateOptions = {}) => {
      const current = new URLSearchParams(window.location.search);
      const next = update(new URLSearchParams(current));
      if (next === null || next.toString() === current.toString()) return;
      void navigate({ search: `?${next}` }, { replace: options.replace ?? false });
    },
    [navigate],
  );
}
