import { Card, Empty, Select, Space, Statistic, Table, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatarData, formatarDinheiro, TIPO_USUARIO } from '@fretio/core';
import { apiGet, type ListPage } from '../../app/api.ts';
import { usePerfil } from '../../app/perfil.ts';
import { queryKeys } from '../../app/queryKeys.ts';
import type { ResourceDef } from '../../resources/types.ts';
import type { ContaCorrente } from './tipos.ts';

// The carrier's running balance: choose the carrier, see the balance and every dated entry (accepted
// divergences, invoice nettings and their reversals) with the balance after each one. A carrier's user
// sees only its own carrier's account with the active shipper (read-only; the header switches shipper).
export function ContaCorrentePage({ def }: { def: ResourceDef }) {
  const { data: perfil } = usePerfil();
  const proprio = perfil?.tipoUsuario === TIPO_USUARIO.TRANSPORTADOR ? (perfil.transportador?.uid ?? null) : undefined;
  const [escolhido, setTransportador] = useState<string | undefined>();
  const transportadorUid = proprio === undefined ? escolhido : (proprio ?? undefined);
  const [pagina, setPagina] = useState({ pc: 1, pps: 20 });
  // another carrier starts on the first page (a state reset, not an effect)
  const [visto, setVisto] = useState(transportadorUid);
  if (visto !== transportadorUid) {
    setVisto(transportadorUid);
    setPagina({ pc: 1, pps: 20 });
  }
  const carriers = useQuery({
    queryKey: [...queryKeys.resource('transportadores').all, 'conta-corrente-opcoes'],
    queryFn: async () => (await apiGet<ListPage<{ uid: string; nome: string; nomeFantasia: string | null }>>('/transportadores', { pps: 500, ssf: 'nome' })).data.data,
    enabled: !!perfil && proprio === undefined,
  });
  const conta = useQuery({
    queryKey: [...queryKeys.resource('fatura').all, 'conta-corrente', transportadorUid, pagina.pc, pagina.pps],
    queryFn: async () => (await apiGet<ContaCorrente>(`/fatura/conta-corrente/${transportadorUid}`, pagina)).data,
    enabled: !!transportadorUid,
    placeholderData: (anterior) => anterior,
  });
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="large">
      <Typography.Title level={3} style={{ margin: 0 }}>{proprio === undefined ? def.label : 'Conta corrente com o embarcador'}</Typography.Title>
      <Typography.Text type="secondary">
        {proprio === undefined ? def.description
          : `Divergências aceitas na auditoria e descontos nas faturas de ${perfil?.embarcadorAtivo?.nome ?? 'o embarcador ativo'}; troque o embarcador no topo para ver o saldo com outro.`}
      </Typography.Text>
      {proprio === undefined && <Select style={{ width: 420 }} showSearch optionFilterProp="label" placeholder="Transportador" value={transportadorUid} onChange={setTransportador}
        loading={carriers.isLoading} data-testid="cc-transportador"
        options={(carriers.data ?? []).map((c) => ({ value: c.uid, label: c.nomeFantasia || c.nome }))} />}
      {!transportadorUid ? <Empty description={proprio === null ? 'Usuário sem transportador' : 'Escolha um transportador'} /> : (
        <>
          <Card size="small" data-testid="cc-saldo">
            <Statistic title={proprio === undefined ? 'Saldo (positivo: o transportador deve ao embarcador)' : `Saldo de ${conta.data?.transportadorNome ?? ''} com ${perfil?.embarcadorAtivo?.nome ?? 'o embarcador'} (positivo: a descontar nas próximas faturas)`}
              value={formatarDinheiro(conta.data?.saldo ?? 0)} prefix="R$" loading={conta.isLoading} />
            {!!conta.data?.descontoSugerido && (
              <Typography.Text type="secondary" data-testid="cc-desconto-sugerido">
                Desconto sugerido na próxima fatura: R$ {formatarDinheiro(conta.data.descontoSugerido)}
                {conta.data.descontoEmFaturasAbertas > 0 && ` (já há R$ ${formatarDinheiro(conta.data.descontoEmFaturasAbertas)} em faturas abertas)`}
              </Typography.Text>
            )}
          </Card>
          <Table size="small" rowKey="uid" loading={conta.isFetching} dataSource={conta.data?.lancamentos ?? []}
            pagination={{ current: pagina.pc, pageSize: pagina.pps, total: conta.data?.totalRecords ?? 0, showSizeChanger: true, pageSizeOptions: [20, 50, 100],
              onChange: (pc, pps) => setPagina({ pc: pps === pagina.pps ? pc : 1, pps }) }}
            columns={[
              { title: 'Data', dataIndex: 'data', width: 150, render: (v: string) => formatarData(v, true) },
              { title: 'Histórico', dataIndex: 'historico' },
              { title: 'Documento', dataIndex: 'documentoTipo', width: 120 },
              { title: 'Valor', dataIndex: 'valor', align: 'right', width: 130, render: (v: number) => formatarDinheiro(v) },
              { title: 'Saldo', dataIndex: 'saldo', align: 'right', width: 130, render: (v: number) => formatarDinheiro(v) },
            ]} />
        </>
      )}
    </Space>
  );
}
