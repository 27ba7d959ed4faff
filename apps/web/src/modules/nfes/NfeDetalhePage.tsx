import { CloudDownloadOutlined } from '@ant-design/icons';
import { TIPO_USUARIO, type nfeDetalhe, statusDef } from '@fretio/core';
import { useQuery } from '@tanstack/react-query';
import { Breadcrumb, Button, Card, Col, Descriptions, Flex, Result, Row, Skeleton, Space, Table, Tag, Typography } from 'antd';
import { Link, useParams } from 'react-router';
import type { z } from 'zod';
import { type ApiError, apiGet } from '../../app/api.ts';
import { usePerfil } from '../../app/perfil.ts';
import { queryKeys } from '../../app/queryKeys.ts';
import { DateText } from '../../resources/fields/DateText.tsx';
import type { ResourceDef } from '../../resources/types.ts';
import { AvisoConferencia, Chave, ParteTexto, TagConferencia, formatarNumero, formatarPeso, modalidadeFrete, reais } from './comum.tsx';

// One NF-e: header, parties, values and volumes, items, the CT-es that cite it, and the original XML.
type NfeDetalhe = z.infer<typeof nfeDetalhe>;
type Item = NfeDetalhe['itens'][number];
type CteRef = NfeDetalhe['ctes'][number];
type EmbarqueRef = NfeDetalhe['embarques'][number];

export function useNfe(uid: string | undefined) {
  return useQuery({
    queryKey: queryKeys.resource('nfes').detail(uid ?? ''),
    queryFn: async ({ signal }) => (await apiGet<NfeDetalhe>(`/documentos/nfes/${uid}`, undefined, signal)).data,
    enabled: !!uid,
  });
}

const AMBIENTE: Record<number, string> = { 1: 'Produção', 2: 'Homologação' };
const dinheiro = (v: number | null | undefined) => reais(v);

