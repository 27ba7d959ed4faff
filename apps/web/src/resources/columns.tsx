import { DeleteOutlined, EditOutlined, EllipsisOutlined, EyeOutlined } from '@ant-design/icons';
import type { Acao, Perfil } from '@fretio/core';
import { App, Button, Dropdown, Popconfirm, Space } from 'antd';
import { Link } from 'react-router';
import type { TableColumnsType } from 'antd';
import { renderCell } from './cells.tsx';
import type { ListState } from './listParams.ts';
import { RESOURCES, fillPath } from './registry.ts';
import type { ColumnDef, Registro, ResourceDef, RowAction } from './types.ts';

// Declared columns → antd columns (sort state from the URL) and the row actions column.
export const sortFieldOf = (c: ColumnDef) => (typeof c.sortable === 'string' ? c.sortable : c.field);

export function dataColumns(def: ResourceDef, state: ListState): TableColumnsType<Registro> {
  return def.columns.map((c) => ({
    key: c.field,
    dataIndex: c.field,
    title: c.title,
    width: c.width,
    sorter: !!c.sortable,
    sortOrder: c.sortable && sortFieldOf(c) === state.ssf ? (state.sso === 'ASC' ? 'ascend' : 'descend') : null,
    render: (v: unknown, r: Registro) => renderCell(c, v, r),
  }));
}

type Can = {
  alterar: boolean;
  excluir: boolean;
  ler: (recurso: string) => boolean;
  /** Any permission (row actions), and the profile (row conditions). */
  pode?: (recurso: string, acao: Acao) => boolean;
  perfil?: Perfil;
};
type Handlers = {
  /** readOnly: the row opens as Visualizar (the role may not alter it, or the row is not editable). */
  onEdit: (r: Registro, readOnly: boolean) => void;
  onDelete: (r: Registro) => Promise<unknown>;
  /** uid being deleted, for its button's spinner. */
  deleting?: string;
  onAction?: (a: RowAction, r: Registro) => Promise<unknown>;
  /** `${action key}:${uid}` running, for its button's spinner. */
  running?: string;
};

export const recordTitle = (def: ResourceDef, r: Registro) =>
  def.title ? def.title(r) : String(r.nome ?? r.descricao ?? r.codigo ?? r.uid);

/** Links, row actions, Editar (or Visualizar when the role may only read) and Excluir with confirmation. */
export function actionsColumn(def: ResourceDef, can: Can, h: Handlers): TableColumnsType<Registro> {
  const detail = def.detail !== false;
  // Declared links, then those of sub-collections that ask for one on their parent's rows.
  const filhos = RESOURCES.filter((c) => c.parent?.key === def.key && c.parent.rowLink).map((c) => ({
    label: c.tab ?? c.label,
    icon: c.icon,
    recurso: c.recurso,
    to: (r: Registro) => fillPath(c.path, { [c.parent?.param ?? 'uid']: r.uid }),
    show: undefined,
  }));
  const links = [...(def.links ?? []), ...filhos].filter((l) => can.ler(l.recurso));
  const actions = (def.rowActions ?? []).filter((a) => can.pode?.(a.recurso ?? def.recurso, a.acao ?? 'alterar'));
  if (!detail && !links.length && !actions.length && !can.excluir && !def.rowExtra) return [];
  const del = def.deleteAction;
  return [
    {
      key: '__acoes',
      title: 'Ações',
      fixed: 'right',
      width: 1,
      render: (_v: unknown, r: Registro) => (
        <Space size={0}>
          {links
            .filter((l) => !l.show || l.show(r, can.perfil))
            .map((l) => (
              <Link key={l.label} to={l.to(r)}>
                <Button type="link" size="small" icon={l.icon} tabIndex={-1}>
                  {l.label}
                </Button>
              </Link>
            ))}
          {actions
            .filter((a) => !a.menu && (!a.show || a.show(r, can.perfil)))
            .map((a) => {
              const button = (
                <Button
                  key={a.key}
                  type="link"
                  size="small"
                  danger={a.danger}
                  icon={a.icon}
                  loading={h.running === `${a.key}:${r.uid}`}
                  onClick={a.confirm ? undefined : () => void h.onAction?.(a, r).catch(() => undefined)}
                >
                  {a.label}
                </Button>
              );
              return a.confirm ? (
                <Popconfirm
                  key={a.key}
                  title={a.confirm(r)}
                  okText={a.label}
                  cancelText="Cancelar"
                  okButtonProps={{ danger: a.danger }}
                  onConfirm={() => h.onAction?.(a, r).catch(() => undefined)}
                >
                  {button}
                </Popconfirm>
              ) : (
                button
              );
            })}
          <MaisAcoes acoes={actions.filter((a) => a.menu && (!a.show || a.show(r, can.perfil)))} record={r} h={h} />
          {def.rowExtra?.(r)}
          {detail &&
            (can.alterar && (!def.editavel || def.editavel(r, can.perfil)) ? (
              <Button type="link" size="small" icon={<EditOutlined />} onClick={() => h.onEdit(r, false)}>
                Editar
              </Button>
            ) : (
              <Button type="link" size="small" icon={<EyeOutlined />} onClick={() => h.onEdit(r, true)}>
                Visualizar
              </Button>
            ))}
          {can.excluir && (!del?.show || del.show(r, can.perfil)) && (
            <Popconfirm
              title={del?.confirm ? del.confirm(r) : `Excluir ${def.singular.toLowerCase()} "${recordTitle(def, r)}"?`}
              description={del?.description ?? 'Esta ação não pode ser desfeita.'}
              okText={del?.label ?? 'Excluir'}
              cancelText="Cancelar"
              okButtonProps={{ danger: true }}
              onConfirm={() => h.onDelete(r).catch(() => undefined)}
            >
              <Button type="link" size="small" danger icon={<DeleteOutlined />} loading={h.deleting === r.uid}>
                {del?.label ?? 'Excluir'}
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];
}

/** Less frequent row actions, in a '⋯' menu; those with a confirmation ask in a modal. */
function MaisAcoes({ acoes, record, h }: { acoes: RowAction[]; record: Registro; h: Handlers }) {
  const { modal } = App.useApp();
  if (!acoes.length) return null;
  const run = (a: RowAction) => h.onAction?.(a, record).catch(() => undefined);
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: acoes.map((a) => ({ key: a.key, label: a.label, icon: a.icon, danger: a.danger })),
        onClick: ({ key }) => {
          const a = acoes.find((x) => x.key === key);
          if (!a) return;
          if (a.confirm) {
            modal.confirm({
              title: a.confirm(record),
              okText: a.label,
              cancelText: 'Cancelar',
              okButtonProps: { danger: a.danger },
              onOk: () => run(a),
            });
          } else void run(a);
        },
      }}
    >
      <Button
        type="link"
        size="small"
        icon={<EllipsisOutlined />}
        aria-label="Mais ações"
        loading={acoes.some((a) => h.running === `${a.key}:${record.uid}`)}
      />
    </Dropdown>
  );
}
