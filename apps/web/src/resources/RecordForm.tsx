import { SaveOutlined, UndoOutlined } from '@ant-design/icons';
import { MSG } from '@fretio/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Flex, Form, Result, Skeleton, Typography } from 'antd';
import { type ReactNode, useCallback, useEffect } from 'react';
import { type ApiError, type Query, api, apiGet } from '../app/api.ts';
import { usePode } from '../app/perfil.ts';
import { queryKeys } from '../app/queryKeys.ts';
import { FormFields, camposVisiveis, valoresDosCampos } from './ResourceForm.tsx';
import { useAbrirRegistro } from './AbrirRegistro.tsx';
import { aplicarErrosNoForm } from './formErrors.ts';
import { permite } from './registry.ts';
import type { Registro, ResourceDef } from './types.ts';
import { useResourceApi } from './useResourceApi.ts';
import { useDescarte } from './descarte.ts';
import { erroNoNavegador } from './validarNoNavegador.ts';

// A record that exists once per shipper (settings): GET and PUT at the resource's own path, with its
// fixed query (`listQuery`, e.g. default=false) on both. The declared fields, rules (from `schema`, the
// PUT body's) and field errors as in the drawer form; read-only for a role without 'alterar'.
export const registroKey = (def: ResourceDef, query?: Query) => [...queryKeys.resource(def.key).all, 'registro', query ?? {}] as const;

export function useRegistro<T = Registro>(def: ResourceDef, query?: Query) {
  const { base } = useResourceApi(def);
  return useQuery({
    queryKey: registroKey(def, query),
    queryFn: async ({ signal }) => (await apiGet<T>(base, query, signal)).data,
  });
}

export function RecordForm({ def, extra }: { def: ResourceDef; extra?: ReactNode }) {
  const [form] = Form.useForm();
  const { message, modal } = App.useApp();
  const pode = usePode();
  const queryClient = useQueryClient();
  const { base } = useResourceApi(def);
  const registro = useRegistro(def, def.listQuery);
  const readOnly = !permite(def, pode, 'alterar');
  const record = registro.data ?? null;
  // Leaving the page with unsaved changes asks first.
  const referencia = useCallback(() => (record ? (def.toForm ? def.toForm(record) : record) : null), [record, def]);
  useDescarte(form, !readOnly, referencia);
  const abrirRegistro = useAbrirRegistro(def);

  useEffect(() => {
    if (record) form.resetFields();
    if (record) form.setFieldsValue(def.toForm ? def.toForm(record) : record);
  }, [record, def, form]);

  const salvar = useMutation({
    mutationFn: (body: Record<string, unknown>) => api<Registro>(base, { method: 'PUT', body, query: def.listQuery }),
    onSuccess: async (r) => {
      message.success(def.afterSave?.(r.data, { created: false, modal }) || r.message || MSG.salvoComSucesso);
      queryClient.setQueryData(registroKey(def, def.listQuery), r.data);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.resource(def.key).all }),
        ...(def.invalidates ?? []).map((k) => queryClient.invalidateQueries({ queryKey: queryKeys.resource(k).all })),
      ]);
    },
  });

  async function onFinish(values: Record<string, unknown>) {
    const plain = valoresDosCampos(def.fields, values);
    const body = def.toInput ? def.toInput(plain) : plain;
    try {
      const local = erroNoNavegador(def.updateSchema ?? def.schema, body, camposVisiveis(def.fields, form.getFieldsValue(true)));
      if (local) throw local;
      await salvar.mutateAsync(body);
    } catch (e) {
      const err = e as ApiError;
      if (err.status === 401) return;
      const semCampo = aplicarErrosNoForm(
        form,
        e,
        def.fields.map((f) => f.name),
        [],
        abrirRegistro,
      );
      // One toast per failure: the same text again replaces it instead of stacking a second one.
      const texto = [err.message || MSG.erroSalvar, ...semCampo].join(' ');
      message.error({ content: texto, key: `erro:${texto}` });
    }
  }

  if (registro.isError) {
    return (
      <Result
        status="error"
        title="Não foi possível carregar o registro."
        subTitle={registro.error.message}
        extra={<Button onClick={() => registro.refetch()}>Tentar novamente</Button>}
      />
    );
  }
  if (!record) return <Skeleton active paragraph={{ rows: 6 }} />;
  return (
    <Form form={form} layout="vertical" disabled={readOnly} onFinish={onFinish} scrollToFirstError>
      <FormFields
        fields={def.fields}
        schema={def.updateSchema ?? def.schema}
        record={record}
        readOnly={readOnly}
        context={{ form, uid: null, close: () => undefined }}
      />
      <Flex gap={8} justify="space-between" align="center" wrap>
        <div>{extra}</div>
        {!readOnly && (
          <Flex gap={8}>
            <Button
              icon={<UndoOutlined />}
              onClick={() => {
                form.resetFields();
                form.setFieldsValue(def.toForm ? def.toForm(record) : record);
              }}
            >
              Descartar alterações
            </Button>
            <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={salvar.isPending}>
              Salvar
            </Button>
          </Flex>
        )}
      </Flex>
    </Form>
  );
}

/** The `page` of a single-record resource: its title, description and form. */
export function RecordPage({ def }: { def: ResourceDef }) {
  return (
    <Card>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {def.label}
      </Typography.Title>
      {def.description && <Typography.Text type="secondary">{def.description}</Typography.Text>}
      <div style={{ marginTop: 16 }}>
        <RecordForm def={def} />
      </div>
    </Card>
  );
}
