import { type ComponentType, createElement, lazy, memo, Suspense } from "react";

/**
 * A component whose code the browser loads only when it first renders (React.lazy in its own
 * <Suspense>: hydration keeps the server's HTML until the code is there), while the server renders
 * it in place. The server starts importing the module when this is called (at its start) and, once
 * it is there, hands it to React as already resolved, so React writes the component's HTML inline:
 * a lazy component the server had to wait for would stream in later through a script, which a
 * browser without JavaScript never runs (docs/decisions/021-bundle-budgets.md).
 *
 * The boundary is memoised: a boundary still waiting for its code that gets new props would drop
 * the server's HTML and render afresh once the code is there (a flash), so the parent re-rendering
 * with the same props must not reach it. Give it props that keep their identity (memoised arrays,
 * callbacks).
 */
export function lazyInBrowser<M, P extends object>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
): ComponentType<P> {
  let serverModule: M | undefined;
  if (typeof document === "undefined") {
    load().then(
      (module) => {
        serverModule = module;
      },
      () => {},
    );
  }
  const Lazy = lazy<ComponentType<P>>(() => {
    if (serverModule === undefined) return load().then((module) => ({ default: pick(module) }));
    const loaded = { default: pick(serverModule) };
    // a thenable that resolves at once: React renders the component without suspending
    // biome-ignore lint/suspicious/noThenProperty: React.lazy takes a thenable; this one is settled
    return { then: (resolve: (value: typeof loaded) => void) => resolve(loaded) } as Promise<typeof loaded>;
  });
  return memo((props: P) => createElement(Suspense, { fallback: null }, createElement(Lazy, props)));
}

/**
 * A browser-only component with nothing to show before the page is interactive (it renders it
 * once hydrated): its code loads then, off the first load. If its chunk fails to load it renders
 * nothing rather than breaking the page.
 */
export function lazyAfterHydration<M, P extends object>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
): ComponentType<P> {
  return lazy<ComponentType<P>>(() =>
    load().then(
      (module) => ({ default: pick(module) }),
      (error: unknown) => {
        console.error("component not loaded", error);
        return { default: () => null };
      },
    ),
  );
}
