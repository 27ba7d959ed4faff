import { InboxOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Modal, Typography, Upload } from 'antd';
import type { UploadFile } from 'antd';
import { useState } from 'react';
import type { ApiError } from '../../app/api.ts';
import { usePode } from '../../app/perfil.ts';
import { AcompanharTarefa, enviarArquivos, useInvalidar } from './tarefa.tsx';

// Import of NF-e or CT-e: many .xml/.zip dropped at once, sent in one multipart request (parts `file`),
// then the task's live progress and per-file report (the queue screen's, reused).
const TIPOS = {
  nfe: { nome: 'NF-e', url: '/api/importar/documentos/import-nfe', recurso: 'nfes', listas: ['nfes', 'ctes', 'fila-tarefas'] },
  cte: { nome: 'CT-e', url: '/api/importar/documentos/import-cte', recurso: 'ctes', listas: ['ctes', 'nfes', 'fila-tarefas'] },
} as const;

export function ImportarDocumentos({ documento }: { documento: keyof typeof TIPOS }) {
  const cfg = TIPOS[documento];
  const pode = usePode();
  const { message } = App.useApp();
  const invalidar = useInvalidar();
  const [aberto, setAberto] = useState(false);
  const [arquivos, setArquivos] = useState<UploadFile[]>([]);
  const [enviando, setEnviando] = useState(false);
  const [erro, setErro] = useState<string | null>(null);
  const [tarefa, setTarefa] = useState<string | null>(null);
  if (!pode(cfg.recurso, 'criar')) return null;

  const fechar = () => {
    setAberto(false);
    setArquivos([]);
    setTarefa(null);
    setErro(null);
  };
  async function enviar() {
    setEnviando(true);
    setErro(null);
    try {
      const r = await enviarArquivos(cfg.url, arquivos.map((f) => f.originFileObj as File));
      message.success(r.message);
      setTarefa(r.data.uid);
      invalidar(['fila-tarefas']);
    } catch (e) {
      setErro((e as ApiError).message);
    } finally {
      setEnviando(false);
    }
  }

  return (
    <>
      <Button icon={<UploadOutlined />} onClick={() => setAberto(true)}>
        Importar XML
      </Button>
      <Modal
        open={aberto}
        title={`Importar ${cfg.nome}`}
        width={760}
        onCancel={fechar}
        destroyOnHidden
        footer={
          tarefa
            ? [
                <Button key="outro" onClick={() => { setTarefa(null); setArquivos([]); }}>
                  Importar outros arquivos
                </Button>,
                <Button key="fechar" type="primary" onClick={fechar}>
                  Fechar
                </Button>,
              ]
            : [
                <Button key="cancelar" onClick={fechar}>
                  Cancelar
                </Button>,
                <Button key="enviar" type="primary" disabled={!arquivos.length} loading={enviando} onClick={enviar}>
                  Enviar {arquivos.length ? `${arquivos.length} arquivo(s)` : ''}
                </Button>,
              ]
        }
      >
        {tarefa ? (
          <AcompanharTarefa uid={tarefa} aoTerminar={() => invalidar([...cfg.listas])} />
        ) : (
          <>
            <Upload.Dragger
              multiple
              accept=".xml,.zip,application/xml,text/xml,application/zip"
              fileList={arquivos}
              beforeUpload={(_f, lista) => {
                // Kept here and sent together on "Enviar": one task for the whole drop.
                const novos = lista.filter((f) => /\.(xml|zip)$/i.test(f.name));
                if (novos.length < lista.length) message.warning('Só arquivos .xml ou .zip são aceitos.');
                setArquivos((atual) => [...atual, ...novos.filter((n) => !atual.some((a) => a.uid === n.uid)).map((f) => ({ uid: f.uid, name: f.name, size: f.size, originFileObj: f }))]);
                return false;
              }}
              onRemove={(f) => setArquivos((atual) => atual.filter((a) => a.uid !== f.uid))}
            >
              <p className="ant-upload-drag-icon">
                <InboxOutlined />
              </p>
              <p className="ant-upload-text">Arraste aqui os arquivos XML ou ZIP de {cfg.nome}, ou clique para escolher</p>
              <p className="ant-upload-hint">
                Vários arquivos de uma vez; um ZIP pode trazer muitos XML (até 200 MB e 20.000 documentos por envio).
              </p>
            </Upload.Dragger>
            <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
              Cada documento é conferido (chave de acesso e assinatura digital) e gravado por si: um arquivo com problema não impede os demais.
              Documentos já importados são informados no relatório.
            </Typography.Paragraph>
            {erro && <Alert type="error" showIcon style={{ marginTop: 12 }} title={erro} data-testid="erro-envio" />}
          </>
        )}
      </Modal>
    </>
  );
}
