import { CalculatorOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  type CalculoResultado,
  CAMPO,
  MSG,
  TIPO_CARGA_ANTT_LABEL,
  TIPOS_CARGA_ANTT,
  type TipoCargaAntt,
  UID_REGEX,
  cepValido,
  cnpjValido,
  cpfValido,
  formatarCep,
  formatarData,
  formatarDinheiro,
} from '@fretio/core';
import type { FormRule } from 'antd';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  DatePicker,
  Descriptions,
  Empty,
  Flex,
  Form,
  InputNumber,
  Radio,
  Row,
  Select,
  Table,
  Tag,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import type { ApiError } from '../../app/api.ts';
import { CepInput } from '../../resources/fields/CepInput.tsx';
import { CpfCnpjInput } from '../../resources/fields/CpfCnpjInput.tsx';
import { MoneyInput } from '../../resources/fields/MoneyInput.tsx';
import { RemoteSelect } from '../../resources/fields/RemoteSelect.tsx';
import { aplicarErrosNoForm } from '../../resources/formErrors.ts';
import type { ResourceDef } from '../../resources/types.ts';
import { transportadorRemote } from '../prazosentrega/resource.tsx';
import { ProdutosRestricaoField } from '../tabelasfrete/MercadoriasRestricao.tsx';
import { rotuloBase } from '../tabelasfrete/rotulos.ts';
import { type CorpoCalculo, useCalcular } from './hooks.ts';

// The freight calculator: the load (places, weight, volume or boxes, value, parties, date, carriers)
// → every active table's quote, cheapest first, each with its component lines; then the tables that
// could not quote it, with the reason.
type Cotacao = CalculoResultado['cotacoes'][number];
type LocalCalculo = { cep?: string; municipioIbge?: string };
type Dimensao = { comprimentoCm?: number | null; larguraCm?: number | null; alturaCm?: number | null; quantidade?: number | null };
type Valores = {
  origem: LocalCalculo;
  destino: LocalCalculo;
  pesoKg: number | null;
  volumeModo: 'm3' | 'dimensoes';
  m3?: number | null;
  dimensoes?: Dimensao[];
  valorMercadoria: number | null;
  volumes?: number | null;
  documentos?: number | null;
  remetente?: string;
  destinatario?: string;
  data: Dayjs | null;
  transportadorUids?: string[];
  tipoVeiculoUid?: string;
  tipoCargaAntt?: TipoCargaAntt;
  produtos?: string[];
};

const CAMPOS = [
  'origem',
  'destino',
  'pesoKg',
  'm3',
  'dimensoes',
  'valorMercadoria',
  'volumes',
  'documentos',
  'remetente',
  'destinatario',
  'data',
  'transportadorUids',
  'tipoVeiculoUid',
  'tipoCargaAntt',
  'produtos',
];

const numero = (v: number, casas = 4) => v.toLocaleString('pt-BR', { maximumFractionDigits: casas });
const reais = (v: number) => `R$ ${formatarDinheiro(v)}`;
const m3DaDimensao = (d: Dimensao | undefined) =>
  d?.comprimentoCm && d.larguraCm && d.alturaCm ? (d.comprimentoCm * d.larguraCm * d.alturaCm * (d.quantidade ?? 1)) / 1_000_000 : 0;

