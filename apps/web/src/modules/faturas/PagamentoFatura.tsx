import { App, Button, DatePicker, Form, Modal } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { ApiError, apiPut } from '../../app/api.ts';
import { usePode } from '../../app/perfil.ts';
import { queryKeys } from '../../app/queryKeys.ts';
import type { Fatura } from './tipos.ts';

// Payment date of a validated (or paid) invoice: a dialog with the date; the server's refusal shows on the field.
export function PagamentoFatura({ fatura }: { fatura: Fatura }) {
  const pode = usePode();
  const [aberto, setAberto] = useState(false);
  const [enviando, setEnviando] = useState(false);
  const [form] = Form.useForm<{ dataPagamento: Dayjs | null }>();
  const { message } = App.useApp();
  const qc = useQueryClient();
  if (!pode('fatura', 'alterar') || (fatura.status !== 2 && fatura.status !== 3)) return null;
  async function enviar(data: string | null) {
    setEnviando(true);
    try {
      const r = await apiPut(`/fatura/${fatura.uid}/data-pagamento`, { dataPagamento: data });
      message.success(r.message);
      setAberto(false);
      await qc.invalidateQueries({ queryKey: queryKeys.resource('fatura').all });
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      const campo = e.fieldErrors.find((f) => f.field === 'dataPagamento');
      if (campo) form.setFields([{ name: 'dataPagamento', errors: [campo.message] }]);
      else message.error(e.message);
    } finally {
      setEnviando(false);
    }
  }
  return (
    <>
      <Button size="small" onClick={() => { form.setFieldsValue({ dataPagamento: fatura.dataPagamento ? dayjs(fatura.dataPagamento) : dayjs() }); setAberto(true); }}>
        {fatura.status === 3 ? 'Pagamento' : 'Data de pagamento'}
      </Button>
      <Modal title={`Pagamento da fatura ${fatura.numero}`} open={aberto} confirmLoading={enviando} okText="Salvar" onCancel={() => setAberto(false)} destroyOnHidden
        onOk={async () => { const v = await form.validateFields(); await enviar(v.dataPagamento ? v.dataPagamento.format('YYYY-MM-DD') : null); }}
        footer={(_, { OkBtn, CancelBtn }) => (
          <>
            {fatura.status === 3 && <Button danger onClick={() => enviar(null)}>Desfazer pagamento</Button>}
            <CancelBtn />
            <OkBtn />
          </>
        )}>
        <Form form={form} layout="vertical">
          <Form.Item name="dataPagamento" label="Data de pagamento" rules={[{ required: true, message: 'Informe a data de pagamento' }]}>
            <DatePicker format="DD/MM/YYYY" style={{ width: '100%' }} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
