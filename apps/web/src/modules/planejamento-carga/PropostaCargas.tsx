import { type PlanejamentoCarga, AGRUPAMENTOS_CARGA } from '@fretio/core';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, DatePicker, Form, Modal, Radio, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { ApiError, apiPost } from '../../app/api.ts';
import { usePode } from '../../app/perfil.ts';
import { queryKeys } from '../../app/queryKeys.ts';
import { municipioRemote } from '../../resources/fields/MunicipioSelect.tsx';
import { RemoteSelect } from '../../resources/fields/RemoteSelect.tsx';
import { UfSelect } from '../../resources/fields/UfSelect.tsx';

// "Propor cargas": the free documents of a destination/period are grouped by destination and packed
// into the chosen vehicle's capacity by the server (planejamento-carga/propor); each load becomes an
// open plan the user then adjusts (move documents, compare costs, finish).

type Valores = {
  destinoUf?: string;
  periodo?: [Dayjs | null, Dayjs | null] | null;
  tipo: 'todos' | 'nfe' | 'pedido';
  origemMunicipioIbge?: string;
  tipoVeiculoUid?: string;
  agrupamento: 'uf' | 'municipio';
  dataEmbarque?: Dayjs | null;
};
const dia = (d?: Dayjs | null) => d?.format('YYYY-MM-DD') ?? null;

export function PropostaCargas() {
  const pode = usePode();
  const [aberto, setAberto] = useState(false);
  const [form] = Form.useForm<Valores>();
  const [ocupado, setOcupado] = useState(false);
  const { message } = App.useApp();
  const qc = useQueryClient();
  if (!pode('planejamento-carga', 'criar')) return null;

  async function propor(v: Valores) {
    setOcupado(true);
    try {
      const r = await apiPost<{ cargas: PlanejamentoCarga[]; documentosSemDestino: number }>('/planejamento-carga/propor', {
        destinoUf: v.destinoUf ?? null,
        dataInicio: dia(v.periodo?.[0]),
        dataFim: dia(v.periodo?.[1]),
        tipo: v.tipo,
        origemMunicipioIbge: v.origemMunicipioIbge ?? null,
        tipoVeiculoUid: v.tipoVeiculoUid,
        agrupamento: v.agrupamento,
        dataEmbarque: dia(v.dataEmbarque),
      });
      const { cargas, documentosSemDestino } = r.data;
      message.success(
        `${cargas.length} carga(s) proposta(s): ${cargas.map((c) => `nº ${c.numero}`).join(', ')}.${documentosSemDestino ? ` ${documentosSemDestino} documento(s) sem município de destino ficaram de fora.` : ''}`,
      );
      await qc.invalidateQueries({ queryKey: queryKeys.resource('planejamento-carga').all });
      setAberto(false);
      form.resetFields();
    } catch (e) {
      if (e instanceof ApiError && e.fieldErrors.length) {
        form.setFields(e.fieldErrors.map((f) => ({ name: f.field === 'dataInicio' || f.field === 'dataFim' ? 'periodo' : (f.field as keyof Valores), errors: [f.message] })));
      }
      message.error(e instanceof ApiError ? (e.fieldErrors[0]?.message ?? e.message) : 'Falha ao propor as cargas.');
    } finally {
      setOcupado(false);
    }
  }

  return (
    <>
      <Button onClick={() => setAberto(true)}>Propor cargas</Button>
      <Modal title="Propor cargas" open={aberto} onCancel={() => setAberto(false)} onOk={() => form.submit()} okText="Propor" confirmLoading={ocupado} destroyOnHidden>
        <Form<Valores> form={form} layout="vertical" initialValues={{ tipo: 'todos', agrupamento: 'uf' }} onFinish={propor}>
          <Form.Item name="origemMunicipioIbge" label="Município de origem (expedição)" rules={[{ required: true, message: 'Informe o município de origem' }]}>
            <RemoteSelect remote={municipioRemote()} />
          </Form.Item>
          <Form.Item name="tipoVeiculoUid" label="Tipo de veículo" rules={[{ required: true, message: 'Escolha o tipo de veículo' }]}>
            <RemoteSelect remote={{ api: '/tiposveiculo/list', value: 'value', label: (r) => String(r.label) }} />
          </Form.Item>
          <Form.Item name="destinoUf" label="UF de destino">
            <UfSelect allowClear />
          </Form.Item>
          <Form.Item name="periodo" label="Período (emissão da NF-e / data prevista do pedido)">
            <DatePicker.RangePicker format="DD/MM/YYYY" style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="tipo" label="Documentos">
            <Select options={[{ value: 'todos', label: 'NF-es e pedidos' }, { value: 'nfe', label: 'Só NF-es' }, { value: 'pedido', label: 'Só pedidos' }]} />
          </Form.Item>
          <Form.Item name="agrupamento" label="Agrupar por">
            <Radio.Group options={Object.entries(AGRUPAMENTOS_CARGA).map(([value, label]) => ({ value, label }))} />
          </Form.Item>
          <Form.Item name="dataEmbarque" label="Data de embarque">
            <DatePicker format="DD/MM/YYYY" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
