import { useEffect } from "react";
import { useRevalidator } from "react-router";

/** The page's data read again every 2 s while `waiting` (a refund or a shipment the server is still working on). */
export function useRefreshWhile(waiting: boolean): void {
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") revalidator.revalidate();
    }, 2_000);
    return () => clearInterval(timer);
  }, [waiting, revalidator]);
}
