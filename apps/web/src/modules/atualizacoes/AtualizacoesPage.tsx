import type { z } from '@fretio/core';
import type { atualizacao } from '@fretio/core';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Spin, Tag, Timeline, Typography } from 'antd';
import { apiGet, type ListPage } from '../../app/api.ts';
import { queryKeys } from '../../app/queryKeys.ts';

// The product's update history (CHANGELOG.md of the repository, served by GET /atualizacoes).
type Atualizacao = z.infer<typeof atualizacao>;
const dataBr = (iso: string) => iso.split('-').reverse().join('/');

export function AtualizacoesPage() {
  const q = useQuery({
    queryKey: queryKeys.resource('atualizacoes').list({ pps: 100 }),
    queryFn: async ({ signal }) => (await apiGet<ListPage<Atualizacao>>('/atualizacoes', { pps: 100 }, signal)).data,
    staleTime: 5 * 60_000,
  });
  return (
    <Card title="Atualizações do Fretio">
      {q.isLoading && <Spin />}
      {q.isError && <Alert type="error" title="Não foi possível carregar as atualizações." />}
      {q.data && (
        <Timeline
          items={q.data.data.map((a) => ({
            key: a.versao,
            content: (
              <div>
                <Typography.Title level={5} style={{ margin: 0 }}>
                  <Tag color="blue">{a.versao}</Tag> {a.titulo} <Typography.Text type="secondary">— {dataBr(a.data)}</Typography.Text>
                </Typography.Title>
                <ul style={{ marginTop: 4 }}>{a.notas.map((n) => <li key={n}>{n}</li>)}</ul>
              </div>
            ),
          }))}
        />
      )}
    </Card>
  );
}
