import { Alert, Table } from 'antd';
import type { FieldError } from '../../app/api.ts';

// The per-row report of a rejected import: {aba, linha, campo, mensagem} of every bad cell.
export type ErroImportacao = FieldError & { aba?: string; linha?: number; campo?: string; mensagem?: string };

export function ErrosImportacao({ titulo, erros, comAba = false }: { titulo: string; erros: ErroImportacao[]; comAba?: boolean }) {
  return (
    <div data-testid="erros-importacao">
      <Alert type="error" showIcon title={titulo} style={{ marginBottom: 8 }} />
      <Table<ErroImportacao>
        size="small"
        rowKey={(e) => `${e.aba ?? ''}:${e.linha ?? ''}:${e.campo ?? e.field}:${e.mensagem ?? e.message}`}
        pagination={erros.length > 10 ? { pageSize: 10, size: 'small' } : false}
        dataSource={erros}
        columns={[
          ...(comAba ? [{ key: 'aba', title: 'Aba', dataIndex: 'aba', width: 120 }] : []),
          { key: 'linha', title: 'Linha', dataIndex: 'linha', width: 70 },
          { key: 'campo', title: 'Campo', width: 140, render: (_v: unknown, e: ErroImportacao) => e.campo ?? e.field },
          { key: 'mensagem', title: 'Erro', render: (_v: unknown, e: ErroImportacao) => e.mensagem ?? e.message },
        ]}
      />
    </div>
  );
}
