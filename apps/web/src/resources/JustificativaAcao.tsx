import { App, Button, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError, apiPut } from '../app/api.ts';
import { queryKeys } from '../app/queryKeys.ts';

// A command that needs a justification (reject, cancel, refuse): a button opening a dialog with the
// text; the server's message is shown on the field when it refuses; `invalida` names the resources
// whose queries the answer changes.

type Props = {
  label: string;
  titulo: string;
  url: string;
  corpo: (justificativa: string) => Record<string, unknown>;
  invalida: readonly string[];
  danger?: boolean;
  rotulo?: string;
};

export function JustificativaAcao({ label, titulo, url, corpo, invalida, danger, rotulo = 'Justificativa' }: Props) {
  const [aberto, setAberto] = useState(false);
  const [enviando, setEnviando] = useState(false);
  const [form] = Form.useForm<{ justificativa: string }>();
  const { message } = App.useApp();
  const qc = useQueryClient();
  async function enviar() {
    const { justificativa } = await form.validateFields();
    setEnviando(true);
    try {
      const r = await apiPut(url, corpo(justificativa));
      message.success(r.message);
      setAberto(false);
      form.resetFields();
      await Promise.all(invalida.map((k) => qc.invalidateQueries({ queryKey: queryKeys.resource(k).all })));
    } catch (e) {
      if (e instanceof ApiError) {
        const campo = e.fieldErrors.find((f) => f.field === 'justificativa');
        if (campo) form.setFields([{ name: 'justificativa', errors: [campo.message] }]);
        else message.error(e.message);
      } else throw e;
    } finally {
      setEnviando(false);
    }
  }
  return (
    <>
      <Button size="small" danger={danger} onClick={() => setAberto(true)}>
        {label}
      </Button>
      <Modal title={titulo} open={aberto} onOk={enviar} okText={label} confirmLoading={enviando} onCancel={() => setAberto(false)} destroyOnHidden>
        <Form form={form} layout="vertical">
          <Form.Item name="justificativa" label={rotulo} rules={[{ required: true, message: `Informe ${rotulo.toLowerCase()}` }, { max: 1000 }]}>
            <Input.TextArea rows={3} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
