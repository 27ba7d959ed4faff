import { CloudDownloadOutlined } from '@ant-design/icons';
import { STATUS, SITUACOES_CTE, type cteDetalhe, statusDef } from '@fretio/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Breadcrumb, Button, Card, Col, Descriptions, Flex, Result, Row, Select, Skeleton, Space, Table, Tag, Typography } from 'antd';
import { Link, useParams } from 'react-router';
import type { z } from 'zod';
import { type ApiError, apiGet, apiPut } from '../../app/api.ts';
import { usePode, useToastErro } from '../../app/perfil.ts';
import { queryKeys } from '../../app/queryKeys.ts';
import { DateText } from '../../resources/fields/DateText.tsx';
import type { ResourceDef } from '../../resources/types.ts';
import { AvisoConferencia, Chave, LugarTexto, ParteTexto, TagConferencia, formatarPeso, reais } from '../nfes/comum.tsx';
import { modalCte, tipoCte, tipoServico, tipoTomador } from './rotulos.ts';

// One CT-e: header and status, parties, route, values, components, ICMS, the NF-es it cites (linked
// when imported), the original of a complement/substitute and the complements of this one, the XML.
type CteDetalhe = z.infer<typeof cteDetalhe>;
const dinheiro = (v: number | null | undefined) => reais(v);
const lugar = (l: { municipio: string | null; municipioIbge: string | null; uf: string | null }) => <LugarTexto lugar={l} />;

function AlterarStatus({ c }: { c: CteDetalhe }) {
  const pode = usePode();
  const qc = useQueryClient();
  const { message } = App.useApp();
  const toastErro = useToastErro();
  const muda = useMutation({
    mutationFn: (status: number) => apiPut(`/documentos/ctes/${c.uid}/status`, { status }),
    onSuccess: (r) => {
      message.success(r.message);
      void qc.invalidateQueries({ queryKey: queryKeys.resource('ctes').all });
    },
    onError: toastErro,
  });
  const atual = statusDef('cte', c.status);
  if (!pode('ctes', 'alterar') || !atual?.next.length || c.cancelado) return <Tag color={atual?.color}>{atual?.label ?? c.status}</Tag>;
  return (
    <Select
      aria-label="Status do CT-e"
      style={{ minWidth: 150 }}
      value={c.status}
      loading={muda.isPending}
      onChange={(v: number) => muda.mutate(v)}
      options={STATUS.cte.values.filter((s) => s.value === c.status || atual.next.includes(s.value)).map((s) => ({ value: s.value, label: s.label }))}
    />
  );
}

