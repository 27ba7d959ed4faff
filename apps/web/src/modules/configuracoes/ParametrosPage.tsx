import { RollbackOutlined, SaveOutlined } from '@ant-design/icons';
import { MSG, type ParametroItem } from '@fretio/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Col,
  Flex,
  Form,
  Input,
  InputNumber,
  Result,
  Row,
  Select,
  Skeleton,
  Switch,
  Tag,
  TimePicker,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { type ApiError, apiGet, apiPut } from '../../app/api.ts';
import { usePode } from '../../app/perfil.ts';
import { queryKeys } from '../../app/queryKeys.ts';
import { aplicarErrosNoForm } from '../../resources/formErrors.ts';
import { permite } from '../../resources/registry.ts';
import type { ResourceDef } from '../../resources/types.ts';

// System parameters of the active shipper (administracao/parametros): one input per parameter by its
// type and bounds, grouped; only changed keys are sent, and "Restaurar padrão" sends null.
type Valor = string | number | boolean | null;

const mostrarValor = (v: Valor) =>
  typeof v === 'boolean' ? (v ? 'Sim' : 'Não') : typeof v === 'number' ? v.toLocaleString('pt-BR') : String(v ?? '—');

function Entrada({ p, disabled, ...control }: { p: ParametroItem; disabled: boolean; id?: string }) {
  switch (p.tipo) {
    case 'booleano':
      return <Switch {...control} disabled={disabled} checkedChildren="Sim" unCheckedChildren="Não" />;
    case 'inteiro':
    case 'decimal':
      return (
        <InputNumber
          {...control}
          disabled={disabled}
          style={{ width: '100%' }}
          decimalSeparator=","
          precision={p.tipo === 'inteiro' ? 0 : undefined}
          min={p.min ?? undefined}
          max={p.max ?? undefined}
        />
      );
    case 'opcao':
      return <Select {...control} disabled={disabled} options={(p.opcoes ?? []).map((o) => ({ value: o, label: o }))} />;
    case 'hora':
      return <TimePicker {...control} disabled={disabled} format="HH:mm" needConfirm={false} style={{ width: '100%' }} />;
    default:
      return <Input {...control} disabled={disabled} />;
  }
}

/** Time parameters are 'HH:mm' on the wire and dayjs in the TimePicker. */
const horaProps = (p: ParametroItem) =>
  p.tipo === 'hora'
    ? {
        getValueProps: (v: unknown) => ({ value: v ? dayjs(`2000-01-01T${v}`) : null }),
        normalize: (v: dayjs.Dayjs | null) => (v ? v.format('HH:mm') : null),
      }
    : {};

export function ParametrosPage({ def }: { def: ResourceDef }) {
  const [form] = Form.useForm();
  const { message } = App.useApp();
  const pode = usePode();
  const queryClient = useQueryClient();
  const readOnly = !permite(def, pode, 'alterar');
  const [restaurar, setRestaurar] = useState<Set<string>>(new Set());
  const key = [...queryKeys.resource(def.key).all, 'registro'];
  const lista = useQuery({
    queryKey: key,
    queryFn: async ({ signal }) => (await apiGet<ParametroItem[]>(def.api, undefined, signal)).data,
  });
  const itens = lista.data;

  useEffect(() => {
    if (itens) form.setFieldsValue(Object.fromEntries(itens.map((p) => [p.chave, p.valor])));
  }, [itens, form]);

  const salvar = useMutation({
    mutationFn: (body: Record<string, Valor>) => apiPut<ParametroItem[]>(def.api, body),
    onSuccess: (r) => {
      message.success(r.message || MSG.salvoComSucesso);
      queryClient.setQueryData(key, r.data);
      setRestaurar(new Set());
    },
  });

  async function onFinish(values: Record<string, Valor>) {
    if (!itens) return;
    const body: Record<string, Valor> = {};
    for (const p of itens) {
      if (restaurar.has(p.chave)) {
        if (p.personalizado) body[p.chave] = null;
      } else if (values[p.chave] !== undefined && values[p.chave] !== p.valor) body[p.chave] = values[p.chave];
    }
    if (!Object.keys(body).length) {
      message.info('Nenhuma alteração para salvar.');
      return;
    }
    try {
      await salvar.mutateAsync(body);
    } catch (e) {
      const err = e as ApiError;
      if (err.status === 401) return;
      const semCampo = aplicarErrosNoForm(
        form,
        e,
        itens.map((p) => p.chave),
      );
      message.error([err.message || MSG.erroSalvar, ...semCampo].join(' '));
    }
  }

  if (lista.isError) {
    return (
      <Result
        status="error"
        title="Não foi possível carregar os parâmetros."
        subTitle={lista.error.message}
        extra={<Button onClick={() => lista.refetch()}>Tentar novamente</Button>}
      />
    );
  }
  const grupos = [...new Set((itens ?? []).map((p) => p.grupo))];
  return (
    <Card>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {def.label}
      </Typography.Title>
      <Typography.Text type="secondary">{def.description}</Typography.Text>
      {!itens ? (
        <Skeleton active style={{ marginTop: 16 }} />
      ) : (
        <Form
          form={form}
          layout="vertical"
          style={{ marginTop: 16 }}
          onFinish={onFinish}
          onValuesChange={(changed: Partial<Record<string, Valor>>) => {
            const tocados = Object.keys(changed).filter((k) => restaurar.has(k));
            if (tocados.length) setRestaurar((s) => new Set([...s].filter((k) => !tocados.includes(k))));
          }}
        >
          {grupos.map((g) => (
            <section key={g} aria-label={g}>
              <Typography.Title level={5}>{g}</Typography.Title>
              <Row gutter={16}>
                {itens
                  .filter((p) => p.grupo === g)
                  .map((p) => {
                    const personalizado = p.personalizado && !restaurar.has(p.chave);
                    return (
                      <Col key={p.chave} xs={24} md={12}>
                        <Form.Item
                          name={p.chave}
                          label={
                            <Flex gap={6} align="center" wrap>
                              {p.descricao}
                              {personalizado && <Tag color="blue">Personalizado</Tag>}
                            </Flex>
                          }
                          valuePropName={p.tipo === 'booleano' ? 'checked' : 'value'}
                          rules={[{ required: p.tipo !== 'booleano' && p.tipo !== 'texto', message: 'Campo obrigatório' }]}
                          extra={
                            <Flex gap={8} align="center" wrap>
                              <span>Padrão: {mostrarValor(p.padrao)}</span>
                              {personalizado && !readOnly && (
                                <Button
                                  type="link"
                                  size="small"
                                  icon={<RollbackOutlined />}
                                  onClick={() => {
                                    form.setFieldValue(p.chave, p.padrao);
                                    setRestaurar((s) => new Set(s).add(p.chave));
                                  }}
                                >
                                  Restaurar padrão
                                </Button>
                              )}
                            </Flex>
                          }
                          {...horaProps(p)}
                        >
                          <Entrada p={p} disabled={readOnly} />
                        </Form.Item>
                      </Col>
                    );
                  })}
              </Row>
            </section>
          ))}
          {!readOnly && (
            <Flex justify="flex-end">
              <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={salvar.isPending}>
                Salvar
              </Button>
            </Flex>
          )}
        </Form>
      )}
    </Card>
  );
}
