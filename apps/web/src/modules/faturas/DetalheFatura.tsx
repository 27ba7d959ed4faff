import { Descriptions, Table, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import Decimal from 'decimal.js';
import { formatarData, formatarDinheiro, statusDef } from '@fretio/core';
import { apiGet, type ListPage } from '../../app/api.ts';
import { queryKeys } from '../../app/queryKeys.ts';
import type { Fatura, FaturaCte } from './tipos.ts';

// The expanded invoice: its CT-es with their audit result, and the totals the validation compares.
export function DetalheFatura({ fatura }: { fatura: Fatura }) {
  const { data, isLoading } = useQuery({
    queryKey: [...queryKeys.resource('fatura').all, 'ctes', fatura.uid, fatura.atualizadoEm],
    queryFn: async () => (await apiGet<ListPage<FaturaCte>>(`/fatura/${fatura.uid}/ctes`)).data.data,
  });
  const esperado = new Decimal(fatura.valorCtes).minus(fatura.valorDesconto);
  const diferenca = new Decimal(fatura.valor).minus(esperado);
  return (
    <div data-testid={`detalhe-fatura-${fatura.numero}`}>
      <Descriptions size="small" column={4} style={{ marginBottom: 12 }} items={[
        { key: 's', label: 'Soma dos CT-es', children: formatarDinheiro(fatura.valorCtes) },
        { key: 'd', label: 'Desconto (conta corrente)', children: formatarDinheiro(fatura.valorDesconto) },
        { key: 'v', label: 'Valor da fatura', children: formatarDinheiro(fatura.valor) },
        { key: 'x', label: 'Diferença', children: diferenca.isZero() ? <Tag color="success">Confere</Tag> : <Tag color="error">{formatarDinheiro(diferenca.toFixed(2))}</Tag> },
        { key: 'c', label: 'Condição', children: fatura.condicaoPagamentoNome ?? '—' },
        { key: 'va', label: 'Validada em', children: formatarData(fatura.validadaEm, true) || '—' },
        { key: 'p', label: 'Pagamento', children: formatarData(fatura.dataPagamento) || '—' },
        { key: 'o', label: 'Observação', children: fatura.observacao ?? '—' },
      ]} />
      <Table<FaturaCte> size="small" rowKey="cteUid" loading={isLoading} dataSource={data ?? []} pagination={false}
        columns={[
          { title: 'CT-e', render: (_v, c) => `${c.numero}/${c.serie}`, width: 110 },
          { title: 'Emissão', dataIndex: 'emissao', render: (v: string) => formatarData(v), width: 110 },
          { title: 'Origem → destino', render: (_v, c) => `${c.origem ?? '—'} → ${c.destino ?? '—'}` },
          { title: 'Auditoria', dataIndex: 'auditoriaStatus', width: 120, render: (v: number | null) => (v == null ? <Tag>Sem auditoria</Tag> : <Tag color={statusDef('auditoria', v)?.color}>{statusDef('auditoria', v)?.label}</Tag>) },
          { title: 'Calculado', dataIndex: 'valorEsperado', align: 'right', width: 120, render: (v: number | null) => (v == null ? '—' : formatarDinheiro(v)) },
          { title: 'Valor', dataIndex: 'valor', align: 'right', width: 120, render: (v: number) => formatarDinheiro(v) },
        ]}
      />
    </div>
  );
}
