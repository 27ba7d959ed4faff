import { DownOutlined, ExportOutlined } from '@ant-design/icons';
import { STATUS } from '@fretio/core';
import { App, Button, Dropdown, Modal, Space } from 'antd';
import { useState } from 'react';
import { type ApiError, apiPost } from '../app/api.ts';
import { AcompanharTarefa, baixarArquivoDaTarefa, useInvalidar } from '../modules/nfes/tarefa.tsx';
import type { ColumnDef, ResourceDef } from './types.ts';

// "Exportar" of every list: the columns the user sees (their titles as the header, words for coded
// values), the filters and sort of the URL, every page, as an XLSX (or, from the arrow beside it, a CSV
// for Brazilian Excel) built by a queue task on the server (POST /exportar-lista, read permission); the
// dialog follows the task and offers the file.

/** The words of a column's coded values (status, yes/no, options), as the list shows them. */
export function valoresDaColuna(c: ColumnDef): Record<string, string> | undefined {
  if (c.statusKey) return Object.fromEntries(STATUS[c.statusKey].values.map((s) => [String(s.value), s.label]));
  if (c.kind === 'bool' || c.boolLabels) {
    const [sim, nao] = c.boolLabels ?? ['Sim', 'Não'];
    return { true: sim, false: nao };
  }
  if (c.filterOptions?.length) return Object.fromEntries(c.filterOptions.map((o) => [String(o.value), o.label]));
  return undefined;
}

export function ExportarLista({
  def,
  lista,
  query,
  colunas,
}: {
  def: ResourceDef;
  /** The list's API path (parent filled). */
  lista: string;
  query: Record<string, string | number>;
  /** The visible columns, in screen order. */
  colunas: ColumnDef[];
}) {
  const { message } = App.useApp();
  const invalidar = useInvalidar();
  const [enviando, setEnviando] = useState(false);
  const [tarefa, setTarefa] = useState<string | null>(null);

  async function exportar(formato: 'xlsx' | 'csv') {
    setEnviando(true);
    try {
      const filtros = Object.fromEntries(
        Object.entries(query)
          .filter(([k, v]) => k !== 'pc' && k !== 'pps' && v !== undefined && v !== null && v !== '')
          .map(([k, v]) => [k, String(v)]),
      );
      const r = await apiPost<{ uid: string }>('/exportar-lista', {
        lista,
        filtros,
        nome: def.label,
        formato,
        colunas: colunas.map((c) => ({ campo: c.field, titulo: c.title, valores: valoresDaColuna(c) })),
      });
      setTarefa(r.data.uid);
      invalidar(['fila-tarefas']);
    } catch (e) {
      message.error((e as ApiError).message);
    } finally {
      setEnviando(false);
    }
  }

  return (
    <>
      <Space.Compact>
        <Button icon={<ExportOutlined />} loading={enviando} onClick={() => exportar('xlsx')}>
          Exportar
        </Button>
        <Dropdown
          trigger={['click']}
          disabled={enviando}
          menu={{ items: [{ key: 'csv', label: 'Exportar CSV (separado por ;)' }], onClick: () => void exportar('csv') }}
        >
          <Button icon={<DownOutlined />} aria-label="Outros formatos de exportação" title="Outros formatos de exportação" />
        </Dropdown>
      </Space.Compact>
      <Modal
        open={!!tarefa}
        title={`Exportar ${def.label.toLowerCase()}`}
        onCancel={() => setTarefa(null)}
        destroyOnHidden
        footer={
          <Button type="primary" onClick={() => setTarefa(null)}>
            Fechar
          </Button>
        }
      >
        {tarefa && (
          <AcompanharTarefa uid={tarefa} extra={baixarArquivoDaTarefa} />
        )}
      </Modal>
    </>
  );
}
