import { FilePdfOutlined } from '@ant-design/icons';
import { type OrdemColeta, TIPO_USUARIO } from '@fretio/core';
import { Button, Space } from 'antd';
import { usePerfil, usePode } from '../../app/perfil.ts';
import { ConfirmarDialog } from './ConfirmarDialog.tsx';
import { JustificativaAcao } from '../../resources/JustificativaAcao.tsx';
import { CHAVES_ORDEM } from './chaves.ts';

// The order's commands that need a dialog: the carrier's confirm/refuse (its portal, or the shipper
// on its behalf), the shipper's cancel, and the printable PDF.
export function AcoesOrdem({ registro }: { registro: OrdemColeta }) {
  const pode = usePode();
  const transportador = usePerfil().data?.tipoUsuario === TIPO_USUARIO.TRANSPORTADOR;
  const url = `/ordenscoleta/${registro.uid}`;
  const responde = registro.status === 3 && (transportador || pode('ordenscoleta', 'alterar'));
  const cancelavel = !transportador && registro.status >= 1 && registro.status <= 3 && pode('ordenscoleta', 'alterar');
  return (
    <Space size={4}>
      {responde && <ConfirmarDialog registro={registro} />}
      {responde && (
        <JustificativaAcao label="Recusar" titulo={`Recusar a ordem de coleta ${registro.numero}`} url={`${url}/recusar`} corpo={(justificativa) => ({ justificativa })} invalida={CHAVES_ORDEM} rotulo="Motivo" danger />
      )}
      {cancelavel && (
        <JustificativaAcao label="Cancelar" titulo={`Cancelar a ordem de coleta ${registro.numero}`} url={`${url}/atualizarstatus`} corpo={(justificativa) => ({ status: 6, justificativa })} invalida={CHAVES_ORDEM} danger />
      )}
      <Button size="small" icon={<FilePdfOutlined />} href={`/api/v1${url}/pdf`} target="_blank" rel="noopener" title="Imprimir a ordem de coleta (PDF)">
        PDF
      </Button>
    </Space>
  );
}
