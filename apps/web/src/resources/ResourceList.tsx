import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Empty, Flex, Grid, Result, Space, Table, Typography } from 'antd';
import type { TablePaginationConfig, TableProps } from 'antd';
import { useEffect, useState } from 'react';
import { type ListPage, apiGet } from '../app/api.ts';
import { BarraEmLote, acoesEmLote } from './AcoesEmLote.tsx';
import { useNavigate, useSearchParams } from 'react-router';
import { usePerfil, usePode } from '../app/perfil.ts';
import { EscolherColunas, useColunasOcultas } from './ColunasVisiveis.tsx';
import { ExportarLista } from './ExportarLista.tsx';
import { ListFilters } from './ListFilters.tsx';
import { buscarTodos } from './lote.ts';
import { useParentReadOnly } from './ParentReadOnly.ts';
import { ParentTabs } from './ParentTabs.tsx';
import { ResourceForm } from './ResourceForm.tsx';
import { actionsColumn, dataColumns, sortFieldOf } from './columns.tsx';
import { PAGE_SIZES, useListState } from './listParams.ts';
import { descricaoPara, permite } from './registry.ts';
import type { Registro, ResourceDef } from './types.ts';
import { useDeleteResource, useResourceApi, useResourceList, useRowAction } from './useResourceApi.ts';

// The list screen of any declared resource: server paging/sorting/filters kept in the URL,
// loading/empty/error states, and only the actions the role allows.
export const EMPTY_TEXT = 'Nenhum registro encontrado';

type Sorter = Parameters<NonNullable<TableProps<Registro>['onChange']>>[2];

