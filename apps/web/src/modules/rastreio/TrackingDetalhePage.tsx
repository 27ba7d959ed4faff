import { type RastreioDetalhe, formatarData } from '@fretio/core';
import { useQuery } from '@tanstack/react-query';
import { Breadcrumb, Card, Descriptions, Empty, Flex, Result, Skeleton, Space, Timeline, Typography } from 'antd';
import { Link, useParams } from 'react-router';
import { type ApiError, apiGet } from '../../app/api.ts';
import { queryKeys } from '../../app/queryKeys.ts';
import { Anexos } from '../../resources/anexos/Anexos.tsx';
import type { ResourceDef } from '../../resources/types.ts';
import { CopiarLink, TagStatusRastreio } from './comum.tsx';

// One NF-e's tracking: promised date, delivery, status, the public link and the timeline of its events
// (each with its attachments, e.g. the photo of the signed receipt).
const dia = (v: string | null) => (v ? v.split('-').reverse().join('/') : '—');

export function TrackingDetalhePage(_p: { def: ResourceDef }) {
  const { uid } = useParams();
  const q = useQuery({
    queryKey: queryKeys.resource('tracking-detalhe').detail(uid ?? ''),
    queryFn: async ({ signal }) => (await apiGet<RastreioDetalhe>(`/tracking/${uid}`, undefined, signal)).data,
    enabled: !!uid,
  });
  const t = q.data;
  if (q.isError)
    return (
      <Result
        status={(q.error as ApiError).status === 404 ? '404' : 'error'}
        title="Não foi possível abrir o rastreamento."
        subTitle={q.error.message}
        extra={<Link to="/tracking">Voltar ao tracking</Link>}
      />
    );
  if (!t)
    return (
      <Card>
        <Skeleton active />
      </Card>
    );
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card>
        <Breadcrumb items={[{ title: <Link to="/tracking">Tracking de entregas</Link> }, { title: `NF ${t.numero}/${t.serie}` }]} />
        <Flex justify="space-between" align="center" wrap gap={12} style={{ margin: '8px 0 16px' }}>
          <Space wrap align="center">
            <Typography.Title level={3} style={{ margin: 0 }} data-testid="titulo-tracking">
              NF {t.numero}/{t.serie}
            </Typography.Title>
            <TagStatusRastreio status={t.status} />
          </Space>
          <CopiarLink token={t.token} texto />
        </Flex>
        <Descriptions size="small" column={{ xs: 1, md: 2, xl: 3 }} bordered>
          <Descriptions.Item label="Emissão">{formatarData(t.emissao)}</Descriptions.Item>
          <Descriptions.Item label="Previsão de entrega">
            {dia(t.dataPrevista)}
            {t.prazoDiasUteis !== null ? ` (${t.prazoDiasUteis} dia(s) útil(eis))` : ' (sem prazo cadastrado)'}
          </Descriptions.Item>
          <Descriptions.Item label="Entrega">{dia(t.dataEntrega)}</Descriptions.Item>
          <Descriptions.Item label="Dias de atraso">{t.diasAtraso || '—'}</Descriptions.Item>
          <Descriptions.Item label="Tentativas">{t.tentativas}</Descriptions.Item>
          <Descriptions.Item label="Transportador">{t.transportadorNome ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="Destinatário">{t.destinatarioNome ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="Destino">{[t.destinatarioMunicipio, t.destinatarioUf].filter(Boolean).join('/') || '—'}</Descriptions.Item>
          <Descriptions.Item label="Chave">{t.chave ?? '—'}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title="Eventos" extra={<Link to={`/eventos-ocorrencia?ftr_numeroNf=${t.numero}`}>Ver na lista de eventos</Link>}>
        {t.eventos.length === 0 ? (
          <Empty description="Nenhum evento para esta NF-e." />
        ) : (
          <Timeline
            items={t.eventos.map((e) => ({
              key: e.uid,
              color: e.acao === 1 ? 'green' : e.acao === null ? 'gray' : [2, 3, 4].includes(e.acao) ? 'red' : 'blue',
              children: (
                <div data-testid="evento-timeline">
                  <Typography.Text strong>{formatarData(e.dataHora, true)}</Typography.Text>{' '}
                  {e.ocorrenciaCodigo ? `${e.ocorrenciaCodigo} - ${e.ocorrenciaDescricao}` : `Código ${e.codigoTransportador ?? '?'} (sem de-para)`}
                  <div>
                    <Typography.Text type="secondary">
                      {[e.transportadorNome, e.responsavel, e.local, e.observacao].filter(Boolean).join(' · ')}
                    </Typography.Text>
                  </div>
                  <Anexos api={`/eventos-ocorrencia/${e.uid}/anexos`} podeAlterar={false} titulo="Anexos" />
                </div>
              ),
            }))}
          />
        )}
      </Card>
    </Space>
  );
}
