import { DatePicker, Form, Space, Table, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import Decimal from 'decimal.js';
import type { Dayjs } from 'dayjs';
import { formatarData, formatarDinheiro, type preFaturaDisponivel, statusDef, type z } from '@fretio/core';
import { apiGet, type ListPage } from '../../app/api.ts';
import { queryKeys } from '../../app/queryKeys.ts';
import type { FieldComponentProps } from '../../resources/types.ts';

// The CT-es of a pre-invoice built by hand: the carrier's (unit's) approved or accepted audits out of any
// invoice and any released pre-invoice (GET fatura/pre-fatura/auditorias-disponiveis), filtered by emission
// period; the selection's count and total to the centavo. One in an open (automatic) pre-invoice moves.

type Disponivel = z.infer<typeof preFaturaDisponivel>;
const reais = (v: Decimal.Value) => `R$ ${formatarDinheiro(new Decimal(v).toFixed(2))}`;

export function AuditoriasPreFatura({ value, onChange, form }: FieldComponentProps) {
  const transportadorUid = Form.useWatch('transportadorUid', form) as string | undefined;
  const unidade = Form.useWatch('unidadeTransportadorUid', form) as string | undefined;
  const [periodo, setPeriodo] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const selecionados = (value as string[] | undefined) ?? [];
  const de = periodo?.[0]?.format('YYYY-MM-DD');
  const ate = periodo?.[1]?.format('YYYY-MM-DD');

  const q = useQuery({
    queryKey: [...queryKeys.resource('pre-fatura').all, 'disponiveis', transportadorUid, unidade, de, ate],
    queryFn: async () => (await apiGet<ListPage<Disponivel>>('/fatura/pre-fatura/auditorias-disponiveis', {
      transportadorUid, ...(unidade ? { unidadeTransportadorUid: unidade } : {}), ...(de ? { emissaoDe: de } : {}), ...(ate ? { emissaoAte: ate } : {}),
    })).data.data,
    enabled: !!transportadorUid,
  });
  const linhas = q.data ?? [];
  const soma = linhas.filter((a) => selecionados.includes(a.auditoriaUid)).reduce((s, a) => s.plus(a.valorCobrado), new Decimal(0));

  if (!transportadorUid) return <Typography.Text type="secondary">Escolha o transportador para ver os CT-es aprovados que ainda não foram faturados.</Typography.Text>;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <Typography.Text>Emissão</Typography.Text>
        <DatePicker.RangePicker format="DD/MM/YYYY" allowEmpty={[true, true]} value={periodo} onChange={(v) => setPeriodo(v)} aria-label="Período de emissão" />
      </Space>
      <Table<Disponivel>
        size="small" rowKey="auditoriaUid" pagination={false} loading={q.isLoading} dataSource={linhas} scroll={{ y: 280 }} data-testid="auditorias-pre-fatura"
        locale={{ emptyText: 'Nenhum CT-e aprovado ou aceito fora de fatura para este transportador.' }}
        rowSelection={{ selectedRowKeys: selecionados, onChange: (keys) => onChange?.(keys as string[]) }}
        columns={[
          { title: 'CT-e', render: (_v, a) => `${a.numeroCte}/${a.serieCte}`, width: 110 },
          { title: 'Emissão', dataIndex: 'emissao', render: (v: string) => formatarData(v), width: 110 },
          { title: 'Auditoria', dataIndex: 'status', width: 110, render: (v: number) => <Tag color={statusDef('auditoria', v)?.color}>{statusDef('auditoria', v)?.label}</Tag> },
          { title: 'Situação', dataIndex: 'preFaturaUid', width: 150, render: (v: string | null) => (v ? 'Em pré-fatura aberta' : 'Livre') },
          { title: 'Calculado', dataIndex: 'valorEsperado', align: 'right', width: 120, render: (v: number | null) => (v == null ? '—' : formatarDinheiro(v)) },
          { title: 'Cobrado', dataIndex: 'valorCobrado', align: 'right', width: 120, render: (v: number) => formatarDinheiro(v) },
        ]}
      />
      <Typography.Text strong data-testid="total-pre-fatura">{selecionados.length} CT-e(s) selecionado(s): {reais(soma)}</Typography.Text>
    </Space>
  );
}
