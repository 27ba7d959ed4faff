import { useQuery } from '@tanstack/react-query';
import { Card, Input, Table, Typography } from 'antd';
import { useState } from 'react';
import { apiGet } from '../../app/api.ts';
import { queryKeys } from '../../app/queryKeys.ts';
import type { ResourceDef } from '../../resources/types.ts';

// The banks of Brazil (configuracoes/banco/list: COMPE code, ISPB and name), searched on the server.
type Banco = { code: string; ispb: string; name: string; value: string; label: string };

export function BancosPage({ def }: { def: ResourceDef }) {
  const [q, setQ] = useState('');
  const bancos = useQuery({
    queryKey: queryKeys.resource(def.key).namedList('busca', { q }),
    queryFn: async ({ signal }) => (await apiGet<Banco[]>(def.api, q ? { q } : undefined, signal)).data,
    staleTime: Number.POSITIVE_INFINITY,
    placeholderData: (anterior) => anterior,
  });
  return (
    <Card>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {def.label}
      </Typography.Title>
      <Typography.Text type="secondary">{def.description}</Typography.Text>
      <Input.Search
        aria-label="Buscar banco"
        placeholder="Buscar por código, ISPB ou nome"
        allowClear
        style={{ display: 'block', maxWidth: 360, margin: '16px 0' }}
        onSearch={(v) => setQ(v.trim())}
      />
      <Table<Banco>
        rowKey="code"
        size="middle"
        loading={bancos.isFetching}
        dataSource={bancos.data ?? []}
        locale={{ emptyText: bancos.isError ? bancos.error.message : 'Nenhum registro encontrado' }}
        pagination={{ pageSize: 10, showSizeChanger: true, showTotal: (t, [a, b]) => `${a}-${b} de ${t} registros` }}
        columns={[
          { key: 'code', dataIndex: 'code', title: 'Código', width: 100 },
          { key: 'ispb', dataIndex: 'ispb', title: 'ISPB', width: 130 },
          { key: 'name', dataIndex: 'name', title: 'Nome' },
        ]}
      />
    </Card>
  );
}
