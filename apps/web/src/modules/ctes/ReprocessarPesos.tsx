import { ReloadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Checkbox, Modal, Typography } from 'antd';
import { useState } from 'react';
import { api, type ApiError } from '../../app/api.ts';
import { usePode } from '../../app/perfil.ts';
import { AcompanharTarefa, useInvalidar } from '../nfes/tarefa.tsx';

// "Reprocessar pesos" on the CT-e list (users who may change CT-es): queues the task that re-reads the stored
// XML of the CT-es imported before the cubed/base weights were kept, and follows its progress and report.
export function ReprocessarPesos() {
  const pode = usePode();
  const { message } = App.useApp();
  const invalidar = useInvalidar();
  const [aberto, setAberto] = useState(false);
  const [reauditar, setReauditar] = useState(true);
  const [enviando, setEnviando] = useState(false);
  const [erro, setErro] = useState<string | null>(null);
  const [tarefa, setTarefa] = useState<string | null>(null);
  if (!pode('ctes', 'alterar')) return null;

  const fechar = () => {
    setAberto(false);
    setTarefa(null);
    setErro(null);
  };
  async function iniciar() {
    setEnviando(true);
    setErro(null);
    try {
      const r = await api<{ uid: string }>('/documentos/ctes/reprocessar-pesos', { method: 'POST', body: { reauditar } });
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
      <Button icon={<ReloadOutlined />} onClick={() => setAberto(true)}>
        Reprocessar pesos
      </Button>
      <Modal
        open={aberto}
        title="Reprocessar pesos dos CT-e"
        width={760}
        onCancel={fechar}
        destroyOnHidden
        footer={
          tarefa
            ? [<Button key="fechar" type="primary" onClick={fechar}>Fechar</Button>]
            : [
                <Button key="cancelar" onClick={fechar}>Cancelar</Button>,
                <Button key="iniciar" type="primary" loading={enviando} onClick={iniciar}>Iniciar</Button>,
              ]
        }
      >
        {tarefa ? (
          <AcompanharTarefa uid={tarefa} aoTerminar={() => invalidar(['ctes', 'auditorias', 'fila-tarefas'])} />
        ) : (
          <>
            <Typography.Paragraph>
              Os CT-e importados antes de o sistema guardar o peso cubado e o peso base de cálculo são relidos do XML original, e esses pesos são preenchidos.
              CT-e recebidos só pelo CONEMB não têm XML: o CONEMB não traz esses pesos.
            </Typography.Paragraph>
            <Checkbox checked={reauditar} onChange={(e) => setReauditar(e.target.checked)}>
              Re-auditar os CT-e cujos pesos mudarem
            </Checkbox>
            {erro && <Alert type="error" showIcon style={{ marginTop: 12 }} title={erro} />}
          </>
        )}
      </Modal>
    </>
  );
}
