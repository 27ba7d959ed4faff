import type { CotacaoFrete } from '@fretio/core';
import { Space } from 'antd';
import { usePode } from '../../app/perfil.ts';
import { JustificativaAcao } from '../../resources/JustificativaAcao.tsx';

// What a command on a quotation changes: the quotation, its request and its carriers' answers.
const CHAVES_COTACAO = ['cotacoesfrete', 'solicitacoesfrete', 'cotacoesfrete-transportadores'];

// The quotation's commands that need a justification: reject (closed, awaiting a decision) and cancel.
export function AcoesCotacao({ registro }: { registro: CotacaoFrete }) {
  const pode = usePode();
  const url = `/cotacoesfrete/${registro.uid}`;
  const reprovavel = registro.status === 3 && registro.situacaoAprovacao === 3;
  const cancelavel = registro.status >= 1 && registro.status <= 3;
  return (
    <Space size={4}>
      {reprovavel && pode('cotacoesfrete', 'aprovar') && (
        <JustificativaAcao
          invalida={CHAVES_COTACAO}
          label="Reprovar"
          titulo={`Reprovar a cotação ${registro.numero}`}
          url={`${url}/${registro.indicaAprovacaoUsuario ? 'aprovacao-usuario' : 'aprovacao'}`}
          corpo={(justificativa) => ({ aprovado: false, justificativa })}
          danger
        />
      )}
      {cancelavel && pode('cotacoesfrete', 'alterar') && (
        <JustificativaAcao
          invalida={CHAVES_COTACAO}
          label="Cancelar"
          titulo={`Cancelar a cotação ${registro.numero}`}
          url={`${url}/atualizarstatus`}
          corpo={(justificativa) => ({ status: 5, justificativa })}
          danger
        />
      )}
    </Space>
  );
}
