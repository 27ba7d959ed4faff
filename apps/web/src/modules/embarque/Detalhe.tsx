import { SolutionOutlined, TruckOutlined } from '@ant-design/icons';
import { ACOES_EMBARQUE, type Embarque, acaoProibida, formatarData, formatarDinheiro, statusDef, } from '@fretio/core';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Descriptions, Skeleton, Space, Tag, Typography } from 'antd';
import { Link, useNavigate } from 'react-router';
import { ApiError, apiPost } from '../../app/api.ts';
import { usePode } from '../../app/perfil.ts';
import { queryKeys } from '../../app/queryKeys.ts';
import { JustificativaAcao } from '../../resources/JustificativaAcao.tsx';
import { PaginaHistorico } from '../../resources/PaginaHistorico.tsx';
import { ParentTabs } from '../../resources/ParentTabs.tsx';
import { usePathParams } from '../../resources/pathParams.ts';
import { resourceByKey } from '../../resources/registry.ts';
import type { ResourceDef } from '../../resources/types.ts';
import { useResourceDetail } from '../../resources/useResourceApi.ts';
import { formatarNumero } from '../produtos/numeros.ts';
import { lugarDaCarga } from '../solicitacoesfrete/campos.tsx';

// The shipment's detail (its NF-es are the next tab): carrier and agreed freight, totals, the quotation
// and the pickup order made from it — each a link — and the commands that make them, shown only when
// the shipment allows (the server checks again): each leads to the record it created.

const CHAVES = ['embarque', 'embarque-nfes', 'embarque-historico', 'cotacoesfrete', 'ordenscoleta'];
const tag = (key: 'embarque' | 'cotacaoFrete' | 'ordemColeta', v: number | null) => {
  if (v === null) return null;
  const s = statusDef(key, v);
  return <Tag color={s?.color}>{s?.label ?? String(v)}</Tag>;
};

/** Whether the shipment may generate a quotation / a pickup order now (the server's rules). */
export const geraCotacao = (r: Embarque) => r.status === 1 && !r.cotacaoUid;
export const geraOrdem = (r: Embarque) => (r.status === 1 || r.status === 2) && (r.ordemColetaStatus === null || r.ordemColetaStatus === 5 || r.ordemColetaStatus === 6);

function useGerar(r: Embarque) {
  const { message, modal } = App.useApp();
  const qc = useQueryClient();
  const navigate = useNavigate();
  return (o: { url: string; pergunta: string; destino: (uid: string) => string; titulo: string }) =>
    modal.confirm({
      title: o.titulo,
      content: o.pergunta,
      okText: 'Gerar',
      cancelText: 'Cancelar',
      onOk: async () => {
        try {
          const res = await apiPost<{ uid: string; numero: number }>(`/embarque/${r.uid}/${o.url}`);
          message.success(res.message || 'Registro criado.');
          await Promise.all(CHAVES.map((k) => qc.invalidateQueries({ queryKey: queryKeys.resource(k).all })));
          navigate(o.destino(res.data.uid));
        } catch (e) {
          message.error(e instanceof ApiError ? e.message : 'Não foi possível gerar.');
        }
      },
    });
}

/** "Gerar cotação" / "Gerar ordem de coleta", each opening what it created. */
export function GerarDoEmbarque({ registro: r }: { registro: Embarque }) {
  const pode = usePode();
  const gerar = useGerar(r);
  const cotacao = geraCotacao(r) && pode('embarque', 'alterar');
  const ordem = geraOrdem(r) && pode('ordenscoleta', 'criar');
  if (!cotacao && !ordem) return null;
  return (
    <Space wrap>
      {cotacao && (
        <Button
          icon={<SolutionOutlined />}
          onClick={() =>
            gerar({
              url: 'gerar-cotacao',
              titulo: 'Gerar cotação',
              pergunta: `Criar uma cotação spot com os locais, a carga e as NF-es do embarque ${r.numero}? Depois, convide os transportadores nela.`,
              destino: (uid) => `/cotacoesfrete/${uid}/transportadores`,
            })
          }
        >
          Gerar cotação
        </Button>
      )}
      {ordem && (
        <Button
          icon={<TruckOutlined />}
          onClick={() =>
            gerar({
              url: 'gerar-ordem-coleta',
              titulo: 'Gerar ordem de coleta',
              pergunta: `Criar uma ordem de coleta${r.transportadorNome ? ` para ${r.transportadorNome}` : ''} com as NF-es do embarque ${r.numero}?`,
              destino: (uid) => `/ordenscoleta/${uid}/produtos`,
            })
          }
        >
          Gerar ordem de coleta
        </Button>
      )}
    </Space>
  );
}

