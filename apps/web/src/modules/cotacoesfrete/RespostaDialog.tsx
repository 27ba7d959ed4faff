import { App, Button, Col, DatePicker, Form, Input, InputNumber, Modal, Radio, Row } from 'antd';
import type { CotacaoTransportador } from '@fretio/core';
import { useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState } from 'react';
import { ApiError, apiPut } from '../../app/api.ts';
import { queryKeys } from '../../app/queryKeys.ts';

// The carrier's answer to a quotation, by the carrier's user in its portal or by the shipper on its
// behalf: one value (total, per kg or per vehicle), deadline, validity, free loading hours, daily rate.

type Modo = 'valorTotal' | 'valorKg' | 'valorVeiculo';
const MODOS: { value: Modo; label: string }[] = [
  { value: 'valorTotal', label: 'Valor total' },
  { value: 'valorKg', label: 'Por kg (fracionada)' },
  { value: 'valorVeiculo', label: 'Por veículo (lotação)' },
];

export function RespostaDialog({ registro }: { registro: CotacaoTransportador }) {
  const [aberto, setAberto] = useState(false);
  const [enviando, setEnviando] = useState(false);
  const [form] = Form.useForm();
  const modo = Form.useWatch('modo', form) as Modo | undefined;
  const { message } = App.useApp();
  const qc = useQueryClient();
  const inicial = {
    modo: (MODOS.find((m) => registro[m.value] !== null)?.value ?? 'valorTotal') as Modo,
    valor: registro.valorTotal ?? registro.valorKg ?? registro.valorVeiculo,
    prazoDiasUteis: registro.prazoDiasUteis,
    validade: registro.validade ? dayjs(registro.validade) : null,
    horasLivresCarregamento: registro.horasLivresCarregamento,
    valorDiaria: registro.valorDiaria,
    observacao: registro.observacao,
  };
  async function enviar() {
    const v = await form.validateFields();
    const corpo: Record<string, unknown> = {
      valorTotal: null,
      valorKg: null,
      valorVeiculo: null,
      [v.modo]: v.valor,
      prazoDiasUteis: v.prazoDiasUteis,
      validade: v.validade ? dayjs(v.validade).format('YYYY-MM-DD') : null,
      horasLivresCarregamento: v.horasLivresCarregamento ?? null,
      valorDiaria: v.valorDiaria ?? null,
      observacao: v.observacao ?? null,
    };
    setEnviando(true);
    try {
      const r = await apiPut(`/cotacoesfrete/${registro.cotacaoUid}/transportadores/${registro.transportadorUid}`, corpo);
      message.success(r.message);
      setAberto(false);
      await Promise.all(['cotacoesfrete', 'cotacoesfrete-transportadores'].map((k) => qc.invalidateQueries({ queryKey: queryKeys.resource(k).all })));
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      const nomes: Record<string, string> = { valorTotal: 'valor', valorKg: 'valor', valorVeiculo: 'valor' };
      const campos = e.fieldErrors.map((f) => ({ name: nomes[f.field] ?? f.field, errors: [f.message] }));
      if (campos.length) form.setFields(campos);
      else message.error(e.message);
    } finally {
      setEnviando(false);
    }
  }
  return (
    <>
      <Button size="small" type={registro.respondidoEm ? 'default' : 'primary'} onClick={() => setAberto(true)}>
        {registro.respondidoEm ? 'Alterar resposta' : 'Responder'}
      </Button>
      <Modal title={`Resposta de ${registro.transportadorNome}`} open={aberto} onOk={enviar} okText="Enviar resposta" confirmLoading={enviando} onCancel={() => setAberto(false)} destroyOnHidden>
        <Form form={form} layout="vertical" initialValues={inicial} preserve={false}>
          <Form.Item name="modo" label="Como cobrar">
            <Radio.Group options={MODOS} optionType="button" />
          </Form.Item>
          <Row gutter={12}>
            <Col span={12}>
              <Form.Item name="valor" label={modo === 'valorKg' ? 'R$ por kg' : 'Valor (R$)'} rules={[{ required: true, message: 'Informe o valor' }]}>
                <InputNumber min={0.0001} decimalSeparator="," style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="prazoDiasUteis" label="Prazo (dias úteis)" rules={[{ required: true, message: 'Informe o prazo' }]}>
                <InputNumber min={0} max={365} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="validade" label="Validade do preço" rules={[{ required: true, message: 'Informe a validade' }]}>
                <DatePicker format="DD/MM/YYYY" style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="horasLivresCarregamento" label="Horas livres de carregamento">
                <InputNumber min={0} max={720} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="valorDiaria" label="Diária após as horas livres (R$)">
                <InputNumber min={0} decimalSeparator="," style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item name="observacao" label="Observação">
            <Input.TextArea rows={2} maxLength={1000} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
