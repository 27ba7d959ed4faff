import { formatarData, statusLabel } from '@fretio/core';
import { Card, Empty, Skeleton, Timeline, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../app/api.ts';
import { usePode } from '../../app/perfil.ts';
import { queryKeys } from '../../app/queryKeys.ts';
import { Anexos } from '../../resources/anexos/Anexos.tsx';
import { ParentTabs } from '../../resources/ParentTabs.tsx';
import { usePathParams } from '../../resources/pathParams.ts';
import { resourceByKey } from '../../resources/registry.ts';
import type { ResourceDef } from '../../resources/types.ts';
import { useResourceDetail } from '../../resources/useResourceApi.ts';

// The order's own tabs beside products and NF-es: attachments (editable while a draft) and the
// timeline of its audit trail (who, when, status before → after, justification).

export function AnexosOrdemPage({ def }: { def: ResourceDef }) {
  const uid = usePathParams().uid ?? '';
  const ordem = useResourceDetail(resourceByKey('ordenscoleta') as ResourceDef, uid).data as { status: number } | undefined;
  const pode = usePode();
  return (
    <>
      <ParentTabs def={def} />
      <Card>
        <Anexos api={`/ordenscoleta/${uid}/anexos`} podeAlterar={pode('ordenscoleta', 'alterar') && ordem?.status === 1} />
      </Card>
    </>
  );
}

type Evento = { uid: string; acao: string; usuarioNome: string | null; em: string; statusAntes: number | null; statusDepois: number | null; justificativa: string | null };
const ACAO: Record<string, string> = { criar: 'Criada', alterar: 'Alterada', status: 'Status alterado', liberacaoitem: 'Item liberado', confirmar: 'Confirmada pela transportadora', recusar: 'Recusada pela transportadora' };

export function HistoricoOrdemPage({ def }: { def: ResourceDef }) {
  const uid = usePathParams().uid ?? '';
  const q = useQuery({
    queryKey: [...queryKeys.resource('ordenscoleta-historico').all, uid],
    queryFn: async ({ signal }) => (await apiGet<{ data: Evento[] }>(`/ordenscoleta/${uid}/historico`, undefined, signal)).data.data,
    enabled: !!uid,
  });
  return (
    <>
      <ParentTabs def={def} />
      <Card>
        {q.isLoading ? (
          <Skeleton active />
        ) : !q.data?.length ? (
          <Empty description="Sem eventos" />
        ) : (
          <Timeline
            data-testid="historico"
            items={q.data.map((e) => ({
              key: e.uid,
              children: (
                <>
                  <Typography.Text strong>{ACAO[e.acao] ?? e.acao}</Typography.Text>
                  {e.statusDepois !== null && e.statusAntes !== e.statusDepois && (
                    <> — {e.statusAntes === null ? '' : `${statusLabel('ordemColeta', e.statusAntes)} → `}{statusLabel('ordemColeta', e.statusDepois)}</>
                  )}
                  <div>
                    <Typography.Text type="secondary">
                      {formatarData(e.em, true)} · {e.usuarioNome ?? 'sistema'}
                    </Typography.Text>
                  </div>
                  {e.justificativa && <div>{e.justificativa}</div>}
                </>
              ),
            }))}
          />
        )}
      </Card>
    </>
  );
}