/** Cancel and reopen need a justification (justificativaStatus). */
export function AcoesEmbarque({ registro: r }: { registro: Embarque }) {
  const pode = usePode();
  if (!pode('embarque', 'alterar')) return null;
  const url = `/embarque/${r.uid}`;
  const permitida = (a: 'cancel' | 'reabrir') => acaoProibida('embarque', ACOES_EMBARQUE, r.status, a) === null;
  return (
    <Space size={4}>
      {permitida('reabrir') && (
        <JustificativaAcao label="Reabrir" titulo={`Reabrir o embarque ${r.numero}`} url={`${url}/reabrir`} corpo={(justificativaStatus) => ({ justificativaStatus })} invalida={CHAVES} />
      )}
      {permitida('cancel') && (
        <JustificativaAcao
          label="Cancelar"
          titulo={`Cancelar o embarque ${r.numero}`}
          url={`${url}/cancel`}
          corpo={(justificativaStatus) => ({ justificativaStatus })}
          invalida={CHAVES}
          danger
        />
      )}
    </Space>
  );
}

export function DetalheEmbarquePage({ def }: { def: ResourceDef }) {
  const uid = usePathParams().uid ?? '';
  const q = useResourceDetail(resourceByKey('embarque') as ResourceDef, uid);
  const r = q.data as Embarque | undefined;
  return (
    <>
      <ParentTabs def={def} />
      <Card>
        {q.isError ? (
          <Alert type="error" showIcon title={q.error.message} />
        ) : !r ? (
          <Skeleton active />
        ) : (
          <Space direction="vertical" size="middle" style={{ width: '100%' }}>
            <GerarDoEmbarque registro={r} />
            <Descriptions bordered size="small" column={{ xs: 1, md: 2 }} data-testid="embarque-detalhe">
              <Descriptions.Item label="Status">
                {tag('embarque', r.status)}
                {r.justificativaStatus && <Typography.Text type="secondary"> {r.justificativaStatus}</Typography.Text>}
              </Descriptions.Item>
              <Descriptions.Item label="Data de embarque">{r.dataEmbarque ? formatarData(r.dataEmbarque) : '—'}</Descriptions.Item>
              <Descriptions.Item label="Origem">{lugarDaCarga(r, 'origem')}</Descriptions.Item>
              <Descriptions.Item label="Destino">{lugarDaCarga(r, 'destino')}</Descriptions.Item>
              <Descriptions.Item label="Transportador">{r.transportadorNome ?? '—'}</Descriptions.Item>
              <Descriptions.Item label="Tipo de veículo">{r.tipoVeiculoNome ?? '—'}</Descriptions.Item>
              <Descriptions.Item label="Frete acordado">{r.freteAcordado === null ? '—' : `R$ ${formatarDinheiro(r.freteAcordado)}`}</Descriptions.Item>
              <Descriptions.Item label="Prazo acordado">{r.prazoAcordadoDiasUteis === null ? '—' : `${r.prazoAcordadoDiasUteis} dias úteis`}</Descriptions.Item>
              <Descriptions.Item label="NF-es">
                {r.quantidadeNfes} · {formatarNumero(r.pesoTotalKg, 3)} kg · {formatarNumero(r.volumeTotalM3, 3)} m³ · {r.volumes} volumes
              </Descriptions.Item>
              <Descriptions.Item label="Valor das NF-es">R$ {formatarDinheiro(r.valorTotal)}</Descriptions.Item>
              <Descriptions.Item label="Cotação">
                {r.cotacaoUid ? (
                  <Space size={4}>
                    <Link to={`/cotacoesfrete/${r.cotacaoUid}/transportadores`}>Cotação nº {r.cotacaoNumero}</Link>
                    {tag('cotacaoFrete', r.cotacaoStatus)}
                  </Space>
                ) : (
                  '—'
                )}
              </Descriptions.Item>
              <Descriptions.Item label="Ordem de coleta">
                {r.ordemColetaUid ? (
                  <Space size={4}>
                    <Link to={`/ordenscoleta/${r.ordemColetaUid}/produtos`}>Ordem de coleta nº {r.ordemColetaNumero}</Link>
                    {tag('ordemColeta', r.ordemColetaStatus)}
                  </Space>
                ) : (
                  '—'
                )}
              </Descriptions.Item>
              {r.observacao && (
                <Descriptions.Item label="Observação" span={2}>
                  {r.observacao}
                </Descriptions.Item>
              )}
            </Descriptions>
          </Space>
        )}
      </Card>
    </>
  );
}

const ACOES_HISTORICO: Record<string, string> = { criar: 'Criado', alterar: 'Alterado', status: 'Status alterado', 'simular-frete': 'Frete simulado', 'gerar-cotacao': 'Cotação gerada' };
export const HistoricoEmbarquePage = ({ def }: { def: ResourceDef }) => <PaginaHistorico def={def} api="embarque" statusKey="embarque" acoes={ACOES_HISTORICO} />;
