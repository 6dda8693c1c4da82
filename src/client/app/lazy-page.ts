import { type ComponentType, type LazyExoticComponent, lazy } from "react";

/** A lazily loaded page, whose code can be asked for before it is first shown. */
export type LazyPage<P extends object = object> = LazyExoticComponent<ComponentType<P>> & {
  /**
   * Starts fetching the page's code (its chunk and what it imports); harmless to repeat. Settles
   * (never rejects) once the code is in or its fetch failed.
   */
  preload(): Promise<void>;
};

type Loaded<P> = { default: ComponentType<P> };

/**
 * A page whose code is fetched the first time it is shown, so the first load carries only the
 * shell and the sign-in page. Pages use named exports; `pick` chooses the one to show.
 *
 * `preload()` starts the fetch earlier (the route a page load lands on, app/router.tsx). When the
 * code has arrived by the time the page first renders, React gets it at once: the loader hands
 * React a thenable that calls back synchronously, which React's lazy reads as already resolved,
 * so nothing suspends. A suspension would show the spinner and then hold the page back: React
 * reveals a boundary's content no sooner than 300 ms after its fallback appeared, once for the
 * shell and once more for the page inside it (issue 30: most of the dashboard's late paint).
 */
export function lazyPage<M, P extends object = object>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
): LazyPage<P> {
  let loaded: Loaded<P> | undefined;
  let loading: Promise<Loaded<P>> | undefined;
  const start = () => {
    loading ??= load().then(
      (module) => {
        loaded = { default: pick(module) };
        return loaded;
      },
      (error: unknown) => {
        // A failed fetch (a new release, the network) is tried again by the next caller.
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const page = lazy(() => {
    if (!loaded) return start();
    const ready = loaded;
    // biome-ignore lint/suspicious/noThenProperty: React's lazy reads a thenable that calls back at once as resolved (see above)
    const thenable = { then: (resolve: (value: Loaded<P>) => void) => resolve(ready) };
    return thenable as unknown as Promise<Loaded<P>>;
  });
  // A failed preload says nothing: the page's own load tries again and shows the failure.
  return Object.assign(page, {
    preload: () =>
      start().then(
        () => undefined,
        () => undefined,
      ),
  });
}
