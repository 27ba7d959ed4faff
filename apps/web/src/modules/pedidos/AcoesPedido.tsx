import { type Pedido, type PedidoSimulacao, formatarDinheiro } from '@fretio/core';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Modal, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { ApiError, type ListPage, apiGet, apiPost } from '../../app/api.ts';
import { usePode } from '../../app/perfil.ts';
import { queryKeys } from '../../app/queryKeys.ts';

// The order's freight: simulate over the tables (ranked, cheapest first) and select one line (carrier and
// expected freight fixed), or generate a spot quotation when no table covers it; link the issued NF-e.

const base = (uid: string) => `/documentos/pedidos/${uid}`;

function useInvalidar() {
  const qc = useQueryClient();
  return () => Promise.all(['pedidos', 'cotacoesfrete'].map((k) => qc.invalidateQueries({ queryKey: queryKeys.resource(k).all })));
}

function SimularFrete({ registro }: { registro: Pedido }) {
  const [aberto, setAberto] = useState(false);
  const [carregando, setCarregando] = useState(false);
  const [linhas, setLinhas] = useState<PedidoSimulacao[] | null>(null);
  const [selecionando, setSelecionando] = useState<string | null>(null);
  const { message } = App.useApp();
  const invalidar = useInvalidar();
  async function simular() {
    setAberto(true);
    setCarregando(true);
    setLinhas(null);
    try {
      const r = await apiGet<ListPage<PedidoSimulacao>>(`${base(registro.uid)}/simular-frete`);
      setLinhas(r.data.data);
    } catch (e) {
      message.error(e instanceof ApiError ? e.message : 'Não foi possível simular o frete.');
      setAberto(false);
    } finally {
      setCarregando(false);
    }
  }
  async function selecionar(s: PedidoSimulacao) {
    setSelecionando(s.uid);
    try {
      await apiPost(`${base(registro.uid)}/selecionar-calculo`, { simulacaoFreteUid: s.uid });
      message.success(`Frete definido: ${s.transportadorNome}, R$ ${formatarDinheiro(s.total)}.`);
      setAberto(false);
      await invalidar();
    } catch (e) {
      message.error(e instanceof ApiError ? e.message : 'Não foi possível selecionar.');
    } finally {
      setSelecionando(null);
    }
  }
  async function cotar() {
    try {
      const r = await apiGet<{ numero: number }>(`${base(registro.uid)}/gerar-cotacao`);
      message.success(`Cotação nº ${r.data.numero} criada. Convide os transportadores na tela de cotações.`);
      setAberto(false);
      await invalidar();
    } catch (e) {
      message.error(e instanceof ApiError ? e.message : 'Não foi possível gerar a cotação.');
    }
  }
  return (
    <>
      <Button size="small" onClick={simular}>
        Simular frete
      </Button>
      <Modal title={`Simulação de frete do pedido ${registro.numero}`} open={aberto} onCancel={() => setAberto(false)} footer={null} width={860} destroyOnHidden>
        {linhas && linhas.length === 0 && (
          <Alert
            type="warning"
            showIcon
            message="Nenhuma tabela de frete cobre este pedido."
            action={
              !registro.cotacaoUid && (
                <Button size="small" onClick={cotar}>
                  Gerar cotação
                </Button>
              )
            }
          />
        )}
        {(carregando || (linhas && linhas.length > 0)) && (
          <Table<PedidoSimulacao>
            rowKey="uid"
            size="small"
            loading={carregando}
            pagination={false}
            dataSource={linhas ?? []}
            columns={[
              { title: 'Nº', dataIndex: 'posicao', width: 50 },
              {
                title: 'Transportador',
                dataIndex: 'transportadorNome',
                render: (v: string, s) => (
                  <Space>
                    {v}
                    {s.posicao === 1 && <Tag color="green">Mais barato</Tag>}
                  </Space>
                ),
              },
              { title: 'Tabela', dataIndex: 'tabelaNome' },
              { title: 'Prazo (dias úteis)', dataIndex: 'prazoDiasUteis', width: 130 },
              { title: 'Frete (R$)', dataIndex: 'total', align: 'right', width: 120, render: (v: number) => formatarDinheiro(v) },
              {
                title: '',
                key: 'acao',
                width: 110,
                render: (_v, s) => (
                  <Button size="small" type="primary" loading={selecionando === s.uid} onClick={() => selecionar(s)} aria-label={`Selecionar ${s.tabelaNome}`}>
                    Selecionar
                  </Button>
                ),
              },
            ]}
          />
        )}
      </Modal>
    </>
  );
}

type OpcaoNfe = { uid: string; numero: number; serie: number; destinatarioNome: string | null; valorTotal: number | null };

function VincularNfe({ registro }: { registro: Pedido }) {
  const [aberto, setAberto] = useState(false);
  const [opcoes, setOpcoes] = useState<OpcaoNfe[]>([]);
  const [nfeUid, setNfeUid] = useState<string | null>(null);
  const [erro, setErro] = useState<string | null>(null);
  const [enviando, setEnviando] = useState(false);
  const { message } = App.useApp();
  const invalidar = useInvalidar();
  async function abrir() {
    setAberto(true);
    setErro(null);
    const r = await apiGet<ListPage<OpcaoNfe>>('/documentos/nfes', { pps: 100 });
    setOpcoes(r.data.data);
  }
  async function enviar() {
    if (!nfeUid) {
      setErro('Escolha a NF-e');
      return;
    }
    setEnviando(true);
    try {
      const r = await apiPost(`${base(registro.uid)}/definir-nfe`, { nfeUid });
      message.success(r.message);
      setAberto(false);
      await invalidar();
    } catch (e) {
      if (e instanceof ApiError) setErro(e.fieldErrors.find((f) => f.field === 'nfeUid')?.message ?? e.message);
      else throw e;
    } finally {
      setEnviando(false);
    }
  }
  return (
    <>
      <Button size="small" onClick={abrir}>
        Vincular NF-e
      </Button>
      <Modal title={`NF-e do pedido ${registro.numero}`} open={aberto} onOk={enviar} okText="Vincular" confirmLoading={enviando} onCancel={() => setAberto(false)} destroyOnHidden>
        <Select
          style={{ width: '100%' }}
          showSearch
          optionFilterProp="label"
          placeholder="NF-e emitida"
          value={nfeUid}
          onChange={setNfeUid}
          status={erro ? 'error' : undefined}
          options={opcoes.map((n) => ({
            value: n.uid,
            label: `NF-e ${n.numero}/${n.serie}${n.destinatarioNome ? ` · ${n.destinatarioNome}` : ''}${n.valorTotal !== null ? ` · R$ ${formatarDinheiro(n.valorTotal)}` : ''}`,
          }))}
        />
        {erro && <div style={{ color: 'var(--ant-color-error)', marginTop: 4 }}>{erro}</div>}
      </Modal>
    </>
  );
}

export function AcoesPedido({ registro }: { registro: Pedido }) {
  const pode = usePode();
  if (registro.status === 4 || !pode('pedidos', 'alterar')) return null;
  return (
    <Space size={4}>
      <SimularFrete registro={registro} />
      <VincularNfe registro={registro} />
    </Space>
  );
}
