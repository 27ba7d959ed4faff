import { STATUS, type ItemTarefa } from '@fretio/core';
import { useQuery } from '@tanstack/react-query';
import { Alert, Segmented, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { apiGet, type ListPage } from '../../app/api.ts';
import { queryKeys } from '../../app/queryKeys.ts';

// The per-item report of one task (file, ZIP entry or line; result; message), filtered by result.
const FILTROS = [
  { value: '', label: 'Todos' },
  { value: '5', label: 'Com erro' },
  { value: '3', label: 'Com aviso' },
  { value: '4', label: 'Ignorados' },
] as const;

export function RelatorioTarefa({ uid, emAndamento }: { uid: string; emAndamento: boolean }) {
  const [filtro, setFiltro] = useState<string>('');
  const [pagina, setPagina] = useState(1);
  const query = { pc: pagina, pps: 20, ...(filtro ? { ftr_status: filtro } : {}) };
  const itens = useQuery({
    queryKey: [...queryKeys.resource('fila-tarefas').detailPart(uid, 'itens'), query],
    queryFn: async ({ signal }) => (await apiGet<ListPage<ItemTarefa>>(`/fila-tarefas/${uid}/itens`, query, signal)).data,
    refetchInterval: emAndamento ? 2000 : false,
  });
  if (itens.isError) return <Alert type="error" title="Não foi possível carregar o relatório da tarefa." />;
  return (
    <div data-testid="relatorio-tarefa">
      <Segmented
        size="small"
        aria-label="Filtrar itens por resultado"
        options={FILTROS.map((f) => ({ ...f }))}
        value={filtro}
        onChange={(v) => {
          setFiltro(String(v));
          setPagina(1);
        }}
        style={{ marginBottom: 8 }}
      />
      <Table<ItemTarefa>
        size="small"
        rowKey="uid"
        loading={itens.isLoading}
        dataSource={itens.data?.data ?? []}
        pagination={{ current: pagina, pageSize: 20, total: itens.data?.totalRecords ?? 0, onChange: setPagina, showSizeChanger: false, size: 'small' }}
        columns={[
          { key: 'ordem', title: 'Nº', dataIndex: 'ordem', width: 70 },
          { key: 'nome', title: 'Arquivo / linha', dataIndex: 'nome', render: (v: string) => <Typography.Text style={{ wordBreak: 'break-all' }}>{v}</Typography.Text> },
          {
            key: 'status',
            title: 'Resultado',
            dataIndex: 'status',
            width: 190,
            render: (v: number) => {
              const s = STATUS.itemTarefa.values.find((x) => x.value === v);
              return <Tag color={s?.color}>{s?.label ?? v}</Tag>;
            },
          },
          { key: 'mensagem', title: 'Mensagem', dataIndex: 'mensagem', render: (v: string | null) => v ?? '—' },
        ]}
      />
    </div>
  );
}
