import { REGIMES_PIS_COFINS, REGIMES_TRIBUTARIOS, type TributoGeralItem, rotuloEnum } from '@fretio/core';
import { Alert, Card, Col, Descriptions, Row, Skeleton, Table, Tag, Typography } from 'antd';
import { RecordForm, useRegistro } from '../../resources/RecordForm.tsx';
import { formatarPercentual } from '../../resources/fields/PercentInput.tsx';
import type { ResourceDef } from '../../resources/types.ts';

// General taxation: the shipper's own settings (PUT ?default=false) next to the system default
// (GET ?default=true), and the rates in force today (internal ICMS per UF, PIS/COFINS, ISS bounds).
const simNao = (v: boolean) => (v ? <Tag color="success">Sim</Tag> : <Tag>Não</Tag>);

function Resumo({ t }: { t: TributoGeralItem }) {
  return (
    <Descriptions
      size="small"
      column={1}
      bordered
      items={[
        { key: 'regime', label: 'Regime tributário', children: rotuloEnum(REGIMES_TRIBUTARIOS, t.regimeTributario) },
        { key: 'pisCofins', label: 'Regime de PIS/COFINS', children: rotuloEnum(REGIMES_PIS_COFINS, t.regimePisCofins) },
        { key: 'calculaIcms', label: 'Calcula ICMS', children: simNao(t.calculaIcms) },
        { key: 'icmsIncluso', label: 'ICMS incluso nos preços', children: simNao(t.icmsIncluso) },
        { key: 'creditoIcms', label: 'Crédito de ICMS', children: simNao(t.creditoIcms) },
        { key: 'calculaPisCofins', label: 'Calcula PIS/COFINS', children: simNao(t.calculaPisCofins) },
        { key: 'creditoPisCofins', label: 'Crédito de PIS/COFINS', children: simNao(t.creditoPisCofins) },
        { key: 'calculaIss', label: 'Calcula ISS', children: simNao(t.calculaIss) },
      ]}
    />
  );
}

export function TributoGeralPage({ def }: { def: ResourceDef }) {
  const proprio = useRegistro<TributoGeralItem>(def, def.listQuery);
  const padrao = useRegistro<TributoGeralItem>(def, { default: 'true' });
  const t = proprio.data;
  return (
    <Row gutter={[16, 16]}>
      <Col span={24}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {def.label}
        </Typography.Title>
        <Typography.Text type="secondary">{def.description}</Typography.Text>
      </Col>
      <Col xs={24} xl={14}>
        <Card title="Do embarcador" extra={t?.padrao && <Tag color="gold">Usando o padrão do sistema</Tag>}>
          <RecordForm def={def} />
        </Card>
      </Col>
      <Col xs={24} xl={10}>
        <Card title="Padrão do sistema">
          {padrao.isError ? (
            <Alert type="error" showIcon title={padrao.error.message} />
          ) : padrao.data ? (
            <Resumo t={padrao.data} />
          ) : (
            <Skeleton active />
          )}
        </Card>
      </Col>
      {t && (
        <Col span={24}>
          <Card title="Alíquotas em vigor hoje">
            <Descriptions
              size="small"
              column={{ xs: 1, md: 2, xl: 3 }}
              style={{ marginBottom: 16 }}
              items={[
                { key: 'pis', label: 'PIS', children: formatarPercentual(t.aliquotaPis) },
                { key: 'cofins', label: 'COFINS', children: formatarPercentual(t.aliquotaCofins) },
                { key: 'importado', label: 'ICMS de importados', children: formatarPercentual(t.aliquotaIcmsImportado) },
                {
                  key: 'iss',
                  label: 'ISS',
                  children: `${formatarPercentual(t.aliquotaIssMinima)} a ${formatarPercentual(t.aliquotaIssMaxima)} (padrão ${formatarPercentual(t.aliquotaIssPadrao)})`,
                },
                { key: 'inter', label: 'ICMS interestadual', children: t.icmsInterestadual, span: 2 },
              ]}
            />
            {/* All 27 UFs at once, in three columns of nine (a scrolling box showed only 9). */}
            <Row gutter={[16, 16]}>
              {emTres(t.icmsInterno).map((parte, i) => (
                <Col key={parte[0]?.uf ?? i} xs={24} md={8}>
                  <Table
                    size="small"
                    rowKey="uf"
                    aria-label={`ICMS interno por UF (${i + 1} de 3)`}
                    dataSource={parte}
                    pagination={false}
                    columns={COLUNAS_ICMS}
                  />
                </Col>
              ))}
            </Row>
          </Card>
        </Col>
      )}
    </Row>
  );
}

const emTres = <T,>(itens: T[]): T[][] => {
  const n = Math.ceil(itens.length / 3);
  return [itens.slice(0, n), itens.slice(n, 2 * n), itens.slice(2 * n)].filter((p) => p.length);
};

const COLUNAS_ICMS = [
  { key: 'uf', dataIndex: 'uf', title: 'UF', width: 80 },
  { key: 'aliquota', dataIndex: 'aliquota', title: 'ICMS interno', render: (v: number) => formatarPercentual(v) },
  {
    key: 'fonte',
    dataIndex: 'fonte',
    title: 'Origem',
    render: (v: string) => (v === 'embarcador' ? <Tag color="blue">Regra do embarcador</Tag> : <Tag>Padrão legal</Tag>),
  },
];