export function NfeDetalhePage(_p: { def: ResourceDef }) {
  const { uid } = useParams();
  const transportador = usePerfil().data?.tipoUsuario === TIPO_USUARIO.TRANSPORTADOR;
  const q = useNfe(uid);
  const n = q.data;
  if (q.isError) {
    return (
      <Result
        status={(q.error as ApiError).status === 404 ? '404' : 'error'}
        title="Não foi possível abrir a NF-e."
        subTitle={q.error.message}
        extra={<Link to="/documentos/nfes">Voltar às NF-e</Link>}
      />
    );
  }
  if (!n) return <Card><Skeleton active /></Card>;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card>
        <Breadcrumb items={[{ title: <Link to="/documentos/nfes">NF-e</Link> }, { title: `Nº ${n.numero}` }]} />
        <Flex justify="space-between" align="center" wrap gap={12} style={{ margin: '8px 0 16px' }}>
          <Space wrap align="center">
            <Typography.Title level={3} style={{ margin: 0 }} data-testid="titulo-nfe">
              NF-e {n.numero} · série {n.serie}
            </Typography.Title>
            {n.cancelada ? <Tag color="error">Cancelada</Tag> : n.protocolo ? <Tag color="success">Autorizada</Tag> : <Tag>Sem protocolo</Tag>}
            {n.virtual && <Tag color="purple">Virtual</Tag>}
            <TagConferencia r={n} />
          </Space>
          {!n.virtual && (
            <Button icon={<CloudDownloadOutlined />} href={`/api/download/nfe/${n.uid}`} download>
              Baixar XML
            </Button>
          )}
        </Flex>
        <AvisoConferencia doc={n} documento="NF-e" />
        <Descriptions size="small" bordered column={{ xs: 1, md: 2, xl: 3 }}>
          <Descriptions.Item label="Chave de acesso" span={{ xs: 1, md: 2, xl: 3 }}>
            <Chave chave={n.chave} />
          </Descriptions.Item>
          <Descriptions.Item label="Emissão"><DateText value={n.emissao} comHora /></Descriptions.Item>
          <Descriptions.Item label="Natureza da operação">{n.naturezaOperacao ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="Modelo">{n.modelo === 65 ? '65 (NFC-e)' : n.modelo}</Descriptions.Item>
          <Descriptions.Item label="Tipo">{n.tipoOperacao === 0 ? 'Entrada' : n.tipoOperacao === 1 ? 'Saída' : '—'}</Descriptions.Item>
          <Descriptions.Item label="Ambiente">{n.tipoAmbiente ? AMBIENTE[n.tipoAmbiente] ?? n.tipoAmbiente : '—'}</Descriptions.Item>
          <Descriptions.Item label="Protocolo">
            {n.protocolo ?? '—'}
            {n.dataAutorizacao && <Typography.Text type="secondary"> · <DateText value={n.dataAutorizacao} comHora /></Typography.Text>}
          </Descriptions.Item>
          {n.cancelada && <Descriptions.Item label="Cancelada em"><DateText value={n.canceladaEm} comHora /></Descriptions.Item>}
          <Descriptions.Item label="Unidade do embarcador">{n.unidadeEmbarcadorNome ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="Versão do layout">{n.versao ?? '—'}</Descriptions.Item>
          {n.observacao && <Descriptions.Item label="Observação">{n.observacao}</Descriptions.Item>}
        </Descriptions>
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={8}>
          <Card title="Emitente" size="small" data-testid="nfe-emitente"><ParteTexto parte={n.emitente} /></Card>
        </Col>
        <Col xs={24} lg={8}>
          <Card title="Destinatário" size="small" data-testid="nfe-destinatario">
            <ParteTexto parte={n.destinatario} />
            {n.destinatario?.idEstrangeiro && <Typography.Text type="secondary">Estrangeiro: {n.destinatario.idEstrangeiro}</Typography.Text>}
          </Card>
        </Col>
        <Col xs={24} lg={8}>
          <Card title="Transporte" size="small" data-testid="nfe-transporte">
            <div>Modalidade: {modalidadeFrete(n.modalidadeFrete)}</div>
            <ParteTexto parte={n.transportador} />
            {n.transportadorCadastroNome && <Typography.Text type="secondary">Cadastro: {n.transportadorCadastroNome}</Typography.Text>}
          </Card>
        </Col>
      </Row>
      <Card title="Valores e volumes" size="small">
        <Descriptions size="small" column={{ xs: 1, md: 3 }} data-testid="nfe-valores">
          <Descriptions.Item label="Valor total">{dinheiro(n.valorTotal)}</Descriptions.Item>
          <Descriptions.Item label="Valor dos produtos">{dinheiro(n.valorProdutos)}</Descriptions.Item>
          <Descriptions.Item label="Valor do frete">{dinheiro(n.valorFrete)}</Descriptions.Item>
          <Descriptions.Item label="Volumes">{formatarNumero(n.volumes, 0)}</Descriptions.Item>
          <Descriptions.Item label="Peso bruto">{formatarPeso(n.pesoBruto)}</Descriptions.Item>
          <Descriptions.Item label="Peso líquido">{formatarPeso(n.pesoLiquido)}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title={`Itens (${n.quantidadeItens})`} size="small">
        <Table<Item>
          size="small"
          rowKey="numero"
          dataSource={n.itens}
          scroll={{ x: 'max-content' }}
          pagination={n.itens.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
          columns={[
            { key: 'numero', title: 'Nº', dataIndex: 'numero', width: 60 },
            { key: 'codigo', title: 'Código', dataIndex: 'codigo' },
            { key: 'descricao', title: 'Descrição', dataIndex: 'descricao' },
            { key: 'ncm', title: 'NCM', dataIndex: 'ncm' },
            { key: 'cfop', title: 'CFOP', dataIndex: 'cfop' },
            { key: 'quantidade', title: 'Quantidade', dataIndex: 'quantidade', align: 'right', render: (v: number | null) => formatarNumero(v, 4) },
            { key: 'unidade', title: 'Unidade', dataIndex: 'unidade' },
            { key: 'valorUnitario', title: 'Valor unitário', dataIndex: 'valorUnitario', align: 'right', render: (v: number | null) => reais(v, 4) },
            { key: 'valor', title: 'Valor', dataIndex: 'valor', align: 'right', render: dinheiro },
          ]}
        />
      </Card>
      <Card title="CT-e que citam esta nota" size="small">
        <Table<CteRef>
          size="small"
          rowKey="uid"
          dataSource={n.ctes}
          pagination={false}
          locale={{ emptyText: 'Nenhum CT-e importado cita esta NF-e.' }}
          data-testid="nfe-ctes"
          columns={[
            { key: 'numero', title: 'Número', dataIndex: 'numero', render: (v: number, r) => <Link to={`/documentos/ctes/${r.uid}`}>CT-e {v}</Link> },
            { key: 'chave', title: 'Chave', dataIndex: 'chave', render: (v: string) => <Chave chave={v} /> },
            { key: 'emitenteNome', title: 'Transportador (emitente)', dataIndex: 'emitenteNome', render: (v: string | null) => v ?? '—' },
            { key: 'cancelado', title: 'Situação', dataIndex: 'cancelado', render: (v: boolean) => (v ? <Tag color="error">Cancelado</Tag> : <Tag color="success">Ativo</Tag>) },
          ]}
        />
      </Card>
      {/* Carriers see no shipments (they are the shipper's): the API sends none, and the card is left out. */}
      {!transportador && (
        <Card title="Embarques que levam esta nota" size="small">
          <Table<EmbarqueRef>
            size="small"
            rowKey="uid"
            dataSource={n.embarques}
            pagination={false}
            locale={{ emptyText: 'Nenhum embarque leva esta NF-e.' }}
            data-testid="nfe-embarques"
            columns={[
              { key: 'numero', title: 'Embarque', dataIndex: 'numero', render: (v: number, r) => <Link to={`/embarque/${r.uid}/detalhe`}>Embarque {v}</Link> },
              {
                key: 'status',
                title: 'Status',
                dataIndex: 'status',
                render: (v: number) => {
                  const s = statusDef('embarque', v);
                  return <Tag color={s?.color}>{s?.label ?? v}</Tag>;
                },
              },
            ]}
          />
        </Card>
      )}
    </Space>
  );
}
