import { type ReactNode, createContext, useCallback, useContext, useMemo, useState } from 'react';

// Layout context (spec §2): the side menu starts collapsed on narrow windows (≤ 700 px), open otherwise.
export const MENU_COLLAPSE_WIDTH = 700;

type LayoutValue = {
  collapsed: boolean;
  /** Narrow window at start: the menu overlays content and closes after navigation. */
  narrow: boolean;
  toggle: () => void;
  close: () => void;
};

const LayoutContext = createContext<LayoutValue | null>(null);

const isNarrow = () => typeof window !== 'undefined' && window.innerWidth <= MENU_COLLAPSE_WIDTH;

export function LayoutProvider({ children }: { children: ReactNode }) {
  const [narrow] = useState(isNarrow);
  const [collapsed, setCollapsed] = useState(narrow);
  const toggle = useCallback(() => setCollapsed((c) => !c), []);
  const close = useCallback(() => setCollapsed(true), []);
  const value = useMemo(() => ({ collapsed, narrow, toggle, close }), [collapsed, narrow, toggle, close]);
  return <LayoutContext.Provider value={value}>{children}</LayoutContext.Provider>;
}

export function useLayout(): LayoutValue {
  const ctx = useContext(LayoutContext);
  if (!ctx) throw new Error('useLayout fora do LayoutProvider');
  return ctx;
}
