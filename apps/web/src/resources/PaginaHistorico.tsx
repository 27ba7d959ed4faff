import { type StatusKey, formatarData, statusLabel } from '@fretio/core';
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Skeleton, Timeline, Typography } from 'antd';
import { apiGet } from '../app/api.ts';
import { queryKeys } from '../app/queryKeys.ts';
import { ParentTabs } from './ParentTabs.tsx';
import { usePathParams } from './pathParams.ts';
import type { ResourceDef } from './types.ts';

// The "Histórico" tab of a record with a status machine: its audit rows (`{api}/{uid}/historico`) as a
// timeline — what was done, the status move, when, by whom ("sistema" when no user), and the justification.

type Evento = { uid: string; acao: string; usuarioNome: string | null; em: string; statusAntes: number | null; statusDepois: number | null; justificativa: string | null };

type Props = { def: ResourceDef; api: string; statusKey: StatusKey; acoes: Record<string, string> };

export function PaginaHistorico({ def, ...o }: Props) {
  const uid = usePathParams().uid ?? '';
  const q = useQuery({
    queryKey: [...queryKeys.resource(`${o.api}-historico`).all, uid],
    queryFn: async ({ signal }) => (await apiGet<{ data: Evento[] }>(`/${o.api}/${uid}/historico`, undefined, signal)).data.data,
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
                  <Typography.Text strong>{o.acoes[e.acao] ?? e.acao}</Typography.Text>
                  {e.statusDepois !== null && e.statusAntes !== e.statusDepois && (
                    <> — {e.statusAntes === null ? '' : `${statusLabel(o.statusKey, e.statusAntes)} → `}{statusLabel(o.statusKey, e.statusDepois)}</>
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
