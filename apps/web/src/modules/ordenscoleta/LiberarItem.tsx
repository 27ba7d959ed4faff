import { CheckCircleOutlined } from '@ant-design/icons';
import type { OrdemColeta } from '@fretio/core';
import { App, Button } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, apiPut } from '../../app/api.ts';
import { usePode } from '../../app/perfil.ts';
import { queryKeys } from '../../app/queryKeys.ts';
import { usePathParams } from '../../resources/pathParams.ts';
import { resourceByKey } from '../../resources/registry.ts';
import type { ResourceDef } from '../../resources/types.ts';
import { useResourceDetail } from '../../resources/useResourceApi.ts';
import { CHAVES_ORDEM } from './chaves.ts';

// The "Liberar" button of one product line or NF-e while the order awaits release (liberacaoitem); when it
// was released shows in the "Liberação" column. The last release sends the order to the carrier.
export function LiberarItem({ item }: { item: { uid: string; liberadoEm?: string | null } }) {
  const uid = usePathParams().uid ?? null;
  const ordem = useResourceDetail(resourceByKey('ordenscoleta') as ResourceDef, uid).data as OrdemColeta | undefined;
  const pode = usePode();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [enviando, setEnviando] = useState(false);
  if (item.liberadoEm) return null;
  if (ordem?.status !== 2 || !pode('ordenscoleta', 'alterar')) return null;
  async function liberar() {
    setEnviando(true);
    try {
      const r = await apiPut<OrdemColeta>(`/ordenscoleta/${uid}/liberacaoitem`, { itemUid: item.uid });
      message.success(r.data.status === 3 ? 'Todos os itens liberados: ordem enviada para a transportadora.' : 'Item liberado.');
      await Promise.all(CHAVES_ORDEM.map((k) => qc.invalidateQueries({ queryKey: queryKeys.resource(k).all })));
    } catch (e) {
      if (e instanceof ApiError) message.error(e.message);
      else throw e;
    } finally {
      setEnviando(false);
    }
  }
  return (
    <Button size="small" type="primary" icon={<CheckCircleOutlined />} loading={enviando} onClick={liberar}>
      Liberar
    </Button>
  );
}
