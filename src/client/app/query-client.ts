// Query defaults from spec part 1, sections 7-9: 30 s stale time, no refetch on focus or on an
// interval, one retry except for 401/403, no retries for mutations, and a global redirect to the
// sign-in page when a request turns out to be unauthorised.
import { MutationCache, QueryCache, QueryClient, type QueryFunction } from "@tanstack/react-query";
import { ApiError, api, isUnauthorizedError } from "@/client/lib/api-client";

type UnauthorizedHandler = () => void;

// Replaced by the app shell with a router navigation; the fallback works before the router exists.
let unauthorizedHandler: UnauthorizedHandler = () => {
  if (window.location.pathname !== "/login") window.location.assign("/login");
};

export function setUnauthorizedHandler(handler: UnauthorizedHandler) {
  unauthorizedHandler = handler;
}

export function handleGlobalError(error: unknown) {
  if (isUnauthorizedError(error)) unauthorizedHandler();
}

/** Whether a failed query should be tried again (spec: never on 401/403, otherwise once). */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return false;
  return failureCount < 1;
}

/** `useQuery({ queryKey: ["/api/licenses"] })` issues GET on the first element of the key. */
const defaultQueryFn: QueryFunction = ({ queryKey, signal }) => {
  const [path] = queryKey;
  if (typeof path !== "string" || !path.startsWith("/api/")) {
    throw new Error(`No queryFn given and the query key does not start with an /api path`);
  }
  return api.get(path, { signal });
};

export function createQueryClient() {
  return new QueryClient({
    queryCache: new QueryCache({ onError: handleGlobalError }),
    mutationCache: new MutationCache({ onError: handleGlobalError }),
    defaultOptions: {
      queries: {
        queryFn: defaultQueryFn,
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: shouldRetryQuery,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