/** Origin or destination: a CEP, or an IBGE municipality searched by name. */
function LocalCalculoInput({
  value,
  onChange,
  id,
  rotulo,
}: {
  value?: LocalCalculo;
  onChange?: (v: LocalCalculo) => void;
  id?: string;
  rotulo: string;
}) {
  const porMunicipio = value ? 'municipioIbge' in value : false;
  return (
    <Flex gap={8} wrap>
      <Radio.Group
        optionType="button"
        aria-label={`${rotulo}: informar por`}
        value={porMunicipio ? 'municipio' : 'cep'}
        options={[
          { value: 'cep', label: 'CEP' },
          { value: 'municipio', label: 'Município' },
        ]}
        onChange={(e) => onChange?.(e.target.value === 'cep' ? { cep: '' } : { municipioIbge: undefined })}
      />
      {porMunicipio ? (
        <RemoteSelect
          id={id}
          aria-label={`${rotulo}: município`}
          style={{ flex: 1, minWidth: 220 }}
          placeholder="Digite o nome do município"
          remote={{ api: '/locais/ibge/lista', value: 'value', search: 'q', label: (r) => String(r.label) }}
          value={value?.municipioIbge}
          onChange={(ibge) => onChange?.({ municipioIbge: ibge as string | undefined })}
        />
      ) : (
        <CepInput
          id={id}
          aria-label={`CEP de ${rotulo.toLowerCase()}`}
          style={{ width: 140 }}
          value={value?.cep}
          onChange={(cep) => onChange?.({ cep })}
        />
      )}
    </Flex>
  );
}

const localRule: FormRule = {
  validator: async (_r, v: LocalCalculo | undefined) => {
    if (v && 'municipioIbge' in v) {
      if (!v.municipioIbge) throw new Error('Selecione o município');
    } else if (!v?.cep) throw new Error('Informe o CEP');
    else if (!cepValido(v.cep)) throw new Error(CAMPO.cepInvalido);
  },
};

/** Sender or recipient: one of the shipper's people, or a CPF/CNPJ typed in. */
function ParteInput({
  value,
  onChange,
  id,
  rotulo,
}: {
  value?: string;
  onChange?: (v: string | undefined) => void;
  id?: string;
  rotulo: string;
}) {
  const [modo, setModo] = useState<'pessoa' | 'documento'>(value && !UID_REGEX.test(value) ? 'documento' : 'pessoa');
  return (
    <Flex gap={8} wrap>
      <Radio.Group
        optionType="button"
        aria-label={`${rotulo}: informar por`}
        value={modo}
        options={[
          { value: 'pessoa', label: 'Pessoa' },
          { value: 'documento', label: 'CPF/CNPJ' },
        ]}
        onChange={(e) => {
          setModo(e.target.value);
          onChange?.(undefined);
        }}
      />
      {modo === 'pessoa' ? (
        <RemoteSelect
          id={id}
          aria-label={rotulo}
          style={{ flex: 1, minWidth: 220 }}
          placeholder="Busque por nome ou CNPJ"
          remote={{ api: '/pessoas/list', value: 'value', search: 'q', label: (r) => String(r.label) }}
          value={value}
          onChange={(v) => onChange?.((v as string | undefined) || undefined)}
        />
      ) : (
        <CpfCnpjInput
          id={id}
          aria-label={`${rotulo}: CPF/CNPJ`}
          style={{ width: 200 }}
          value={value}
          onChange={(d) => onChange?.(d || undefined)}
        />
      )}
    </Flex>
  );
}

const parteRule: FormRule = {
  validator: async (_r, v: string | undefined) => {
    if (v && !UID_REGEX.test(v) && !cpfValido(v) && !cnpjValido(v)) throw new Error(CAMPO.documentoInvalido);
  },
};

