import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from "react";
import { useLocation } from "react-router";

// Whether the side cart is open (SPEC §2 Side cart). One provider in the root Shell; the header's
// cart button and the add-to-cart flow open it, and it closes on every route change.

export interface CartUi {
  isOpen: boolean;
  open(): void;
  close(): void;
}

const CartUiContext = createContext<CartUi>({ isOpen: false, open: () => {}, close: () => {} });

export function CartUiProvider({ children }: { children: ReactNode }) {
  const [isOpen, setOpen] = useState(false);
  const location = useLocation();
  const open = useCallback(() => setOpen(true), []);
  const close = useCallback(() => setOpen(false), []);

  // closes on route change (a link in the side cart, back/forward, any navigation)
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each new location on purpose
  useEffect(() => {
    setOpen(false);
  }, [location.pathname, location.search]);

  const value = useMemo(() => ({ isOpen, open, close }), [isOpen, open, close]);
  return <CartUiContext.Provider value={value}>{children}</CartUiContext.Provider>;
}

/** `{ isOpen, open(), close() }` of the side cart. */
export function useCartUi(): CartUi {
  return useContext(CartUiContext);
}
