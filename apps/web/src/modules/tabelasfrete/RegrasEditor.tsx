import { DeleteOutlined, EditOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import { BASES_REGRA, CALCULOS_REGRA, MODOS_FAIXA, MSG, type RegraItem, type TabelaFreteCompleta, formatarDinheiro } from '@fretio/core';
import { App, Button, Col, Drawer, Flex, Form, InputNumber, Popconfirm, Row, Select, Space, Switch, Table, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import type { ApiError } from '../../app/api.ts';
import { useToastErro } from '../../app/perfil.ts';
import { MoneyInput } from '../../resources/fields/MoneyInput.tsx';
import { useDescarte } from '../../resources/descarte.ts';
import { aplicarErrosNoForm } from '../../resources/formErrors.ts';
import { useComponentesAtivos } from '../componentes/hooks.ts';
import { descricaoLocal, LocalRefInput, type LocalValor, localRule, paraLocalRef } from '../regioes/LocalRefInput.tsx';
import { useExcluirRegra, useSalvarRegra, useTabelaCompleta, useTiposFaixa } from './hooks.ts';
import { BASE_LABEL, CALCULO_LABEL, MODO_FAIXA_LABEL, MODO_RESTRICAO_LABEL, rotuloBase, rotuloCalculo } from './rotulos.ts';

// The rules of a table — of one route (rotasComponente) or table-wide (generalidades): the list and
// the rule form, with the inline ranges grid of a FAIXA rule. The server validates the whole rule
// (overlapping or out-of-order ranges, missing values) and its errors land on the field or range row.
type Faixa = { ate: number | null; valor: number | null; modo: (typeof MODOS_FAIXA)[number] };
type ValoresRegra = {
  componente?: string;
  base?: string;
  calculo?: string;
  valor?: number | null;
  minimo?: number | null;
  maximo?: number | null;
  aposMinimo?: boolean;
  comparaFaixaSeguinte?: boolean;
  foraBaseTributo?: boolean;
  percentualValor?: number | null;
  restricaoUid?: string | null;
  origem?: LocalValor;
  destino?: LocalValor;
  faixas?: Faixa[];
};

const CAMPOS = [
  'componente',
  'base',
  'calculo',
  'valor',
  'minimo',
  'maximo',
  'aposMinimo',
  'comparaFaixaSeguinte',
  'foraBaseTributo',
  'percentualValor',
  'restricaoUid',
  'origem',
  'destino',
  'faixas',
];
const FAIXA_NOVA: Faixa = { ate: null, valor: null, modo: 'FIXO' };

/** A rate (percent, R$ per unit) has 4 decimals; a fixed amount 2. */
const casasDoValor = (calculo?: string) => (calculo === 'FIXO' ? 2 : 4);
const casasDaFaixa = (modo?: string) => (modo === 'FIXO' ? 2 : 4);

export function valorDaRegra(r: Pick<RegraItem, 'calculo' | 'valor' | 'faixas'>): string {
  if (r.calculo === 'FAIXA') return `${r.faixas.length} faixa${r.faixas.length === 1 ? '' : 's'}`;
  if (r.valor === null) return '—';
  if (r.calculo === 'PERCENTUAL') return `${formatarDinheiro(r.valor, 4)} %`;
  if (r.calculo === 'COMPARATIVO') return `R$ ${formatarDinheiro(r.valor, 4)}/kg`;
  return `R$ ${formatarDinheiro(r.valor, casasDoValor(r.calculo))}`;
}

const dinheiro = (v: number | null) => (v === null ? '—' : `R$ ${formatarDinheiro(v)}`);

type Props = {
  /** Collection of the rules, e.g. '/tabelasfrete/{uid}/generalidades'. */
  api: string;
  /** Sent with every rule (the route of route rules). */
  extra?: Record<string, unknown>;
  regras: RegraItem[];
  titulo: string;
  descricao?: string;
  readOnly?: boolean;
  /** Location surcharges (adicionais): the rule carries the origin/destination where it applies. */
  comLocal?: boolean;
};

export function RegrasEditor({ api, extra, regras, titulo, descricao, readOnly = false, comLocal = false }: Props) {
  const [editando, setEditando] = useState<{ regra: RegraItem | null; n: number; open: boolean } | null>(null);
  const { message } = App.useApp();
  const toastErro = useToastErro();
  const excluir = useExcluirRegra(api, {
    onSuccess: (r) => message.success(r.message || MSG.excluidoComSucesso),
    onError: toastErro,
  });
  const abrir = (regra: RegraItem | null) => setEditando({ regra, n: Date.now(), open: true });

  return (
    <div data-testid="regras">
      <Flex justify="space-between" align="start" wrap gap={8} style={{ marginBottom: 12 }}>
        <div>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {titulo}
          </Typography.Title>
          {descricao && <Typography.Text type="secondary">{descricao}</Typography.Text>}
        </div>
        {!readOnly && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => abrir(null)}>
            Adicionar regra
          </Button>
        )}
      </Flex>
      <Table<RegraItem>
        rowKey="uid"
        size="small"
        scroll={{ x: 'max-content' }}
        dataSource={regras}
        pagination={false}
        locale={{ emptyText: 'Nenhuma regra cadastrada' }}
        expandable={{
          rowExpandable: (r) => r.calculo === 'FAIXA',
          expandedRowRender: (r) => <FaixasDaRegra faixas={r.faixas} />,
        }}
        columns={[
          {
            key: 'componente',
            title: 'Componente',
            render: (_v, r) => (
              <Space orientation="vertical" size={0}>
                <Typography.Text strong>{r.componente}</Typography.Text>
                {r.componenteNome && <Typography.Text type="secondary">{r.componenteNome}</Typography.Text>}
                {r.restricao && <Tag color="orange">{MODO_RESTRICAO_LABEL[r.restricao.modo]} vinculados</Tag>}
                {r.restricaoUid && <RestricaoDaRegra api={api} uid={r.restricaoUid} />}
              </Space>
            ),
          },
          ...(comLocal
            ? [
                { key: 'origem', title: 'Origem', render: (_v: unknown, r: RegraItem) => descricaoLocal(r.origem) },
                { key: 'destino', title: 'Destino', render: (_v: unknown, r: RegraItem) => descricaoLocal(r.destino) },
              ]
            : []),
          { key: 'base', title: 'Base', render: (_v, r) => rotuloBase(r.base) },
          { key: 'calculo', title: 'Cálculo', render: (_v, r) => rotuloCalculo(r.calculo) },
          { key: 'valor', title: 'Valor', align: 'right', render: (_v, r) => valorDaRegra(r) },
          { key: 'minimo', title: 'Mínimo', align: 'right', render: (_v, r) => dinheiro(r.minimo) },
          { key: 'maximo', title: 'Máximo', align: 'right', render: (_v, r) => dinheiro(r.maximo) },
          { key: 'aposMinimo', title: 'Após mínimo', render: (_v, r) => (r.aposMinimo ? <Tag color="purple">Sim</Tag> : 'Não') },
          {
            key: 'opcoes',
            title: 'Opções',
            render: (_v, r) => (
              <Space size={2} wrap>
                {r.foraBaseTributo && <Tag color="gold">Fora da base do imposto</Tag>}
                {r.comparaFaixaSeguinte && <Tag color="blue">Compara com a faixa seguinte</Tag>}
                {r.calculo === 'COMPARATIVO' && r.percentualValor !== null && <Tag>{formatarDinheiro(r.percentualValor, 4)} % do valor</Tag>}
              </Space>
            ),
          },
          {
            key: 'acoes',
            title: 'Ações',
            width: 1,
            render: (_v, r) =>
              readOnly ? (
                <Button type="link" size="small" icon={<EyeOutlined />} onClick={() => abrir(r)}>
                  Visualizar
                </Button>
              ) : (
                <Space size={0}>
                  <Button type="link" size="small" icon={<EditOutlined />} onClick={() => abrir(r)}>
                    Editar
                  </Button>
                  <Popconfirm
                    title={`Excluir a regra ${r.componente}?`}
                    okText="Excluir"
                    cancelText="Cancelar"
                    okButtonProps={{ danger: true }}
                    onConfirm={() => excluir.mutateAsync(r.uid).catch(() => undefined)}
                  >
                    <Button
                      type="link"
                      size="small"
                      danger
                      icon={<DeleteOutlined />}
                      loading={excluir.isPending && excluir.variables === r.uid}
                    >
                      Excluir
                    </Button>
                  </Popconfirm>
                </Space>
              ),
          },
        ]}
      />
      {editando && (
        <RegraForm
          key={editando.n}
          api={api}
          extra={extra}
          regra={editando.regra}
          comLocal={comLocal}
          open={editando.open}
          readOnly={readOnly}
          onClose={() => setEditando((e) => (e ? { ...e, open: false } : e))}
          onAfterClose={() => setEditando(null)}
        />
      )}
    </div>
  );
}

