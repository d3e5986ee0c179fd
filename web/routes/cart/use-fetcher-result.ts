import { useEffect, useRef } from "react";
import type { FetcherWithComponents } from "react-router";

/**
 * Calls `onResult` once per answer of a fetcher, when it has finished (idle again, after the
 * revalidation), e.g. to show a toast or open the side cart.
 */
export function useFetcherResult<T>(fetcher: FetcherWithComponents<T>, onResult: (result: T) => void): void {
  const handled = useRef<T | undefined>(fetcher.data);
  const callback = useRef(onResult);
  callback.current = onResult;
  useEffect(() => {
    if (fetcher.state !== "idle" || fetcher.data === undefined || fetcher.data === handled.current) return;
    handled.current = fetcher.data;
    callback.current(fetcher.data);
  }, [fetcher.state, fetcher.data]);
}
