import { DownloadOutlined, InboxOutlined, UploadOutlined } from '@ant-design/icons';
import { type ImportacaoResultado, MSG } from '@fretio/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Flex, Modal, Space, Table, Typography, Upload } from 'antd';
import { useState } from 'react';
import { API_BASE, ApiError, api } from '../app/api.ts';
import { usePode } from '../app/perfil.ts';
import { queryKeys } from '../app/queryKeys.ts';
import { permite } from './registry.ts';
import type { ResourceDef } from './types.ts';
import { useResourceApi } from './useResourceApi.ts';

// Import of a register from a CSV/XLSX sheet (POST {api}/importar?apenasValidas=, multipart 'file';
// template at GET {api}/modelo): the per-row report (linha, campo, mensagem) in a table and, when
// some rows are valid, the choice to save only those. A list header button (`toolbar` of the declaration).
export const IMPORTACAO_TIMEOUT_MS = 30 * 60 * 1000;
const ACEITOS = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

type Resultado = { ok: boolean; message: string; relatorio: ImportacaoResultado | null };

export function ImportarPlanilha({ def }: { def: ResourceDef }) {
  const pode = usePode();
  const [aberto, setAberto] = useState(0);
  if (!permite(def, pode, 'criar')) return null;
  return (
    <>
      <Button icon={<UploadOutlined />} onClick={() => setAberto(Date.now())}>
        Importar
      </Button>
      {aberto > 0 && <ImportarModal key={aberto} def={def} onClose={() => setAberto(0)} />}
    </>
  );
}

function ImportarModal({ def, onClose }: { def: ResourceDef; onClose: () => void }) {
  const { base } = useResourceApi(def);
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const [arquivo, setArquivo] = useState<File | null>(null);
  const [resultado, setResultado] = useState<Resultado | null>(null);

  const importar = useMutation({
    mutationFn: async (apenasValidas: boolean): Promise<Resultado> => {
      if (!arquivo) throw new ApiError(MSG.arquivoNaoFornecido, 400);
      const form = new FormData();
      form.append('file', arquivo);
      try {
        const r = await api<ImportacaoResultado>(`${base}/importar`, {
          method: 'POST',
          body: form,
          query: { apenasValidas: String(apenasValidas) },
          signal: AbortSignal.timeout(IMPORTACAO_TIMEOUT_MS),
        });
        return { ok: true, message: r.message, relatorio: r.data };
      } catch (e) {
        if (e instanceof ApiError && e.status !== 401) {
          return { ok: false, message: e.message || MSG.erroImportar, relatorio: (e.data as ImportacaoResultado | undefined) ?? null };
        }
        if ((e as Error).name === 'TimeoutError') return { ok: false, message: MSG.erroImportar, relatorio: null };
        throw e;
      }
    },
    onSuccess: async (r) => {
      setResultado(r);
      if (r.ok) {
        message.success(r.message);
        await Promise.all(
          [def.key, ...(def.invalidates ?? [])].map((k) => queryClient.invalidateQueries({ queryKey: queryKeys.resource(k).all })),
        );
      }
    },
  });

  const rel = resultado?.relatorio;
  const validas = rel ? rel.validas : 0;
  return (
    <Modal
      open
      title={`Importar ${def.label.toLowerCase()}`}
      width={760}
      onCancel={onClose}
      footer={
        <Space wrap style={{ justifyContent: 'flex-end' }}>
          <Button onClick={onClose}>Fechar</Button>
          {resultado && !resultado.ok && rel && rel.salvas === 0 && validas > 0 && (
            <Button loading={importar.isPending && importar.variables === true} onClick={() => importar.mutate(true)}>
              Importar só as válidas
            </Button>
          )}
          <Button
            type="primary"
            icon={<UploadOutlined />}
            disabled={!arquivo || !!resultado?.ok}
            loading={importar.isPending && importar.variables === false}
            onClick={() => importar.mutate(false)}
          >
            Importar
          </Button>
        </Space>
      }
    >
      <Flex vertical gap={12}>
        <Typography.Paragraph style={{ margin: 0 }}>
          Envie uma planilha CSV ou XLSX com o cabeçalho do modelo. Se alguma linha tiver erro, nada é gravado e as linhas com erro são
          listadas abaixo; você pode corrigir o arquivo ou importar só as linhas válidas.
        </Typography.Paragraph>
        <Space wrap>
          <Typography.Text>Modelo:</Typography.Text>
          <a href={`${API_BASE}${base}/modelo`} download>
            <DownloadOutlined /> Baixar modelo (XLSX)
          </a>
          <a href={`${API_BASE}${base}/modelo?formato=csv`} download>
            <DownloadOutlined /> CSV
          </a>
        </Space>
        <Upload.Dragger
          accept={ACEITOS}
          maxCount={1}
          fileList={arquivo ? [{ uid: 'arquivo', name: arquivo.name, status: 'done' }] : []}
          beforeUpload={(f) => {
            setArquivo(f);
            setResultado(null);
            return false;
          }}
          onRemove={() => {
            setArquivo(null);
            setResultado(null);
          }}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">Clique ou arraste o arquivo (CSV ou XLSX)</p>
        </Upload.Dragger>
        {resultado && <Relatorio resultado={resultado} />}
      </Flex>
    </Modal>
  );
}

function Relatorio({ resultado: { ok, message, relatorio } }: { resultado: Resultado }) {
  const erros = relatorio?.erros ?? [];
  return (
    <Flex vertical gap={8} data-testid="relatorio-importacao">
      <Alert
        type={ok ? (erros.length ? 'warning' : 'success') : 'error'}
        showIcon
        title={message}
        description={
          relatorio &&
          `${relatorio.total} linha(s) lida(s): ${relatorio.validas} válida(s), ${relatorio.invalidas} com erro; ${relatorio.salvas} registro(s) salvo(s).`
        }
      />
      {erros.length > 0 && (
        <Table
          size="small"
          rowKey={(e) => `${e.linha}:${e.campo}:${e.mensagem}`}
          dataSource={erros}
          pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
          columns={[
            { key: 'linha', dataIndex: 'linha', title: 'Linha', width: 80 },
            { key: 'campo', dataIndex: 'campo', title: 'Campo', width: 160 },
            { key: 'mensagem', dataIndex: 'mensagem', title: 'Mensagem' },
          ]}
        />
      )}
    </Flex>
  );
}
