import { MSG } from '@fretio/core';
import { App, Button, Col, Drawer, Form, type FormInstance, Result, Row, Space, Spin } from 'antd';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import type { z } from 'zod';
import type { ApiError } from '../app/api.ts';
import { type FieldContext, FieldInput, dateProps, fieldRules, valuePropName } from './fields/FieldInput.tsx';
import { minusculas } from './ListFilters.tsx';
import { camposComSchema } from './camposDoSchema.ts';
import { useAbrirRegistro } from './AbrirRegistro.tsx';
import { aplicarErrosNoForm } from './formErrors.ts';
import type { FieldDef, Registro, ResourceDef } from './types.ts';
import { useResourceDetail, useSaveResource } from './useResourceApi.ts';
import { useDescarte } from './descarte.ts';
import { erroNoNavegador } from './validarNoNavegador.ts';
import { errosDoSchema } from './zodRules.ts';

// The create/edit form of any declared resource, in a drawer. Field rules come from the declared zod
// schema (antd rules, messages from VALIDATE_MESSAGES); on submit the body goes through that schema
// too, and the server still validates: both kinds of field errors land on the fields.
type Props = {
  def: ResourceDef;
  uid: string | null;
  /** The record itself, when the API has no GET by uid (detail 'lista'). */
  row?: Registro;
  open: boolean;
  readOnly?: boolean;
  onClose: () => void;
  /** After the closing animation: the owner may unmount the form. */
  onAfterClose?: () => void;
};

export function ResourceForm({ def, uid, row, open, readOnly = false, onClose, onAfterClose }: Props) {
  const [form] = Form.useForm();
  const { message } = App.useApp();
  const detail = useResourceDetail(def, row ? null : uid);
  const save = useSaveResource(def);
  const record = (row ?? detail.data ?? null) as Registro | null;
  const fields = def.fields.filter((f) => (uid ? !f.createOnly : !f.editOnly));
  const schema = uid ? (def.updateSchema ?? def.schema) : def.schema;
  // Cancel, the drawer's close and a navigation away ask before discarding what the user typed.
  // Changed = different from what the drawer opened with (the record as the form shows it, or a new record's defaults).
  const referencia = useCallback(
    () => (uid ? (record ? (def.toForm ? def.toForm(record) : record) : null) : (def.initialValues ?? {})),
    [uid, record, def],
  );
  const descarte = useDescarte(form, open && !readOnly, referencia);
  const fechar = () => descarte.sair(onClose);
  // A duplicate (409 naming the record) links to it, in a sub-list too (its parent from the route).
  const abrirRegistro = useAbrirRegistro(def);

  useEffect(() => {
    if (record) form.setFieldsValue(def.toForm ? def.toForm(record) : record);
  }, [record, def, form]);

  async function onFinish(values: Record<string, unknown>) {
    const plain = valoresDosCampos(fields, values);
    const body = def.toInput ? def.toInput(plain) : plain;
    try {
      const local = erroNoNavegador(schema, body, camposVisiveis(fields, form.getFieldsValue(true)));
      if (local) throw local;
      await save.mutateAsync({ uid: uid ?? undefined, body });
      descarte.salvo();
      onClose();
    } catch (e) {
      const err = e as ApiError;
      if (err.status === 401) return;
      const semCampo = aplicarErrosNoForm(
        form,
        e,
        fields.map((f) => f.name),
        [],
        abrirRegistro,
      );
      // One toast per failure: the same text again replaces it instead of stacking a second one.
      const texto = [err.message || MSG.erroSalvar, ...semCampo].join(' ');
      message.error({ content: texto, key: `erro:${texto}` });
    }
  }

  const titulo = uid
    ? readOnly
      ? `Visualizar ${minusculas(def.singular)}`
      : `Editar ${minusculas(def.singular)}`
    : (def.createLabel ?? `Novo ${minusculas(def.singular)}`);
  const formId = `form-${def.key}`;
  return (
    <Drawer
      open={open}
      title={titulo}
      // Never wider than the window (phones, or a wide form such as a permission matrix).
      size={Math.min(def.formSize ?? 560, window.innerWidth)}
      destroyOnHidden
      onClose={fechar}
      afterOpenChange={(visible) => !visible && onAfterClose?.()}
      footer={
        <Space style={{ width: '100%', justifyContent: 'flex-end' }}>
          <Button onClick={fechar}>{readOnly ? 'Fechar' : 'Cancelar'}</Button>
          {!readOnly && (
            <Button type="primary" htmlType="submit" form={formId} loading={save.isPending} disabled={!!uid && !record}>
              Salvar
            </Button>
          )}
        </Space>
      }
    >
      {detail.isError ? (
        <Result
          status="error"
          title="Não foi possível carregar o registro."
          subTitle={detail.error.message}
          extra={<Button onClick={() => detail.refetch()}>Tentar novamente</Button>}
        />
      ) : (
        <Spin spinning={!!uid && !record && detail.isPending}>
          <Form
            id={formId}
            form={form}
            layout="vertical"
            disabled={readOnly}
            initialValues={uid ? undefined : def.initialValues}
            onFinish={onFinish}
            scrollToFirstError
          >
            <FormFields fields={fields} schema={schema} record={record} readOnly={readOnly} context={{ form, uid, close: onClose }} />
          </Form>
        </Spin>
      )}
    </Drawer>
  );
}