function FaixasDaRegra({ faixas }: { faixas: RegraItem['faixas'] }) {
  return (
    <Table
      size="small"
      rowKey="uid"
      pagination={false}
      dataSource={faixas}
      style={{ maxWidth: 560 }}
      columns={[
        { key: 'ordem', title: 'Faixa', render: (_v, _f, i) => i + 1, width: 70 },
        { key: 'ate', title: 'Até', render: (_v, f) => (f.ate === null ? 'sem limite' : f.ate.toLocaleString('pt-BR')) },
        { key: 'valor', title: 'Valor', align: 'right', render: (_v, f) => `R$ ${formatarDinheiro(f.valor, casasDaFaixa(f.modo))}` },
        { key: 'modo', title: 'Modo', render: (_v, f) => MODO_FAIXA_LABEL[f.modo] },
      ]}
    />
  );
}

type FormProps = {
  api: string;
  extra?: Record<string, unknown>;
  regra: RegraItem | null;
  comLocal: boolean;
  open: boolean;
  readOnly: boolean;
  onClose: () => void;
  onAfterClose: () => void;
};

function RegraForm({ api, extra, regra, comLocal, open, readOnly, onClose, onAfterClose }: FormProps) {
  const [form] = Form.useForm<ValoresRegra>();
  const { message } = App.useApp();
  const descarte = useDescarte(form, open && !readOnly);
  const componentes = useComponentesAtivos();
  const calculo = Form.useWatch('calculo', form);
  const componente = Form.useWatch('componente', form);
  // Several restrictions of one component: the rule names the one it follows.
  const restricoes = useRestricoesDaTabela(api).filter((x) => x.componente === componente);
  const salvar = useSalvarRegra(api, regra?.uid ?? null, { onSuccess: () => message.success(MSG.salvoComSucesso) });
  // A rule of a component no longer active is still shown by its code.
  const opcoesComponente = (componentes.data ?? []).map((c) => ({ value: c.codigo, label: `${c.codigo} - ${c.nome}` }));
  if (regra && !opcoesComponente.some((o) => o.value === regra.componente)) {
    opcoesComponente.unshift({
      value: regra.componente,
      label: `${regra.componente}${regra.componenteNome ? ` - ${regra.componenteNome}` : ''}`,
    });
  }

  useEffect(() => {
    if (!regra) return;
    form.setFieldsValue({
      componente: regra.componente,
      base: regra.base,
      calculo: regra.calculo,
      valor: regra.valor,
      minimo: regra.minimo,
      maximo: regra.maximo,
      aposMinimo: regra.aposMinimo,
      comparaFaixaSeguinte: regra.comparaFaixaSeguinte,
      foraBaseTributo: regra.foraBaseTributo,
      percentualValor: regra.percentualValor,
      restricaoUid: regra.restricaoUid,
      origem: regra.origem,
      destino: regra.destino,
      faixas: regra.faixas.map((f) => ({ ate: f.ate, valor: f.valor, modo: f.modo })),
    });
  }, [regra, form]);

  async function onFinish(v: ValoresRegra) {
    const faixa = v.calculo === 'FAIXA';
    const body = {
      ...extra,
      componente: v.componente,
      base: v.base,
      calculo: v.calculo,
      valor: faixa ? null : (v.valor ?? null),
      minimo: v.minimo ?? null,
      maximo: v.maximo ?? null,
      aposMinimo: !!v.aposMinimo,
      comparaFaixaSeguinte: faixa && !!v.comparaFaixaSeguinte,
      foraBaseTributo: !!v.foraBaseTributo,
      percentualValor: v.calculo === 'COMPARATIVO' ? (v.percentualValor ?? null) : null,
      restricaoUid: v.restricaoUid ?? null,
      ...(comLocal ? { origem: paraLocalRef(v.origem), destino: paraLocalRef(v.destino) } : {}),
      ...(faixa ? { faixas: (v.faixas ?? []).map((f) => ({ ate: f.ate ?? null, valor: f.valor ?? 0, modo: f.modo })) } : {}),
    };
    try {
      await salvar.mutateAsync(body);
      descarte.salvo();
      onClose();
    } catch (e) {
      const err = e as ApiError;
      if (err.status === 401) return;
      const semCampo = aplicarErrosNoForm(form, e, CAMPOS, ['faixas']);
      message.error([err.message || MSG.erroSalvar, ...semCampo].join(' '));
    }
  }

  const formId = `form-regra-${regra?.uid ?? 'nova'}`;
  // Cancelar, the drawer's ✕ and Escape ask before discarding what was typed.
  const fechar = () => descarte.sair(onClose);
  return (
    <Drawer
      open={open}
      size={760}
      title={regra ? `${readOnly ? 'Visualizar' : 'Editar'} regra ${regra.componente}` : 'Nova regra'}
      destroyOnHidden
      onClose={fechar}
      afterOpenChange={(v) => !v && onAfterClose()}
      footer={
        <Space style={{ width: '100%', justifyContent: 'flex-end' }}>
          <Button onClick={fechar}>{readOnly ? 'Fechar' : 'Cancelar'}</Button>
          {!readOnly && (
            <Button type="primary" htmlType="submit" form={formId} loading={salvar.isPending}>
              Salvar
            </Button>
          )}
        </Space>
      }
    >
      <Form<ValoresRegra>
        id={formId}
        form={form}
        layout="vertical"
        disabled={readOnly}
        initialValues={{ aposMinimo: false, foraBaseTributo: false, comparaFaixaSeguinte: false, faixas: [], origem: null, destino: null }}
        onFinish={onFinish}
        onValuesChange={(mudou: ValoresRegra) => {
          // A rule by ranges starts with one range to fill in.
          if (mudou.calculo === 'FAIXA' && !form.getFieldValue('faixas')?.length) form.setFieldValue('faixas', [{ ...FAIXA_NOVA }]);
        }}
        scrollToFirstError
      >
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="componente" label="Componente" rules={[{ required: true }]}>
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                placeholder="Selecione"
                loading={componentes.isFetching}
                options={opcoesComponente}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="base" label="Base" rules={[{ required: true }]}>
              <Select placeholder="Selecione" options={BASES_REGRA.map((b) => ({ value: b, label: BASE_LABEL[b] }))} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="calculo" label="Cálculo" rules={[{ required: true }]}>
              <Select placeholder="Selecione" options={CALCULOS_REGRA.map((c) => ({ value: c, label: CALCULO_LABEL[c] }))} />
            </Form.Item>
          </Col>
          {calculo && calculo !== 'FAIXA' && (
            <Col xs={24} md={12}>
              <Form.Item
                name="valor"
                label={
                  calculo === 'PERCENTUAL'
                    ? 'Percentual (%)'
                    : calculo === 'POR_UNIDADE'
                      ? 'Valor por unidade'
                      : calculo === 'COMPARATIVO'
                        ? 'R$ por kg taxado'
                        : 'Valor fixo'
                }
                rules={[{ required: calculo !== 'COMPARATIVO' }]}
                extra={calculo === 'PERCENTUAL' ? '0,3 = 0,30 % da base' : undefined}
              >
                <MoneyInput
                  key={calculo}
                  casas={casasDoValor(calculo)}
                  prefix={calculo === 'PERCENTUAL' ? false : 'R$'}
                  suffix={calculo === 'PERCENTUAL' ? '%' : undefined}
                />
              </Form.Item>
            </Col>
          )}
          {calculo === 'COMPARATIVO' && (
            <Col xs={24} md={12}>
              <Form.Item
                name="percentualValor"
                label="% do valor da mercadoria"
                extra="Cobra o maior entre o mínimo, R$/kg × peso taxado e este percentual do valor."
              >
                <MoneyInput casas={4} prefix={false} suffix="%" />
              </Form.Item>
            </Col>
          )}
          <Col xs={12} md={8}>
            <Form.Item name="minimo" label="Mínimo">
              <MoneyInput />
            </Form.Item>
          </Col>
          <Col xs={12} md={8}>
            <Form.Item name="maximo" label="Máximo">
              <MoneyInput />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="aposMinimo" label="Após o frete mínimo" valuePropName="checked" extra="Somado depois do frete mínimo da rota.">
              <Switch checkedChildren="Sim" unCheckedChildren="Não" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="foraBaseTributo"
              label="Fora do imposto (vale-pedágio)"
              valuePropName="checked"
              extra="Ex.: vale-pedágio (Lei 10.209/2001): somado depois do ICMS/ISS, sem imposto."
            >
              <Switch checkedChildren="Sim" unCheckedChildren="Não" />
            </Form.Item>
          </Col>
          {calculo === 'FAIXA' && (
            <Col xs={24} md={12}>
              <Form.Item
                name="comparaFaixaSeguinte"
                label="Compara com a faixa seguinte"
                valuePropName="checked"
                extra="Cobra o menor entre esta faixa e o mínimo da faixa seguinte."
              >
                <Switch checkedChildren="Sim" unCheckedChildren="Não" />
              </Form.Item>
            </Col>
          )}
          {(restricoes.length > 0 || regra?.restricaoUid) && (
            <Col xs={24} md={12}>
              <Form.Item
                name="restricaoUid"
                label="Restrição"
                extra="Vazio: a restrição geral do componente (a única que nenhuma regra liga), se houver."
              >
                <Select
                  allowClear
                  placeholder="Nenhuma restrição própria"
                  options={restricoes.map((x) => ({ value: x.uid, label: rotuloRestricao(x) }))}
                />
              </Form.Item>
            </Col>
          )}
          {comLocal && (
            <>
              <Col xs={24} md={12}>
                <Form.Item name="origem" label="Origem (vazio: qualquer)" rules={[localRule]}>
                  <LocalRefInput rotulo="Origem" opcional />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item name="destino" label="Destino (vazio: qualquer)" rules={[localRule]}>
                  <LocalRefInput rotulo="Destino" opcional />
                </Form.Item>
              </Col>
            </>
          )}
        </Row>
        {calculo === 'FAIXA' && <FaixasGrid />}
      </Form>
    </Drawer>
  );
}

