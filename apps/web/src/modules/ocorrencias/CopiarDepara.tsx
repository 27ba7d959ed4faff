import { CopyOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Checkbox, Form, Modal, Select } from 'antd';
import { useState } from 'react';
import { ApiError, type ListPage, api, apiGet } from '../../app/api.ts';
import { usePode } from '../../app/perfil.ts';
import { queryKeys } from '../../app/queryKeys.ts';
import { permite } from '../../resources/registry.ts';
import type { ResourceDef } from '../../resources/types.ts';

// "Copiar de-para": one carrier's codes → another carrier (POST ocorrencias/transportador/{origem}/copiar).
type Transportador = { uid: string; nome: string; nomeFantasia: string | null };
type Valores = { origem?: string; destino?: string; substituir?: boolean };

export function CopiarDepara({ def }: { def: ResourceDef }) {
  const pode = usePode();
  const [aberto, setAberto] = useState(0);
  if (!permite(def, pode, 'criar')) return null;
  return (
    <>
      <Button icon={<CopyOutlined />} onClick={() => setAberto(Date.now())}>
        Copiar de-para
      </Button>
      {aberto > 0 && <CopiarModal key={aberto} def={def} onClose={() => setAberto(0)} />}
    </>
  );
}

function CopiarModal({ def, onClose }: { def: ResourceDef; onClose: () => void }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Valores>();
  const transportadores = useQuery({
    queryKey: [...queryKeys.resource('transportadores').lists(), 'copiar-depara'],
    queryFn: () => apiGet<ListPage<Transportador>>('/transportadores', { ftr_ativo: 'true', ssf: 'nome', pps: 500 }),
  });
  const opcoes = (transportadores.data?.data.data ?? []).map((t) => ({ value: t.uid, label: t.nomeFantasia || t.nome }));
  const copiar = useMutation({
    mutationFn: (v: Valores) =>
      api<unknown>(`/ocorrencias/transportador/${v.origem}/copiar`, { method: 'POST', body: {}, query: { destinoUid: v.destino, substituir: String(!!v.substituir) } }),
    onSuccess: async (r) => {
      message.success(r.message);
      await queryClient.invalidateQueries({ queryKey: queryKeys.resource(def.key).all });
      onClose();
    },
    onError: (e) => {
      if (e instanceof ApiError && e.fieldErrors.length) form.setFields(e.fieldErrors.map((x) => ({ name: (x.field === 'destinoUid' ? 'destino' : 'origem') as keyof Valores, errors: [x.message] })));
      else message.error(e.message);
    },
  });
  return (
    <Modal open title="Copiar de-para de um transportador para outro" okText="Copiar" onOk={() => form.submit()} confirmLoading={copiar.isPending} onCancel={onClose}>
      <Form form={form} layout="vertical" onFinish={(v) => copiar.mutate(v)}>
        <Form.Item name="origem" label="Copiar de" rules={[{ required: true, message: 'Escolha o transportador de origem' }]}>
          <Select showSearch optionFilterProp="label" options={opcoes} loading={transportadores.isLoading} />
        </Form.Item>
        <Form.Item name="destino" label="Para" rules={[{ required: true, message: 'Escolha o transportador de destino' }]}>
          <Select showSearch optionFilterProp="label" options={opcoes} loading={transportadores.isLoading} />
        </Form.Item>
        <Form.Item name="substituir" valuePropName="checked">
          <Checkbox>Códigos que o destino já tem passam a apontar como na origem</Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  );
}
