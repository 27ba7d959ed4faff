import { Alert, Button, Form, Space, Table, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import Decimal from 'decimal.js';
import { formatarData, formatarDinheiro, statusDef } from '@fretio/core';
import { apiGet, apiPost, type ListPage } from '../../app/api.ts';
import { queryKeys } from '../../app/queryKeys.ts';
import type { FieldComponentProps } from '../../resources/types.ts';
import type { ContaCorrente, FaturaCte } from './tipos.ts';

// The CT-es of the invoice in its form: those of the carrier (unit) that may be invoiced (approved or
// accepted in the audit, without an invoice) plus the ones it already has; the sum to the centavo, the
// carrier's running balance suggested as the netting, and a button that types the value from them.

const reais = (v: Decimal.Value) => `R$ ${formatarDinheiro(new Decimal(v).toFixed(2))}`;

export function CtesFatura({ value, onChange, form, uid }: FieldComponentProps) {
  const transportadorUid = Form.useWatch('transportadorUid', form) as string | undefined;
  const unidade = Form.useWatch('unidadeTransportadorUid', form) as string | undefined;
  const desconto = Form.useWatch('valorDesconto', form) as string | number | undefined;
  const alvo = unidade || transportadorUid;
  const selecionados = (value as string[] | undefined) ?? [];

  const disponiveis = useQuery({
    queryKey: [...queryKeys.resource('fatura').all, 'ctes-list', alvo],
    queryFn: async () => (await apiPost<ListPage<FaturaCte>>('/fatura/ctes-list', { unidadeTransportadorUid: alvo })).data.data,
    enabled: !!alvo,
  });
  const atuais = useQuery({
    queryKey: [...queryKeys.resource('fatura').all, 'ctes', uid],
    queryFn: async () => (await apiGet<ListPage<FaturaCte>>(`/fatura/${uid}/ctes`)).data.data,
    enabled: !!uid,
  });
  const conta = useQuery({
    queryKey: [...queryKeys.resource('fatura').all, 'conta-corrente', transportadorUid, uid ?? null],
    // one entry is enough: the form reads the balance and the suggested deduction (its own netting left out when editing)
    queryFn: async () => (await apiGet<ContaCorrente>(`/fatura/conta-corrente/${transportadorUid}`, { pps: 1, ...(uid ? { excetoFaturaUid: uid } : {}) })).data,
    enabled: !!transportadorUid,
  });

  // Editing: the invoice's CT-es start selected.
  useEffect(() => {
    if (value === undefined && atuais.data?.length) onChange?.(atuais.data.map((c) => c.cteUid));
  }, [value, atuais.data, onChange]);

  const linhas = [...(atuais.data ?? []), ...(disponiveis.data ?? []).filter((c) => !(atuais.data ?? []).some((a) => a.cteUid === c.cteUid))];
  const soma = linhas.filter((c) => selecionados.includes(c.cteUid)).reduce((s, c) => s.plus(c.valor), new Decimal(0));
  // The money field holds a number (MoneyInput); the record may bring it as a number too.
  const descontoNum = new Decimal(typeof desconto === 'number' && Number.isFinite(desconto) ? desconto : Number(desconto) || 0);
  const liquido = soma.minus(descontoNum);
  // The suggestion: the balance minus the nettings of other open invoices (the server's), at most the CT-es chosen.
  const sugerido = conta.data ? Decimal.min(conta.data.descontoSugerido, soma.gt(0) ? soma : conta.data.descontoSugerido) : new Decimal(0);

  if (!transportadorUid) return <Typography.Text type="secondary">Escolha o transportador para ver os CT-es que podem ser faturados.</Typography.Text>;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {conta.data && conta.data.saldo > 0 && (
        <Alert type="info" showIcon data-testid="cc-sugestao"
          message={`Saldo da conta corrente do transportador: ${reais(conta.data.saldo)}${conta.data.descontoEmFaturasAbertas > 0 ? `, ${reais(conta.data.descontoEmFaturasAbertas)} já em outras faturas abertas` : ''} — desconto sugerido nesta fatura: ${reais(sugerido)}.`}
          action={sugerido.gt(0) && <Button size="small" onClick={() => form.setFieldValue('valorDesconto', sugerido.toNumber())}>Usar como desconto</Button>} />
      )}
      <Table<FaturaCte>
        size="small" rowKey="cteUid" pagination={false} loading={disponiveis.isLoading || atuais.isLoading} dataSource={linhas}
        scroll={{ y: 280 }} data-testid="ctes-fatura"
        locale={{ emptyText: 'Nenhum CT-e aprovado ou aceito sem fatura para este transportador.' }}
        rowSelection={{ selectedRowKeys: selecionados, onChange: (keys) => onChange?.(keys as string[]) }}
        columns={[
          { title: 'CT-e', render: (_v, c) => `${c.numero}/${c.serie}`, width: 110 },
          { title: 'Emissão', dataIndex: 'emissao', render: (v: string) => formatarData(v), width: 110 },
          { title: 'Origem → destino', render: (_v, c) => `${c.origem ?? '—'} → ${c.destino ?? '—'}` },
          { title: 'Auditoria', dataIndex: 'auditoriaStatus', width: 110, render: (v: number | null) => (v == null ? <Tag>Sem auditoria</Tag> : <Tag color={statusDef('auditoria', v)?.color}>{statusDef('auditoria', v)?.label}</Tag>) },
          { title: 'Valor', dataIndex: 'valor', align: 'right', width: 120, render: (v: number) => formatarDinheiro(v) },
        ]}
      />
      <Space wrap>
        <Typography.Text data-testid="soma-ctes">{selecionados.length} CT-e(s): {reais(soma)}</Typography.Text>
        {!descontoNum.isZero() && <Typography.Text>− desconto {reais(descontoNum)} = {reais(liquido)}</Typography.Text>}
        <Button size="small" disabled={!selecionados.length} onClick={() => form.setFieldValue('valor', liquido.toNumber())}>
          Usar a soma como valor da fatura
        </Button>
      </Space>
    </Space>
  );
}