/** The ranges of a FAIXA rule: até (blank = sem limite), valor, modo; rows added and removed in place. */
function FaixasGrid() {
  const form = Form.useFormInstance<ValoresRegra>();
  const faixas = Form.useWatch('faixas', form) as Faixa[] | undefined;
  const tipos = useTiposFaixa();
  const opcoesModo = MODOS_FAIXA.map((m) => {
    const t = tipos.data?.find((x) => x.value === m);
    return { value: m, label: t?.label ?? MODO_FAIXA_LABEL[m], title: t?.descricao };
  });
  return (
    <div data-testid="faixas">
      <Typography.Title level={5}>Faixas</Typography.Title>
      <Form.List name="faixas">
        {(campos, { add, remove }, { errors }) => (
          <>
            <Row gutter={8} style={{ fontWeight: 500, marginBottom: 4 }}>
              <Col span={2}>#</Col>
              <Col span={6}>Até</Col>
              <Col span={7}>Valor</Col>
              <Col span={7}>Modo</Col>
            </Row>
            {campos.map((c, i) => (
              <Row key={c.key} gutter={8} align="top" data-testid={`faixa-${i + 1}`}>
                <Col span={2} style={{ paddingTop: 5 }}>
                  {i + 1}
                </Col>
                <Col span={6}>
                  <Form.Item name={[c.name, 'ate']} style={{ marginBottom: 8 }}>
                    <InputNumber
                      aria-label={`Até (faixa ${i + 1})`}
                      placeholder="sem limite"
                      decimalSeparator=","
                      min={0}
                      style={{ width: '100%' }}
                    />
                  </Form.Item>
                </Col>
                <Col span={7}>
                  <Form.Item name={[c.name, 'valor']} rules={[{ required: true, message: 'Informe o valor' }]} style={{ marginBottom: 8 }}>
                    <MoneyInput aria-label={`Valor (faixa ${i + 1})`} casas={casasDaFaixa(faixas?.[c.name]?.modo)} />
                  </Form.Item>
                </Col>
                <Col span={7}>
                  <Form.Item name={[c.name, 'modo']} rules={[{ required: true, message: 'Informe o modo' }]} style={{ marginBottom: 8 }}>
                    <Select aria-label={`Modo (faixa ${i + 1})`} options={opcoesModo} />
                  </Form.Item>
                </Col>
                <Col span={2}>
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={`Remover faixa ${i + 1}`}
                    onClick={() => remove(c.name)}
                  />
                </Col>
              </Row>
            ))}
            <Form.ErrorList errors={errors} />
            <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ ...FAIXA_NOVA })} style={{ marginTop: 8 }}>
              Adicionar faixa
            </Button>
            <Typography.Paragraph type="secondary" style={{ marginTop: 8, fontSize: 12 }}>
              Faixas em ordem crescente de "até"; deixe "até" vazio na última para "sem limite". Valor fixo cobra o valor da faixa; por
              unidade, valor × quantidade; excedente, o total até a faixa anterior + valor × o que passar dela.
            </Typography.Paragraph>
          </>
        )}
      </Form.List>
    </div>
  );
}

type RestricaoResumo = TabelaFreteCompleta['restricoes'][number];
const rotuloRestricao = (x: RestricaoResumo) =>
  `${MODO_RESTRICAO_LABEL[x.modo]} ${
    [
      ...x.destinatarios.map((p) => p.nome),
      ...x.remetentes.map((p) => p.nome),
      ...(x.produtos ?? []).map((c) => `produto ${c}`),
      ...(x.ncms ?? []).map((n) => `NCM ${n}*`),
    ].join(', ') || '(ninguém)'
  }${x.descricao ? ` — ${x.descricao}` : ''}`;

/** The restrictions of the table whose rules `api` lists ('/tabelasfrete/{uid}/…'), from the cached whole table. */
function useRestricoesDaTabela(api: string): RestricaoResumo[] {
  const tabela = useTabelaCompleta(api.split('/')[2] ?? null);
  return tabela.data?.restricoes ?? [];
}

function RestricaoDaRegra({ api, uid }: { api: string; uid: string }) {
  const x = useRestricoesDaTabela(api).find((r) => r.uid === uid);
  return x ? <Typography.Text type="secondary">{rotuloRestricao(x)}</Typography.Text> : null;
}
