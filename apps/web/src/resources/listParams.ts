import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { ResourceDef } from './types.ts';

// List state lives in the URL (shareable, survives reload, back button works), with the API's own
// parameter names: pc (page, 1-based), pps (page size), ssf/sso (sort), ftr_<field> (filters).
export const PAGE_SIZE = 10;
export const PAGE_SIZES = [10, 20, 50, 100];

export type ListState = {
  pc: number;
  pps: number;
  ssf: string;
  sso: 'ASC' | 'DESC';
  filters: Record<string, string>;
};

const positive = (v: string | null, def: number) => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : def;
};

export function useListState(def: ResourceDef) {
  const [params, setParams] = useSearchParams();
  const state = useMemo<ListState>(() => {
    const filters: Record<string, string> = {};
    params.forEach((v, k) => {
      if (k.startsWith('ftr_') && v !== '') filters[k] = v;
    });
    return {
      pc: positive(params.get('pc'), 1),
      pps: positive(params.get('pps'), PAGE_SIZE),
      ssf: params.get('ssf') || def.defaultSort.field,
      sso: params.get('sso') === 'DESC' ? 'DESC' : params.get('sso') === 'ASC' ? 'ASC' : def.defaultSort.order,
      filters,
    };
  }, [params, def]);

  /** Merges changes into the URL; a changed filter or sort goes back to page 1. */
  const update = useCallback(
    (change: Partial<Omit<ListState, 'filters'>> & { filters?: Record<string, string | null> }) => {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [k, v] of Object.entries(change.filters ?? {})) {
            if (v === null || v === '') next.delete(k);
            else next.set(k, v);
          }
          if (change.filters || change.ssf || change.sso) next.delete('pc');
          if (change.pc) next.set('pc', String(change.pc));
          if (change.pps) next.set('pps', String(change.pps));
          if (change.ssf) next.set('ssf', change.ssf);
          if (change.sso) next.set('sso', change.sso);
          return next;
        },
        { replace: false },
      );
    },
    [setParams],
  );

  /** The list query string sent to the API. */
  const query = useMemo(
    () => ({ src: 'embarcador', pc: state.pc, pps: state.pps, ssf: state.ssf, sso: state.sso, ...def.listQuery, ...state.filters }),
    [state, def],
  ) as Record<string, string | number>;

  return { state, update, query };
}
