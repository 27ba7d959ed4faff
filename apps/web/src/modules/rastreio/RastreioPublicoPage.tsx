import { type RastreioPublico, formatarData } from '@fretio/core';
import { useQuery } from '@tanstack/react-query';
import { Card, Descriptions, Empty, Flex, Result, Skeleton, Timeline, Typography } from 'antd';
import { useParams } from 'react-router';
import { TagStatusRastreio } from './comum.tsx';

// The customer's page (no sign-in): the shipper's logo, status, promised date and the events of one note, and nothing else.
const dia = (v: string | null) => (v ? v.split('-').reverse().join('/') : '—');

async function buscar(token: string, signal: AbortSignal): Promise<RastreioPublico> {
  const res = await fetch(`/api/public/rastreio/${encodeURIComponent(token)}`, { signal, headers: { accept: 'application/json' } });
  const corpo = await res.json().catch(() => null);
  if (!res.ok) throw Object.assign(new Error(corpo?.message ?? 'Rastreamento não encontrado.'), { status: res.status });
  return corpo.data as RastreioPublico;
}

export function RastreioPublicoPage() {
  const { token = '' } = useParams();
  const q = useQuery({ queryKey: ['rastreio-publico', token], queryFn: ({ signal }) => buscar(token, signal), retry: false });
  const r = q.data;
  return (
    <Flex justify="center" style={{ padding: 24, minHeight: '100vh', background: '#f5f5f5' }}>
      <div style={{ width: '100%', maxWidth: 720 }}>
        {q.isError ? (
          <Result status="404" title="Rastreamento não encontrado" subTitle="Confira o link recebido." />
        ) : !r ? (
          <Card>
            <Skeleton active />
          </Card>
        ) : (
          <Card>
            <Flex align="center" gap={12}>
              {r.logoUrl && <img src={r.logoUrl} alt={`Logotipo de ${r.embarcadorNome}`} style={{ maxHeight: 48, maxWidth: 160, objectFit: 'contain' }} data-testid="logo-embarcador" />}
              <Typography.Text type="secondary">{r.embarcadorNome}</Typography.Text>
            </Flex>
            <Flex align="center" gap={12} wrap style={{ margin: '4px 0 16px' }}>
              <Typography.Title level={3} style={{ margin: 0 }} data-testid="titulo-rastreio-publico">
                Nota fiscal {r.numero}
              </Typography.Title>
              <TagStatusRastreio status={r.status} />
            </Flex>
            <Descriptions size="small" column={1} bordered style={{ marginBottom: 16 }}>
              <Descriptions.Item label="Previsão de entrega">{dia(r.dataPrevista)}</Descriptions.Item>
              <Descriptions.Item label="Entrega">{dia(r.dataEntrega)}</Descriptions.Item>
              <Descriptions.Item label="Destino">{r.destino ?? '—'}</Descriptions.Item>
              <Descriptions.Item label="Transportadora">{r.transportadorNome ?? '—'}</Descriptions.Item>
            </Descriptions>
            {r.eventos.length ? (
              <Timeline items={r.eventos.map((e, i) => ({ key: i, children: `${formatarData(e.dataHora, true)} — ${e.descricao}` }))} />
            ) : (
              <Empty description="Ainda sem eventos." />
            )}
          </Card>
        )}
      </div>
    </Flex>
  );
}
