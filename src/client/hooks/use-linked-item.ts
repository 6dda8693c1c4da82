// One item's dialog opened by the URL (`?item=<id>`, issue 15): the Activity page links each
// record to its item this way, so the link lands on that item with its dialog (and History) open,
// whether or not the item is on the list's current page. Every area page reads the same parameter
// through this hook; closing the dialog drops it again.
import { useQuery } from "@tanstack/react-query";
import { useCallback, useEffect } from "react";
import { useSearchParams } from "react-router";
import { useSearchParamsUpdate } from "@/client/hooks/use-search-params-update";
import { ApiError, api } from "@/client/lib/api-client";
import { LINKED_ITEM_PARAM } from "@/client/lib/linked-item";
import { notify } from "@/client/lib/notify";

export interface LinkedItemOptions {
  /** Whether the viewer may open this dialog at all (the list offers it to administrators). */
  enabled: boolean;
  /** The item's name in the not-found toast: "license" gives "License not found". */
  what: string;
}

function linkedId(value: string | null): number | null {
  if (value === null || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) ? id : null;
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The item the URL names, read with the area's GET-by-id endpoint (`${path}/${id}`), and the
 * function its dialog calls when it closes. `item` is undefined while there is none, it loads, or
 * the viewer may not open it. An id that is not an id, or an item that is gone, is said in a toast
 * and dropped from the URL instead of opening anything.
 */
export function useLinkedItem<T>(path: string, { enabled, what }: LinkedItemOptions) {
  const [searchParams] = useSearchParams();
  const updateSearchParams = useSearchParamsUpdate();
  const raw = searchParams.get(LINKED_ITEM_PARAM);
  const id = linkedId(raw);
  const wanted = enabled && raw !== null;

  const query = useQuery({
    queryKey: [`${path}/${id}`],
    queryFn: ({ signal }) => api.get<T>(`${path}/${id}`, { signal }),
    enabled: wanted && id !== null,
    // A deleted item stays deleted: say so at once rather than after a retry.
    retry: false,
    // Each visit reads the item as it is now (a dialog takes its values when it opens).
    gcTime: 0,
  });

  // Replace, not push: Back should not reopen a dialog the person closed. A dialog opened from
  // its row leaves the URL as it is.
  const close = useCallback(
    () =>
      updateSearchParams(
        (current) => {
          if (!current.has(LINKED_ITEM_PARAM)) return null;
          current.delete(LINKED_ITEM_PARAM);
          return current;
        },
        { replace: true },
      ),
    [updateSearchParams],
  );

  const failed = wanted && (id === null || query.isError);
  const error = query.error;
  useEffect(() => {
    if (!failed) return;
    if (error instanceof ApiError && error.status !== 404 && error.status !== 400) {
      notify.error({ title: `Could not open the ${what}`, description: error.message });
    } else {
      notify.error({
        title: `${capitalised(what)} not found`,
        description: `The ${what} may have been deleted.`,
      });
    }
    close();
  }, [failed, error, what, close]);

  return { item: wanted && !failed ? query.data : undefined, close };
}
