import { usePathParams } from './pathParams.ts';
import { resourceByKey } from './registry.ts';
import type { ResourceDef } from './types.ts';
import { useResourceDetail } from './useResourceApi.ts';

// A sub-collection whose parent is a shared record maintained by someone else (parent.herdaSomenteLeitura
// and the parent's podeAlterar false) is read-only: no Novo, Editar or Excluir that would end in 403.
// The parent record is the one ParentTabs already fetched (same query key: no extra request).
export function useParentReadOnly(def: ResourceDef): boolean {
  const params = usePathParams();
  const pai = def.parent?.herdaSomenteLeitura ? resourceByKey(def.parent.key) : undefined;
  const record = useResourceDetail(pai ?? def, pai && def.parent ? (params[def.parent.param] ?? null) : null);
  return !!pai && (record.data as { podeAlterar?: boolean } | undefined)?.podeAlterar === false;
}
