import { ExportOutlined } from '@ant-design/icons';
import { Alert, App, Button, Checkbox, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { type ApiError, apiPost } from '../../app/api.ts';
import { usePode } from '../../app/perfil.ts';
import type { ResourceDef } from '../../resources/types.ts';
import { AcompanharTarefa, baixarArquivoDaTarefa, useInvalidar } from './tarefa.tsx';

// Export of the notes the list shows (its filters, the "sem CT-e" switch and the carrier mode) to
// XLSX, optionally with a ZIP of their XML: a task whose file is offered when it ends.
export function ExportarNfes({ def }: { def: ResourceDef }) {
  const pode = usePode();
  const { message } = App.useApp();
  const invalidar = useInvalidar();
  const [params] = useSearchParams();
  const [aberto, setAberto] = useState(false);
  const [incluirXml, setIncluirXml] = useState(false);
  const [enviando, setEnviando] = useState(false);
  const [erro, setErro] = useState<string | null>(null);
  const [tarefa, setTarefa] = useState<string | null>(null);
  if (!pode(def.recurso, 'ler')) return null;

  const filtros: Record<string, string> = {};
  for (const [k, v] of Object.entries(def.listQuery ?? {})) if (v !== undefined && v !== null && v !== '') filtros[k] = String(v);
  params.forEach((v, k) => {
    if ((k.startsWith('ftr_') || k === 'ssf' || k === 'sso') && v) filtros[k] = v;
  });
  const algumFiltro = Object.keys(filtros).some((k) => k.startsWith('ftr_') || k === 'semCte');

  async function exportar() {
    setEnviando(true);
    setErro(null);
    try {
      const r = await apiPost<{ uid: string }>('/documentos/export-nfes', { filtros, incluirXml });
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
  };

  return (
    <>
      <Button icon={<ExportOutlined />} onClick={() => setAberto(true)}>
        Exportar
      </Button>
      <Modal
        open={aberto}
        title="Exportar NF-e"
        width={640}
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
                Exportar
              </Button>,
            ]
          )
        }
      >
        {tarefa ? (
          <AcompanharTarefa uid={tarefa} extra={baixarArquivoDaTarefa} />
        ) : (
          <>
            <Typography.Paragraph>
              {algumFiltro ? 'Serão exportadas as NF-e que a lista mostra com os filtros atuais' : 'Nenhum filtro aplicado: serão exportadas todas as NF-e'}, numa planilha
              XLSX.
            </Typography.Paragraph>
            <Checkbox checked={incluirXml} onChange={(e) => setIncluirXml(e.target.checked)}>
              Incluir os XML originais (arquivo ZIP com a planilha e os XML)
            </Checkbox>
            {erro && <Alert type="error" showIcon style={{ marginTop: 12 }} title={erro} />}
          </>
        )}
      </Modal>
    </>
  );
}