/** Cleared inputs are sent as null (a cleared switch as false) so an update really clears them. */
export const valoresDosCampos = (fields: FieldDef[], values: Record<string, unknown>) =>
  Object.fromEntries(fields.map((f) => [f.name, values[f.name] ?? (f.kind === 'bool' ? false : null)]));

/** Names of the fields on screen (a hidden conditional field cannot show an error). */
export const camposVisiveis = (fields: FieldDef[], values: Record<string, unknown>) =>
  fields.filter((f) => !f.visible || f.visible(values)).map((f) => f.name);

/** The declared fields in a grid (the drawer's, or any page's own Form): rules (from `schema` unless
 * the field says otherwise), formats, conditions. */
export function FormFields({
  fields: declarados,
  schema,
  record,
  readOnly = false,
  context,
}: {
  fields: FieldDef[];
  schema?: z.ZodType;
  record: Registro | null;
  readOnly?: boolean;
  context: FieldContext;
}) {
  const { form } = context;
  const fields = useMemo(() => camposComSchema(declarados, schema), [declarados, schema]);
  useRegrasEntreDatas(form, fields, schema, readOnly);
  return (
    <Row gutter={16}>
      {fields.map((f) => {
        const col = (
          <Col key={f.name} xs={24} md={f.span ?? 24}>
            <Form.Item
              name={f.name}
              label={f.label}
              extra={f.help}
              rules={fieldRules(f)}
              valuePropName={valuePropName(f)}
              {...dateProps(f)}
            >
              <FieldInput field={f} record={record} disabled={readOnly} context={context} />
            </Form.Item>
          </Col>
        );
        const visible = f.visible;
        // Conditional fields follow the other values; hidden ones are sent as null.
        return visible ? (
          <Form.Item key={f.name} noStyle shouldUpdate>
            {() => (visible(form.getFieldsValue(true)) ? col : null)}
          </Form.Item>
        ) : (
          col
        );
      })}
    </Row>
  );
}

/** Rules between dates of the schema ("vigência fim ≥ início") show on the date field as soon as both
 * are filled, before saving, with the same message the server would send. Other rules wait for Salvar
 * (an empty required field is not an error while the user is still typing). */
function useRegrasEntreDatas(form: FormInstance, fields: FieldDef[], schema: z.ZodType | undefined, readOnly: boolean) {
  const valores = Form.useWatch([], { form, preserve: true }) as Record<string, unknown> | undefined;
  const marcados = useRef(new Set<string>());
  useEffect(() => {
    if (!schema || readOnly || !valores) return;
    const datas = fields.filter((f) => f.kind === 'date' && (!f.visible || f.visible(valores)) && valores[f.name]).map((f) => f.name);
    if (!datas.length && !marcados.current.size) return;
    const erros = errosDoSchema(schema, valoresDosCampos(fields, valores)).filter((e) => datas.includes(e.field));
    const agora = new Map<string, string[]>();
    for (const e of erros) agora.set(e.field, [...(agora.get(e.field) ?? []), e.message]);
    const mudancas = [
      ...[...agora].map(([name, errors]) => ({ name, errors })),
      ...[...marcados.current].filter((n) => !agora.has(n)).map((name) => ({ name, errors: [] as string[] })),
    ];
    marcados.current = new Set(agora.keys());
    if (mudancas.length) form.setFields(mudancas);
  }, [valores, fields, schema, readOnly, form]);
}
