import { FileTextOutlined } from '@ant-design/icons';
import { TIPO_USUARIO } from '@fretio/core';
import { Alert, App, Button, Form, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { type ApiError, apiPost } from '../../app/api.ts';
import { usePerfil, usePode } from '../../app/perfil.ts';
import { RemoteSelect } from '../../resources/fields/RemoteSelect.tsx';
import type { ResourceDef } from '../../resources/types.ts';
import { transportadorRemote } from '../prazosentrega/resource.tsx';
import { AcompanharTarefa, baixarArquivoDaTarefa, useInvalidar } from './tarefa.tsx';

// "Exportar NOTFIS": the notes the list shows (its filters) as a NOTFIS 3.1 file for one carrier,
// written by a task (POST documentos/export-notfis) whose file is offered when it ends.
export function ExportarNotfis({ def }: { def: ResourceDef }) {
  const pode = usePode();
  const { data: perfil } = usePerfil();
  const { message } = App.useApp();
  const invalidar = useInvalidar();
  const [params] = useSearchParams();
  const [form] = Form.useForm<{ transportadorUid?: string }>();
  const [aberto, setAberto] = useState(false);
  const [enviando, setEnviando] = useState(false);
  const [erro, setErro] = useState<string | null>(null);
  const [tarefa, setTarefa] = useState<string | null>(null);
  if (!pode(def.recurso, 'ler') || perfil?.tipoUsuario === TIPO_USUARIO.TRANSPORTADOR) return null;

  const filtros: Record<string, string> = {};
  for (const [k, v] of Object.entries(def.listQuery ?? {})) if (v !== undefined && v !== null && v !== '') filtros[k] = String(v);
  params.forEach((v, k) => {
    if ((k.startsWith('ftr_') || k === 'ssf' || k === 'sso') && v) filtros[k] = v;
  });
  const algumFiltro = Object.keys(filtros).some((k) => k.startsWith('ftr_') || k === 'semCte');

  async function exportar() {
    const { transportadorUid } = await form.validateFields();
    setEnviando(true);
    setErro(null);
    try {
      const r = await apiPost<{ uid: string }>('/documentos/export-notfis', { filtros, transportadorUid, versao: '3.1' });
      message.success(r.message);
      setTarefa(r.data.uid);
      invalidar(['fila-tarefas']);
    } catch (e) {
      setErro((e as ApiError).message);
    } finally {
      setEnviando(false);
    }
  }
  const fechar = () => {
    setAberto(false);
    setTarefa(null);
    setErro(null);
    form.resetFields();
  };

  return (
    <>
      <Button icon={<FileTextOutlined />} onClick={() => setAberto(true)}>
        Exportar NOTFIS
      </Button>
      <Modal
        open={aberto}
        title="Exportar NOTFIS 3.1"
        width={560}
        onCancel={fechar}
        destroyOnHidden
        footer={
          tarefa ? (
            <Button type="primary" onClick={fechar}>
              Fechar
            </Button>
          ) : (
            [
              <Button key="c" onClick={fechar}>
                Cancelar
              </Button>,
              <Button key="e" type="primary" loading={enviando} onClick={exportar}>
                Gerar NOTFIS
              </Button>,
            ]
          )
        }
      >
        {tarefa ? (
          <AcompanharTarefa uid={tarefa} extra={baixarArquivoDaTarefa} />
        ) : (
          <Form form={form} layout="vertical">
            <Typography.Paragraph>
              {algumFiltro ? 'Entram as NF-e que a lista mostra com os filtros atuais' : 'Nenhum filtro aplicado: entram todas as NF-e'} (até 5.000), num arquivo NOTFIS
              3.1 para o transportador escolhido.
            </Typography.Paragraph>
            <Form.Item name="transportadorUid" label="Transportador" rules={[{ required: true, message: 'Selecione o transportador' }]}>
              <RemoteSelect remote={transportadorRemote} />
            </Form.Item>
            {erro && <Alert type="error" showIcon title={erro} />}
          </Form>
        )}
      </Modal>
    </>
  );
}
