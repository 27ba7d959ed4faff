import { InboxOutlined, UploadOutlined } from '@ant-design/icons';
import { MSG, TAREFA_STATUS as ST, type Tarefa } from '@fretio/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Flex, Modal, Select, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { ApiError, apiGet } from '../../app/api.ts';
import { usePode } from '../../app/perfil.ts';
import { queryKeys } from '../../app/queryKeys.ts';
import { ProgressoTarefa } from '../fila-tarefas/resource.tsx';
import { RelatorioTarefa } from '../fila-tarefas/RelatorioTarefa.tsx';
import type { ResourceDef } from '../../resources/types.ts';

// Upload of a PROCEDA file (POST /api/importar/edi/{layout}, multipart 'file'): it runs as a task of the
// queue; the dialog follows its progress and shows its per-record report.
const LAYOUTS = [
  { value: 'ocoren', label: 'OCOREN (ocorrências)' },
  { value: 'conemb', label: 'CONEMB (conhecimentos)' },
  { value: 'doccob', label: 'DOCCOB (cobrança)' },
  { value: 'notfis', label: 'NOTFIS (notas fiscais)' },
];

async function enviar(layout: string, arquivo: File): Promise<string> {
  const form = new FormData();
  form.append('file', arquivo);
  const res = await fetch(`/api/importar/edi/${layout}`, { method: 'POST', body: form, credentials: 'same-origin', headers: { Accept: 'application/json' } });
  const json = (await res.json().catch(() => null)) as { success?: boolean; message?: string; data?: { uid: string } } | null;
  if (!res.ok || !json?.data?.uid) throw new ApiError(json?.message || MSG.erroProcessar, res.status);
  return json.data.uid;
}

export function ImportarEdi({ def }: { def: ResourceDef }) {
  const pode = usePode();
  const [aberto, setAberto] = useState(0);
  if (!pode('importacao-edi', 'criar')) return null;
  return (
    <>
      <Button icon={<UploadOutlined />} onClick={() => setAberto(Date.now())}>
        Importar EDI
      </Button>
      {aberto > 0 && <ImportarEdiModal key={aberto} def={def} onClose={() => setAberto(0)} />}
    </>
  );
}

function ImportarEdiModal({ def, onClose }: { def: ResourceDef; onClose: () => void }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [layout, setLayout] = useState('ocoren');
  const [arquivo, setArquivo] = useState<File | null>(null);
  const envio = useMutation({ mutationFn: () => enviar(layout, arquivo as File), onError: (e) => message.error(e.message) });
  const uid = envio.data;
  const tarefa = useQuery({
    queryKey: queryKeys.resource('fila-tarefas').detail(uid ?? ''),
    queryFn: async ({ signal }) => (await apiGet<Tarefa>(`/fila-tarefas/${uid}`, undefined, signal)).data,
    enabled: !!uid,
    refetchInterval: (q) => (q.state.data && q.state.data.status >= ST.CONCLUIDA ? false : 1500),
  });
  const t = tarefa.data;
  const terminou = !!t && t.status >= ST.CONCLUIDA;
  useEffect(() => {
    if (terminou) void queryClient.invalidateQueries({ queryKey: queryKeys.resource(def.key).all });
  }, [terminou, queryClient, def.key]);
  return (
    <Modal open title="Importar arquivo EDI PROCEDA" width={820} onCancel={onClose} footer={<Button onClick={onClose}>Fechar</Button>}>
      {!uid ? (
        <Flex vertical gap={12}>
          <Select aria-label="Leiaute" value={layout} onChange={setLayout} options={LAYOUTS} style={{ width: 280 }} />
          <Upload.Dragger
            maxCount={1}
            beforeUpload={(f) => {
              setArquivo(f);
              return false;
            }}
            onRemove={() => setArquivo(null)}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p>Arraste o arquivo ou clique para escolher (texto PROCEDA 3.x ou OCOREN 5.0)</p>
          </Upload.Dragger>
          <Button type="primary" disabled={!arquivo} loading={envio.isPending} onClick={() => envio.mutate()}>
            Importar
          </Button>
        </Flex>
      ) : (
        <Flex vertical gap={12}>
          {t ? <ProgressoTarefa tarefa={t} /> : null}
          {t?.mensagem ? <Alert type={t.erros ? 'warning' : 'success'} title={t.mensagem} /> : null}
          <RelatorioTarefa uid={uid} emAndamento={!terminou} />
        </Flex>
      )}
    </Modal>
  );
}