export function CalculadoraPage({ def }: { def: ResourceDef }) {
  const [form] = Form.useForm<Valores>();
  const { message } = App.useApp();
  const volumeModo = Form.useWatch('volumeModo', form);
  const dimensoes = Form.useWatch('dimensoes', form) as Dimensao[] | undefined;
  const calcular = useCalcular();
  const resultado = calcular.data?.data;

  function onFinish(v: Valores) {
    const opcional = <T,>(x: T | null | undefined) => (x === null || x === undefined ? undefined : x);
    const body: CorpoCalculo = {
      origem: v.origem,
      destino: v.destino,
      // Required by the form's rules (a null would get the server's "Campo obrigatório" all the same).
      pesoKg: v.pesoKg as number,
      ...(v.volumeModo === 'dimensoes'
        ? // Each measure is required by the row's rules; the server checks them again.
          { dimensoes: (v.dimensoes ?? []).map((d) => ({ ...d, quantidade: d.quantidade ?? 1 })) as CorpoCalculo['dimensoes'] }
        : { m3: opcional(v.m3) }),
      valorMercadoria: v.valorMercadoria as number,
      volumes: opcional(v.volumes),
      documentos: opcional(v.documentos),
      remetente: opcional(v.remetente),
      destinatario: opcional(v.destinatario),
      data: v.data?.format('YYYY-MM-DD'),
      transportadorUids: v.transportadorUids?.length ? v.transportadorUids : undefined,
      tipoVeiculoUid: opcional(v.tipoVeiculoUid),
      tipoCargaAntt: v.tipoCargaAntt ?? undefined,
      produtos: v.produtos?.length ? v.produtos : undefined,
    };
    calcular.mutate(body, {
      onError: (e) => {
        const err = e as ApiError;
        if (err.status === 401) return;
        const semCampo = aplicarErrosNoForm(form, e, CAMPOS, ['dimensoes']);
        message.error([err.message || MSG.erroProcessar, ...semCampo].join(' '));
      },
    });
  }

  const totalM3 = (dimensoes ?? []).reduce((s, d) => s + m3DaDimensao(d), 0);

  return (
    <>
      <Card style={{ marginBottom: 16 }}>
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          {def.label}
        </Typography.Title>
        {def.description && <Typography.Paragraph type="secondary">{def.description}</Typography.Paragraph>}
        <Form<Valores>
          form={form}
          layout="vertical"
          onFinish={onFinish}
          scrollToFirstError
          initialValues={{ origem: { cep: '' }, destino: { cep: '' }, volumeModo: 'm3', documentos: 1, data: dayjs(), dimensoes: [] }}
        >
          <Row gutter={16}>
            <Col xs={24} lg={12}>
              <Form.Item name="origem" label="Origem" rules={[localRule]} required>
                <LocalCalculoInput rotulo="Origem" />
              </Form.Item>
            </Col>
            <Col xs={24} lg={12}>
              <Form.Item name="destino" label="Destino" rules={[localRule]} required>
                <LocalCalculoInput rotulo="Destino" />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item name="pesoKg" label="Peso (kg)" rules={[{ required: true }]}>
                <InputNumber decimalSeparator="," min={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item name="valorMercadoria" label="Valor da mercadoria" rules={[{ required: true }]}>
                <MoneyInput />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item name="volumes" label="Volumes">
                <InputNumber min={0} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item name="documentos" label="Nº de NF-es">
                <InputNumber min={0} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={24} md={6}>
              <Form.Item name="volumeModo" label="Volume da carga">
                <Radio.Group
                  optionType="button"
                  options={[
                    { value: 'm3', label: 'm³' },
                    { value: 'dimensoes', label: 'Dimensões' },
                  ]}
                />
              </Form.Item>
            </Col>
            {volumeModo !== 'dimensoes' && (
              <Col xs={12} md={6}>
                <Form.Item name="m3" label="Volume (m³)">
                  <InputNumber decimalSeparator="," min={0} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
            )}
            {volumeModo === 'dimensoes' && (
              <Col xs={24} md={18}>
                <Form.List name="dimensoes">
                  {(campos, { add, remove }, { errors }) => (
                    <div data-testid="dimensoes">
                      <Typography.Text strong>Dimensões (cm)</Typography.Text>
                      {campos.map((c, i) => (
                        <Flex key={c.key} gap={8} align="start" wrap style={{ marginTop: 8 }}>
                          {(
                            [
                              ['comprimentoCm', 'Comprimento'],
                              ['larguraCm', 'Largura'],
                              ['alturaCm', 'Altura'],
                            ] as const
                          ).map(([nome, rotulo]) => (
                            <Form.Item
                              key={nome}
                              name={[c.name, nome]}
                              rules={[{ required: true, message: `Informe ${rotulo.toLowerCase()}` }]}
                              style={{ marginBottom: 0 }}
                            >
                              <InputNumber
                                aria-label={`${rotulo} (cm), linha ${i + 1}`}
                                placeholder={rotulo}
                                decimalSeparator=","
                                min={0}
                                style={{ width: 120 }}
                              />
                            </Form.Item>
                          ))}
                          <Form.Item name={[c.name, 'quantidade']} style={{ marginBottom: 0 }}>
                            <InputNumber
                              aria-label={`Quantidade, linha ${i + 1}`}
                              placeholder="Qtde"
                              min={1}
                              precision={0}
                              style={{ width: 90 }}
                            />
                          </Form.Item>
                          <Typography.Text style={{ paddingTop: 5, minWidth: 110 }}>
                            = {numero(m3DaDimensao(dimensoes?.[c.name]), 4)} m³
                          </Typography.Text>
                          <Button
                            type="text"
                            danger
                            icon={<DeleteOutlined />}
                            aria-label={`Remover linha ${i + 1}`}
                            onClick={() => remove(c.name)}
                          />
                        </Flex>
                      ))}
                      <Form.ErrorList errors={errors} />
                      <Flex gap={16} align="center" style={{ marginTop: 8, marginBottom: 16 }}>
                        <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ quantidade: 1 })}>
                          Adicionar caixa
                        </Button>
                        <Typography.Text data-testid="m3-total">Total: {numero(totalM3, 4)} m³</Typography.Text>
                      </Flex>
                    </div>
                  )}
                </Form.List>
              </Col>
            )}
          </Row>
          <Row gutter={16}>
            <Col xs={24} lg={12}>
              <Form.Item name="remetente" label="Remetente" rules={[parteRule]}>
                <ParteInput rotulo="Remetente" />
              </Form.Item>
            </Col>
            <Col xs={24} lg={12}>
              <Form.Item name="destinatario" label="Destinatário" rules={[parteRule]}>
                <ParteInput rotulo="Destinatário" />
              </Form.Item>
            </Col>
            <Col xs={24} md={6}>
              <Form.Item name="data" label="Data de embarque" rules={[{ required: true }]}>
                <DatePicker format="DD/MM/YYYY" style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="transportadorUids" label="Transportadores" extra="Vazio: todas as tabelas ativas e vigentes.">
                <RemoteSelect mode="multiple" remote={transportadorRemote} placeholder="Todos" />
              </Form.Item>
            </Col>
            <Col xs={24} md={6}>
              <Form.Item name="tipoVeiculoUid" label="Tipo de veículo">
                <RemoteSelect
                  remote={{ api: '/tiposveiculo/list', value: 'value', label: (r) => String(r.label) }}
                  placeholder="Qualquer"
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={6}>
              <Form.Item name="tipoCargaAntt" label="Tipo de carga (piso ANTT)">
                <Select
                  allowClear
                  placeholder="Carga geral"
                  options={TIPOS_CARGA_ANTT.map((t) => ({ value: t, label: TIPO_CARGA_ANTT_LABEL[t] }))}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="produtos" label="Produtos da carga" extra="Códigos do cadastro: restrições por produto ou NCM.">
                <ProdutosRestricaoField />
              </Form.Item>
            </Col>
          </Row>
          <Button type="primary" htmlType="submit" icon={<CalculatorOutlined />} loading={calcular.isPending}>
            Calcular
          </Button>
        </Form>
      </Card>
      {resultado && <Resultado r={resultado} />}
    </>
  );
}

