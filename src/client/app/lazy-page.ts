import { type ComponentType, lazy } from "react";

/**
 * A page whose code is fetched the first time it is shown, so the first load carries only the
 * shell and the sign-in page. Pages use named exports; `pick` chooses the one to show.
 */
export function lazyPage<M, P extends object = object>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
) {
  return lazy(async () => ({ default: pick(await load()) }));
}
