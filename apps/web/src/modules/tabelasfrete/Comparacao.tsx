import { CheckOutlined } from '@ant-design/icons';
import { type ComparacaoTabelas, type TabelaFreteCompleta, formatarDinheiro } from '@fretio/core';
import { Alert, App, Button, Flex, Skeleton, Space, Statistic, Table, Typography } from 'antd';
import { usePode } from '../../app/perfil.ts';
import { useAprovarTabela, useComparacaoTabela } from './hooks.ts';

// "Comparação" tab of the editor (maker–checker): the same sample loads priced by this table and by
// the one it replaces, per route, with the % change — and, for a table in Validação, the approval
// (activation by another user with the permission "Aprovar") beside it.

type RotaComparada = ComparacaoTabelas['rotas'][number];
type Amostra = RotaComparada['amostras'][number];

const reais = (v: number | null) => (v === null ? '—' : `R$ ${formatarDinheiro(v)}`);
export const variacaoTexto = (v: number | null) => (v === null ? '—' : `${v > 0 ? '+' : ''}${formatarDinheiro(v)} %`);
const corVariacao = (v: number | null) => (v === null || v === 0 ? undefined : v > 0 ? '#cf1322' : '#389e0d');

function Variacao({ v }: { v: number | null }) {
  return <span style={{ color: corVariacao(v) }}>{variacaoTexto(v)}</span>;
}

export function ComparacaoTabela({ tabela }: { tabela: TabelaFreteCompleta }) {
  const q = useComparacaoTabela(tabela.uid);
  const pode = usePode();
  const { message } = App.useApp();
  const aprovar = useAprovarTabela(tabela.uid, {
    onSuccess: () => void message.success('Tabela aprovada: agora está ativa.'),
    onError: (e) => void message.error((e as Error).message),
  });
  const podeAprovar = tabela.status === 3 && !tabela.historica && pode('tabelasfrete', 'aprovar');

  if (q.isError) return <Alert type="error" showIcon title="Não foi possível comparar a tabela." description={q.error.message} />;
  const c = q.data;
  return (
    <div data-testid="comparacao-tabela">
      <Flex justify="space-between" align="start" wrap gap={16} style={{ marginBottom: 16 }}>
        <Space orientation="vertical" size={4}>
          <Typography.Text type="secondary">
            Frete sem imposto das mesmas cargas de amostra (50, 300, 1.000 e 5.000 kg; mercadoria a R$ 20/kg) em cada rota desta tabela.
          </Typography.Text>
          {c &&
            (c.anterior ? (
              <Typography.Text>
                Comparada com <Typography.Text strong>{c.anterior.nome}</Typography.Text> (versão {c.anterior.versao}).
              </Typography.Text>
            ) : (
              <Typography.Text>Não há tabela anterior do transportador para comparar: só os valores desta tabela.</Typography.Text>
            ))}
        </Space>
        <Space size="large" align="center">
          {c && c.variacaoPercentual !== null && (
            <Statistic
              title="Variação total"
              value={variacaoTexto(c.variacaoPercentual)}
              styles={{ content: { color: corVariacao(c.variacaoPercentual) } }}
            />
          )}
          {podeAprovar && (
            <Button type="primary" icon={<CheckOutlined />} loading={aprovar.isPending} onClick={() => aprovar.mutate()}>
              Aprovar e ativar
            </Button>
          )}
        </Space>
      </Flex>
      {!c ? (
        <Skeleton active />
      ) : (
        <Table<RotaComparada>
          rowKey="rotaUid"
          size="small"
          pagination={c.rotas.length > 20 ? { pageSize: 20 } : false}
          dataSource={c.rotas}
          expandable={{
            expandedRowRender: (r) => (
              <Table<Amostra>
                rowKey="pesoKg"
                size="small"
                pagination={false}
                dataSource={r.amostras}
                columns={[
                  { key: 'peso', title: 'Peso', render: (_v, a) => `${formatarDinheiro(a.pesoKg).replace(/,00$/, '')} kg` },
                  { key: 'valor', title: 'Mercadoria', render: (_v, a) => reais(a.valorMercadoria) },
                  { key: 'anterior', title: 'Anterior', align: 'right', render: (_v, a) => (a.anterior === null ? <span title={a.motivoAnterior ?? ''}>não cota</span> : reais(a.anterior)) },
                  { key: 'nova', title: 'Nova', align: 'right', render: (_v, a) => (a.nova === null ? <span title={a.motivoNova ?? ''}>não cota</span> : reais(a.nova)) },
                  { key: 'variacao', title: 'Variação', align: 'right', render: (_v, a) => <Variacao v={a.variacaoPercentual} /> },
                ]}
              />
            ),
          }}
          columns={[
            { key: 'origem', title: 'Origem', dataIndex: 'origem' },
            { key: 'destino', title: 'Destino', dataIndex: 'destino' },
            { key: 'anterior', title: 'Frete anterior (amostra)', align: 'right', render: (_v, r) => reais(r.totalAnterior) },
            { key: 'nova', title: 'Frete novo (amostra)', align: 'right', render: (_v, r) => reais(r.totalNova) },
            {
              key: 'variacao',
              title: 'Variação',
              align: 'right',
              render: (_v, r) => (
                <span data-testid={`variacao-${r.origem}-${r.destino}`}>
                  <Variacao v={r.variacaoPercentual} />
                </span>
              ),
            },
          ]}
        />
      )}
    </div>
  );
}