const localResolvido = (l: CalculoResultado['origem']) =>
  [l.uf, l.cep ? `CEP ${formatarCep(l.cep)}` : null, l.ibge ? `IBGE ${l.ibge}` : null].filter(Boolean).join(' · ');

function Resultado({ r }: { r: CalculoResultado }) {
  return (
    <>
      <Card
        title={`Cotações (${r.cotacoes.length})`}
        extra={
          <Typography.Text type="secondary">
            {localResolvido(r.origem)} → {localResolvido(r.destino)} · embarque em {formatarData(r.data)}
          </Typography.Text>
        }
        style={{ marginBottom: 16 }}
        data-testid="cotacoes"
      >
        {r.cotacoes.length === 0 ? (
          <Empty description="Nenhuma tabela cotou esta carga." />
        ) : (
          <Table<Cotacao>
            rowKey={(c) => `${c.tabelaUid}:${c.rotaUid}`}
            size="middle"
            pagination={false}
            scroll={{ x: 'max-content' }}
            dataSource={r.cotacoes}
            expandable={{
              defaultExpandedRowKeys: [`${r.cotacoes[0].tabelaUid}:${r.cotacoes[0].rotaUid}`],
              expandedRowRender: (c) => <DetalheCotacao c={c} />,
            }}
            columns={[
              { key: 'pos', title: '#', width: 50, render: (_v, _c, i) => `${i + 1}º` },
              { key: 'transportador', title: 'Transportador', dataIndex: 'transportadorNome' },
              { key: 'tabela', title: 'Tabela', dataIndex: 'tabelaNome' },
              {
                key: 'prazo',
                title: 'Prazo',
                render: (_v, c) => `${c.prazoDiasUteis} ${c.prazoDiasUteis === 1 ? 'dia útil' : 'dias úteis'}`,
              },
              { key: 'data', title: 'Data prevista', render: (_v, c) => formatarData(c.dataPrevistaEntrega) },
              {
                key: 'total',
                title: 'Total',
                align: 'right',
                render: (_v, c, i) => (
                  <Typography.Text strong>
                    {reais(c.total)} {i === 0 && <Tag color="green">Menor</Tag>}
                  </Typography.Text>
                ),
              },
            ]}
          />
        )}
      </Card>
      <Card title={`Tabelas que não cotaram (${r.naoCotadas.length})`} data-testid="nao-cotadas">
        <Table
          rowKey="tabelaUid"
          size="small"
          pagination={false}
          dataSource={r.naoCotadas}
          locale={{ emptyText: 'Todas as tabelas candidatas cotaram a carga.' }}
          columns={[
            { key: 'transportador', title: 'Transportador', dataIndex: 'transportadorNome' },
            { key: 'tabela', title: 'Tabela', dataIndex: 'tabelaNome' },
            { key: 'motivo', title: 'Motivo', dataIndex: 'motivo' },
          ]}
        />
      </Card>
    </>
  );
}