export function ResourceList({ def }: { def: ResourceDef }) {
  const pode = usePode();
  const { data: perfil } = usePerfil();
  const { state, update, query } = useListState(def);
  const list = useResourceList(def, query);
  const remove = useDeleteResource(def);
  const action = useRowAction(def);
  // Each opening gets its own key: a fresh form, whatever happened to the previous drawer.
  const [editing, setEditing] = useState<{ uid: string | null; n: number; open: boolean; row?: Registro; readOnly?: boolean } | null>(null);
  const navigate = useNavigate();
  // A resource with an editor page of its own creates and edits there instead of in the drawer.
  const openForm = (uid: string | null, row?: Registro, readOnly = false) =>
    def.editor ? navigate(def.editor(uid)) : setEditing({ uid, n: Date.now(), open: true, row, readOnly });
  const somenteLeitura = useParentReadOnly(def);
  // ?abrir=<uid> (a link to a record, e.g. "Abrir o cadastro de …" on a duplicate CNPJ) opens its form,
  // read-only without the right to change it; the parameter leaves the URL once used.
  const [params, setParams] = useSearchParams();
  const abrir = params.get('abrir');
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per link followed, not per render
  useEffect(() => {
    if (!abrir) return;
    openForm(abrir, undefined, !permite(def, pode, 'alterar') || somenteLeitura);
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete('abrir');
        return next;
      },
      { replace: true },
    );
  }, [abrir]);
  const can = {
    criar: permite(def, pode, 'criar') && !somenteLeitura,
    alterar: permite(def, pode, 'alterar') && !somenteLeitura,
    excluir: permite(def, pode, 'excluir') && !somenteLeitura,
    ler: (recurso: string) => pode(recurso, 'ler'),
    pode,
    perfil,
  };

  const total = list.data?.totalRecords ?? 0;
  // A page past the end (after deleting its last row, or an old link) moves to the last page.
  useEffect(() => {
    const last = Math.max(1, Math.ceil(total / state.pps));
    if (list.data && !list.isPlaceholderData && list.data.data.length === 0 && state.pc > last) update({ pc: last });
  }, [list.data, list.isPlaceholderData, total, state.pc, state.pps, update]);

  function onTableChange(p: TablePaginationConfig, _f: unknown, sorter: Sorter) {
    const s = Array.isArray(sorter) ? sorter[0] : sorter;
    const col = def.columns.find((c) => c.field === s?.columnKey);
    const ssf = s?.order && col ? sortFieldOf(col) : def.defaultSort.field;
    const sso = s?.order ? (s.order === 'ascend' ? 'ASC' : 'DESC') : def.defaultSort.order;
    if (ssf !== state.ssf || sso !== state.sso) update({ ssf, sso });
    else if (p.pageSize && p.pageSize !== state.pps) update({ pps: p.pageSize });
    else if (p.current && p.current !== state.pc) update({ pc: p.current });
  }

  const [ocultas, setOcultas] = useColunasOcultas(def);
  const { base } = useResourceApi(def);
  // Bulk actions: rows selected on this page (cleared when the page, filters or sort change).
  const emLote = somenteLeitura ? [] : acoesEmLote(def, can, base);
  const [selecionados, setSelecionados] = useState<Registro[]>([]);
  // "Selecionar todos os N registros": every record of the current filters, across pages.
  const [todosDoFiltro, setTodosDoFiltro] = useState(false);
  const chaveDaPagina = JSON.stringify([base, query]);
  const linhasDaPagina = (list.data?.data ?? []) as Registro[];
  const limparSelecao = () => {
    setSelecionados([]);
    setTodosDoFiltro(false);
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: the page's key is what clears the selection
  useEffect(limparSelecao, [chaveDaPagina]);
  const buscarTodosDoFiltro = () =>
    buscarTodos(async (pc, pps) => (await apiGet<ListPage<Registro>>(base, { ...query, pc, pps })).data);
  // What "Exportar" writes: the columns shown, in screen order (the same order as the table).
  const colunasVisiveis = dataColumns(def, state, { ocultas })
    .map((c) => def.columns.find((d) => d.field === c.key))
    .filter((c): c is NonNullable<typeof c> => !!c);
  // Wide screens pin the name and status beside the pinned actions; a phone scrolls them all.
  const fixar = !!Grid.useBreakpoint().md;
  const columns = [
    ...dataColumns(def, state, { ocultas, fixar }),
    // The selection's checkboxes sit beside the row's actions: the first column stays the record's name.
    ...(emLote.length ? [Table.SELECTION_COLUMN] : []),
    ...actionsColumn(def, can, {
      onEdit: (r, readOnly) => openForm(r.uid, r, readOnly),
      onDelete: (r) => remove.mutateAsync(r.uid),
      deleting: remove.isPending ? remove.variables : undefined,
      onAction: (a, record) => action.mutateAsync({ action: a, record }),
      running: action.isPending && action.variables ? `${action.variables.action.key}:${action.variables.record.uid}` : undefined,
    }),
  ];

  return (
    <>
      {def.parent && <ParentTabs def={def} />}
      <Card>
        <Flex justify="space-between" align="start" wrap gap={12} style={{ marginBottom: 16 }}>
          <div>
            <Typography.Title level={3} style={{ margin: 0 }}>
              {def.label}
            </Typography.Title>
            {descricaoPara(def, perfil?.tipoUsuario) && <Typography.Text type="secondary">{descricaoPara(def, perfil?.tipoUsuario)}</Typography.Text>}
          </div>
          <Space wrap>
            {def.toolbar && <def.toolbar def={def} />}
            <EscolherColunas def={def} ocultas={ocultas} onChange={setOcultas} />
            {def.exportar !== false && <ExportarLista def={def} lista={base} query={query} colunas={colunasVisiveis} />}
            <Button icon={<ReloadOutlined aria-hidden />} onClick={() => list.refetch()} loading={list.isFetching} aria-label="Atualizar lista">
              Atualizar
            </Button>
            {can.criar && (
              <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => openForm(null)}>
                {def.createLabel ?? 'Novo'}
              </Button>
            )}
          </Space>
        </Flex>
        <ListFilters columns={def.columns} values={state.filters} onChange={(filters) => update({ filters })} />
        <BarraEmLote
          def={def}
          acoes={emLote}
          selecionados={selecionados}
          limpar={limparSelecao}
          todos={selecionados.length < linhasDaPagina.length ? () => setSelecionados(linhasDaPagina) : undefined}
          total={total}
          todosDoFiltro={todosDoFiltro}
          selecionarTodosDoFiltro={() => setTodosDoFiltro(true)}
          buscarTodosDoFiltro={buscarTodosDoFiltro}
        />
        {list.isError && list.data && (
          <Alert
            type="error"
            showIcon
            style={{ marginBottom: 16 }}
            title={list.error.message}
            action={
              <Button size="small" onClick={() => list.refetch()}>
                Tentar novamente
              </Button>
            }
          />
        )}
        {list.isError && !list.data ? (
          <Result
            status="error"
            title="Não foi possível carregar os registros."
            subTitle={list.error.message}
            extra={
              <Button type="primary" onClick={() => list.refetch()}>
                Tentar novamente
              </Button>
            }
          />
        ) : (
          <Table<Registro>
            rowKey="uid"
            size="middle"
            scroll={{ x: 'max-content' }}
            loading={list.isFetching}
            columns={columns}
            dataSource={list.data?.data ?? []}
            onChange={onTableChange}
            rowSelection={
              emLote.length
                ? {
                    selectedRowKeys: selecionados.map((r) => r.uid),
                    onChange: (_k, linhas) => {
                      setSelecionados(linhas.filter(Boolean));
                      setTodosDoFiltro(false);
                    },
                    columnWidth: 40,
                    // No select-all in the header: the table copies header cells into an aria-hidden measuring
                    // row, where a checkbox would be a hidden focusable (axe). The bar above offers it instead.
                    hideSelectAll: true,
                    // pt-BR name; not the record's title, which would also name the row's cells.
                    getCheckboxProps: () => ({ 'aria-label': 'Selecionar linha' }),
                  }
                : undefined
            }
            expandable={def.expandable ? { expandedRowRender: (r) => def.expandable?.(r) } : undefined}
            locale={{ emptyText: list.isPending ? ' ' : <Empty description={EMPTY_TEXT} /> }}
            pagination={{
              current: state.pc,
              pageSize: state.pps,
              total,
              showSizeChanger: true,
              pageSizeOptions: PAGE_SIZES,
              showTotal: (t, [a, b]) => `${a}-${b} de ${t} registros`,
            }}
          />
        )}
        {editing && (
          <ResourceForm
            key={editing.n}
            def={def}
            uid={editing.uid}
            row={def.detail === 'lista' ? editing.row : undefined}
            open={editing.open}
            readOnly={!!editing.uid && (!can.alterar || !!editing.readOnly)}
            onClose={() => setEditing((e) => (e && e.n === editing.n ? { ...e, open: false } : e))}
            onAfterClose={() => setEditing((e) => (e && e.n === editing.n ? null : e))}
          />
        )}
      </Card>
    </>
  );
}
