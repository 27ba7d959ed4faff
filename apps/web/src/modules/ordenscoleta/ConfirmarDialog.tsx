import { App, Button, Col, DatePicker, Form, Input, Modal, Row } from 'antd';
import type { OrdemColeta } from '@fretio/core';
import { useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState } from 'react';
import { ApiError, apiPut } from '../../app/api.ts';
import { queryKeys } from '../../app/queryKeys.ts';
import { RemoteSelect } from '../../resources/fields/RemoteSelect.tsx';
import { CHAVES_ORDEM } from './chaves.ts';

// The carrier confirms the pickup in its portal (or the shipper on its behalf): planned date, and a
// vehicle and driver of the carrier's own fleet, all optional.

export function ConfirmarDialog({ registro }: { registro: OrdemColeta }) {
  const [aberto, setAberto] = useState(false);
  const [enviando, setEnviando] = useState(false);
  const [form] = Form.useForm();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const daFrota = { transportadorUid: registro.transportadorUid ?? '' };
  async function enviar() {
    const v = await form.validateFields();
    setEnviando(true);
    try {
      const r = await apiPut(`/ordenscoleta/${registro.uid}/confirmar`, {
        dataColetaPrevista: v.dataColetaPrevista ? dayjs(v.dataColetaPrevista).format('YYYY-MM-DD') : null,
        veiculoUid: v.veiculoUid ?? null,
        motoristaUid: v.motoristaUid ?? null,
        observacao: v.observacao ?? null,
      });
      message.success(r.message);
      setAberto(false);
      await Promise.all(CHAVES_ORDEM.map((k) => qc.invalidateQueries({ queryKey: queryKeys.resource(k).all })));
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      const campos = e.fieldErrors.map((f) => ({ name: f.field, errors: [f.message] }));
      if (campos.length) form.setFields(campos);
      else message.error(e.message);
    } finally {
      setEnviando(false);
    }
  }
  return (
    <>
      <Button size="small" type="primary" onClick={() => setAberto(true)}>
        Confirmar coleta
      </Button>
      <Modal title={`Confirmar a ordem de coleta ${registro.numero}`} open={aberto} onOk={enviar} okText="Confirmar coleta" confirmLoading={enviando} onCancel={() => setAberto(false)} destroyOnHidden>
        <Form form={form} layout="vertical" preserve={false} initialValues={{ dataColetaPrevista: registro.dataColetaDesejada ? dayjs(registro.dataColetaDesejada) : null }}>
          <Row gutter={12}>
            <Col span={12}>
              <Form.Item name="dataColetaPrevista" label="Data prevista da coleta">
                <DatePicker format="DD/MM/YYYY" style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="veiculoUid" label="Veículo">
                <RemoteSelect allowClear remote={{ api: '/veiculos/list', query: daFrota, value: 'value', search: 'q', label: (r) => String(r.label) }} />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item name="motoristaUid" label="Motorista">
            <RemoteSelect allowClear remote={{ api: '/motoristas/list', query: daFrota, value: 'value', search: 'q', label: (r) => String(r.label) }} />
          </Form.Item>
          <Form.Item name="observacao" label="Observação">
            <Input.TextArea rows={2} maxLength={1000} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