const ROTULO_TRIBUTO: Record<Cotacao['tributo'], string> = {
  ICMS: 'ICMS (transporte intermunicipal/interestadual)',
  ISS: 'ISS (entrega no mesmo município — LC 116/2003, item 16.02)',
  NENHUM: 'Nenhum embutido (transportador do Simples Nacional)',
};

function DetalheCotacao({ c }: { c: Cotacao }) {
  return (
    <Row gutter={24} data-testid={`detalhe-${c.tabelaUid}`}>
      <Col xs={24} xl={14}>
        <Table
          rowKey="componente"
          size="small"
          pagination={false}
          dataSource={c.componentes}
          columns={[
            {
              key: 'componente',
              title: 'Componente',
              render: (_v, l: Cotacao['componentes'][number]) => (
                <span>
                  <Typography.Text strong>{l.componente}</Typography.Text> <Typography.Text type="secondary">{l.nome}</Typography.Text>
                  {l.foraBaseTributo && (
                    <Tag color="gold" style={{ marginLeft: 6 }}>
                      fora da base do imposto
                    </Tag>
                  )}
                  {c.adicionais.includes(l.componente) && (
                    <Tag color="purple" style={{ marginLeft: 6 }}>
                      adicional por local
                    </Tag>
                  )}
                  {c.ajustados?.includes(l.componente) && (
                    <Tag color="cyan" style={{ marginLeft: 6 }}>
                      ajustado pela tabela derivada
                    </Tag>
                  )}
                </span>
              ),
            },
            { key: 'base', title: 'Base', render: (_v, l: Cotacao['componentes'][number]) => rotuloBase(l.base) },
            {
              key: 'quantidade',
              title: 'Quantidade',
              align: 'right',
              render: (_v, l: Cotacao['componentes'][number]) => numero(l.quantidade),
            },
            { key: 'valor', title: 'Valor', align: 'right', render: (_v, l: Cotacao['componentes'][number]) => reais(l.valor) },
          ]}
        />
      </Col>
      <Col xs={24} xl={10}>
        <Descriptions size="small" column={1} bordered>
          {c.derivadaDe && (
            <Descriptions.Item label="Tabela">
              <span data-testid="derivada-de">derivada de {c.derivadaDe.nome}</span>
            </Descriptions.Item>
          )}
          <Descriptions.Item label="Peso taxado">
            {numero(c.pesoTaxado)} kg{c.isentoCubagem && <span data-testid="isento-cubagem"> (peso real: isento de cubagem)</span>}
          </Descriptions.Item>
          <Descriptions.Item label="Ajuste ao frete mínimo">{reais(c.ajusteMinimo)}</Descriptions.Item>
          <Descriptions.Item label="Valor sem imposto">{reais(c.valorSemIcms)}</Descriptions.Item>
          {c.valorForaBaseTributo > 0 && (
            <Descriptions.Item label="Fora da base do imposto (vale-pedágio)">{reais(c.valorForaBaseTributo)}</Descriptions.Item>
          )}
          <Descriptions.Item label="Imposto aplicado">
            <span data-testid="tributo">{ROTULO_TRIBUTO[c.tributo]}</span>
          </Descriptions.Item>
          {c.tributo === 'ISS' ? (
            <>
              <Descriptions.Item label="Alíquota de ISS">{formatarDinheiro(c.aliquotaIss)} %</Descriptions.Item>
              <Descriptions.Item label="ISS">{reais(c.iss)}</Descriptions.Item>
            </>
          ) : c.tributo === 'ICMS' ? (
            <>
              <Descriptions.Item label="Alíquota de ICMS">{formatarDinheiro(c.aliquotaIcms)} %</Descriptions.Item>
              <Descriptions.Item label="ICMS">{reais(c.icms)}</Descriptions.Item>
            </>
          ) : null}
          {c.fonteAliquota && (
            <Descriptions.Item label="Fonte da alíquota">
              <span data-testid="fonte-aliquota">{c.fonteAliquota}</span>
            </Descriptions.Item>
          )}
          <Descriptions.Item label="Total">
            <Typography.Text strong>{reais(c.total)}</Typography.Text>
          </Descriptions.Item>
        </Descriptions>
      </Col>
      {c.pisoAntt?.abaixo && (
        <Col span={24}>
          <Alert
            type={c.pisoAntt.ajuste ? 'info' : 'warning'}
            showIcon
            style={{ marginTop: 8 }}
            title={
              c.pisoAntt.ajuste
                ? `Transportador autônomo (TAC): frete elevado ao piso mínimo da ANTT (${reais(c.pisoAntt.valor)}), ajuste de ${reais(c.pisoAntt.ajuste)}.`
                : `Abaixo do piso mínimo de frete da ANTT (${reais(c.pisoAntt.valor)}) para lotação.`
            }
            description={c.pisoAntt.fonte ? `Coeficientes: ${c.pisoAntt.fonte}.` : undefined}
          />
        </Col>
      )}
      {c.ajusteMinimo > 0 && (
        <Col span={24}>
          <Alert
            type="info"
            showIcon
            style={{ marginTop: 8 }}
            title={`O frete ficou abaixo do mínimo da rota: ajuste de ${reais(c.ajusteMinimo)}.`}
          />
        </Col>
      )}
    </Row>
  );
}