export function CteDetalhePage(_p: { def: ResourceDef }) {
  const { uid } = useParams();
  const q = useQuery({
    queryKey: queryKeys.resource('ctes').detail(uid ?? ''),
    queryFn: async ({ signal }) => (await apiGet<CteDetalhe>(`/documentos/ctes/${uid}`, undefined, signal)).data,
    enabled: !!uid,
  });
  const c = q.data;
  if (q.isError) {
    return (
      <Result
        status={(q.error as ApiError).status === 404 ? '404' : 'error'}
        title="Não foi possível abrir o CT-e."
        subTitle={q.error.message}
        extra={<Link to="/documentos/ctes">Voltar aos CT-e</Link>}
      />
    );
  }
  if (!c) return <Card><Skeleton active /></Card>;
  const situacao = SITUACOES_CTE.find((s) => s.value === c.situacao);
  const complemento = c.tipoCte === 1 || c.tipoCte === 3;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card>
        <Breadcrumb items={[{ title: <Link to="/documentos/ctes">CT-e</Link> }, { title: `Nº ${c.numero}` }]} />
        <Flex justify="space-between" align="center" wrap gap={12} style={{ margin: '8px 0 16px' }}>
          <Space wrap align="center">
            <Typography.Title level={3} style={{ margin: 0 }} data-testid="titulo-cte">
              {c.modelo === 67 ? 'CT-e OS' : 'CT-e'} {c.numero} · série {c.serie}
            </Typography.Title>
            <Tag>{tipoCte(c.tipoCte)}</Tag>
            {c.cancelado && <Tag color="error">Cancelado</Tag>}
            {situacao && <Tag title={situacao.descricao}>{situacao.label}</Tag>}
            <TagConferencia r={c} />
          </Space>
          <Space wrap>
            <AlterarStatus c={c} />
            <Button icon={<CloudDownloadOutlined />} href={`/api/download/cte/${c.uid}`} download>
              Baixar XML
            </Button>
          </Space>
        </Flex>
        <AvisoConferencia doc={c} documento="CT-e" />
        <Descriptions size="small" bordered column={{ xs: 1, md: 2, xl: 3 }}>
          <Descriptions.Item label="Chave de acesso" span={{ xs: 1, md: 2, xl: 3 }}><Chave chave={c.chave} /></Descriptions.Item>
          <Descriptions.Item label="Emissão"><DateText value={c.emissao} comHora /></Descriptions.Item>
          <Descriptions.Item label="CFOP">{c.cfop ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="Natureza da operação">{c.naturezaOperacao ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="Modal">{modalCte(c.modal)}</Descriptions.Item>
          <Descriptions.Item label="Tipo de serviço">{tipoServico(c.tipoServico)}</Descriptions.Item>
          <Descriptions.Item label="Protocolo">
            {c.protocolo ?? '—'}
            {c.dataAutorizacao && <Typography.Text type="secondary"> · <DateText value={c.dataAutorizacao} comHora /></Typography.Text>}
          </Descriptions.Item>
          {c.cancelado && <Descriptions.Item label="Cancelado em"><DateText value={c.canceladoEm} comHora /></Descriptions.Item>}
          <Descriptions.Item label="Transportador cadastrado">{c.transportadorCadastroNome ?? '—'}</Descriptions.Item>
          {complemento && (
            <Descriptions.Item label="CT-e original" span={{ xs: 1, md: 2, xl: 3 }} >
              <span data-testid="cte-original">
                {c.cteOriginalUid ? <Link to={`/documentos/ctes/${c.cteOriginalUid}`}>Abrir o CT-e original</Link> : 'Não importado'}
                {' · '}
                <Chave chave={c.chaveOriginal} />
              </span>
            </Descriptions.Item>
          )}
        </Descriptions>
      </Card>
      <Row gutter={[16, 16]}>
        {(
          [
            ['Emitente (transportador)', c.emitente],
            [`Tomador${c.tomador?.tipo !== null && c.tomador?.tipo !== undefined ? ` (${tipoTomador(c.tomador.tipo)})` : ''}`, c.tomador],
            ['Remetente', c.remetente],
            ['Destinatário', c.destinatario],
            ['Expedidor', c.expedidor],
            ['Recebedor', c.recebedor],
          ] as const
        )
          .filter(([, p], i) => i < 4 || p)
          .map(([titulo, p]) => (
            <Col xs={24} md={12} xl={8} key={titulo}>
              <Card size="small" title={titulo}><ParteTexto parte={p} /></Card>
            </Col>
          ))}
      </Row>
      <Card size="small" title="Prestação">
        <Descriptions size="small" column={{ xs: 1, md: 3 }} data-testid="cte-valores">
          <Descriptions.Item label="Origem">{lugar(c.origem)}</Descriptions.Item>
          <Descriptions.Item label="Destino">{lugar(c.destino)}</Descriptions.Item>
          <Descriptions.Item label="Peso da carga">{formatarPeso(c.pesoCarga)}</Descriptions.Item>
          <Descriptions.Item label="Peso cubado">{formatarPeso(c.pesoCubado)}</Descriptions.Item>
          <Descriptions.Item label="Peso base de cálculo">{formatarPeso(c.pesoBaseCalculo)}</Descriptions.Item>
          <Descriptions.Item label="Valor da prestação">{dinheiro(c.valorPrestacao)}</Descriptions.Item>
          <Descriptions.Item label="Valor a receber">{dinheiro(c.valorReceber)}</Descriptions.Item>
          <Descriptions.Item label="Valor da carga">{dinheiro(c.valorCarga)}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Card size="small" title="Componentes do frete">
            <Table
              size="small"
              rowKey={(_r, i) => String(i)}
              pagination={false}
              dataSource={c.componentes}
              locale={{ emptyText: 'O CT-e não discrimina componentes.' }}
              columns={[
                { key: 'nome', title: 'Componente', dataIndex: 'nome' },
                { key: 'valor', title: 'Valor', dataIndex: 'valor', align: 'right', render: dinheiro },
              ]}
              summary={() =>
                c.componentes.length ? (
                  <Table.Summary.Row>
                    <Table.Summary.Cell index={0}><strong>Total</strong></Table.Summary.Cell>
                    <Table.Summary.Cell index={1} align="right"><strong>{dinheiro(c.componentes.reduce((s, x) => s + Math.round(x.valor * 100), 0) / 100)}</strong></Table.Summary.Cell>
                  </Table.Summary.Row>
                ) : null
              }
            />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card size="small" title="ICMS">
            {c.icms ? (
              <Descriptions size="small" column={1} data-testid="cte-icms">
                <Descriptions.Item label="CST">{c.icms.cst === 'SN' ? 'Simples Nacional' : (c.icms.cst ?? '—')}</Descriptions.Item>
                <Descriptions.Item label="Base de cálculo">{dinheiro(c.icms.base)}</Descriptions.Item>
                <Descriptions.Item label="Alíquota">{c.icms.aliquota === null ? '—' : `${c.icms.aliquota.toLocaleString('pt-BR', { maximumFractionDigits: 4 })}%`}</Descriptions.Item>
                <Descriptions.Item label="Valor do ICMS">{dinheiro(c.icms.valor)}</Descriptions.Item>
              </Descriptions>
            ) : (
              <Typography.Text type="secondary">Sem ICMS informado.</Typography.Text>
            )}
          </Card>
        </Col>
      </Row>
      <Card size="small" title={`NF-e transportadas (${c.nfesVinculadas.length})`}>
        <Table
          size="small"
          rowKey="chave"
          pagination={c.nfesVinculadas.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
          dataSource={c.nfesVinculadas}
          data-testid="cte-nfes"
          locale={{ emptyText: 'O CT-e não cita NF-e.' }}
          columns={[
            { key: 'chave', title: 'Chave', dataIndex: 'chave', render: (v: string) => <Chave chave={v} /> },
            {
              key: 'numero',
              title: 'NF-e',
              dataIndex: 'numero',
              render: (v: number | null, r) => (r.nfeUid ? <Link to={`/documentos/nfes/${r.nfeUid}`}>NF-e {v}</Link> : <Tag>Ainda não importada</Tag>),
            },
            { key: 'emitenteNome', title: 'Emitente', dataIndex: 'emitenteNome', render: (v: string | null) => v ?? '—' },
          ]}
        />
      </Card>
      {c.complementos.length > 0 && (
        <Card size="small" title="Complementos e substitutos deste CT-e">
          <Table
            size="small"
            rowKey="uid"
            pagination={false}
            dataSource={c.complementos}
            columns={[
              { key: 'chave', title: 'CT-e', dataIndex: 'chave', render: (v: string, r) => <Link to={`/documentos/ctes/${r.uid}`}>{v}</Link> },
              { key: 'tipoCte', title: 'Tipo', dataIndex: 'tipoCte', render: (v: number | null) => tipoCte(v) },
              { key: 'valorPrestacao', title: 'Valor', dataIndex: 'valorPrestacao', align: 'right', render: dinheiro },
            ]}
          />
        </Card>
      )}
    </Space>
  );
}
