
import { Card, } from 'antd';
import { usePode } from '../../app/perfil.ts';
import { Anexos } from '../../resources/anexos/Anexos.tsx';
import { PaginaHistorico } from '../../resources/PaginaHistorico.tsx';
import { ParentTabs } from '../../resources/ParentTabs.tsx';
import { usePathParams } from '../../resources/pathParams.ts';
import { resourceByKey } from '../../resources/registry.ts';
import type { ResourceDef } from '../../resources/types.ts';
import { useResourceDetail } from '../../resources/useResourceApi.ts';

// The order's own tabs beside products and NF-es: attachments (editable while a draft) and the
// timeline of its audit trail (who, when, status before → after, justification).

export function AnexosOrdemPage({ def }: { def: ResourceDef }) {
  const uid = usePathParams().uid ?? '';
  const ordem = useResourceDetail(resourceByKey('ordenscoleta') as ResourceDef, uid).data as { status: number } | undefined;
  const pode = usePode();
  return (
    <>
      <ParentTabs def={def} />
      <Card>
        <Anexos api={`/ordenscoleta/${uid}/anexos`} podeAlterar={pode('ordenscoleta', 'alterar') && ordem?.status === 1} />
      </Card>
    </>
  );
}

const ACOES_HISTORICO: Record<string, string> = { criar: 'Criada', alterar: 'Alterada', status: 'Status alterado', liberacaoitem: 'Item liberado', confirmar: 'Confirmada pela transportadora', recusar: 'Recusada pela transportadora' };
export const HistoricoOrdemPage = ({ def }: { def: ResourceDef }) => <PaginaHistorico def={def} api="ordenscoleta" statusKey="ordemColeta" acoes={ACOES_HISTORICO} />;
