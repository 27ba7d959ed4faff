import { DeleteOutlined, EditOutlined, EllipsisOutlined, EyeOutlined } from '@ant-design/icons';
import type { Acao, Perfil } from '@fretio/core';
import { App, Button, Dropdown, Popconfirm, Space } from 'antd';
import { type ReactNode, cloneElement, isValidElement, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { TableColumnsType } from 'antd';
import { renderCell } from './cells.tsx';
import type { ListState } from './listParams.ts';
import { RESOURCES, fillPath } from './registry.ts';
import type { ColumnDef, Registro, ResourceDef, RowAction } from './types.ts';

// Declared columns → antd columns (sort state from the URL) and the row actions column.
export const sortFieldOf = (c: ColumnDef) => (typeof c.sortable === 'string' ? c.sortable : c.field);

/** A column telling the record's state (status or active/inactive): never hidden, pinned beside the first. */
export const ehColunaDeStatus = (c: ColumnDef) => c.kind === 'status' || !!c.statusKey || c.field === 'status' || c.field === 'ativo';

/** Columns the user may hide: all but the first (the record's name) and the status. */
export const colunasOpcionais = (def: ResourceDef) => def.columns.filter((c, i) => i > 0 && !ehColunaDeStatus(c));

/** The declared columns in screen order: the first, then the status, then the others; `ocultas` (chosen
 * by the user) are left out; `fixar` pins the first and the status to the left (wide screens). */
export function dataColumns(
  def: ResourceDef,
  state: ListState,
  opts: { ocultas?: ReadonlySet<string>; fixar?: boolean } = {},
): TableColumnsType<Registro> {
  const [primeira, ...resto] = def.columns;
  if (!primeira) return [];
  const status = resto.filter(ehColunaDeStatus);
  const outras = resto.filter((c) => !ehColunaDeStatus(c) && !opts.ocultas?.has(c.field));
  const fixas = new Set([primeira, ...status]);
  return [primeira, ...status, ...outras].map((c) => ({
    key: c.field,
    dataIndex: c.field,
    title: c.title,
    width: c.width,
    fixed: opts.fixar && fixas.has(c) ? ('left' as const) : undefined,
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

/** One thing a row offers: a button (with or without a confirmation) or a link. */
type ItemDaLinha = {
  key: string;
  label: string;
  icon?: ReactNode;
  danger?: boolean;
  loading?: boolean;
  to?: string;
  run?: () => unknown;
  confirm?: { title: string; description?: string; okText: string; danger?: boolean };
};

/** Links, row actions, Editar (or Visualizar when the role may only read) and Excluir with confirmation.
 * One primary action shows in the row (Editar/Visualizar, else the first declared action, else the first
 * link); the rest go to a '⋯' menu, so the pinned column stays narrow and the data stays visible. */
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
  const itens = (r: Registro): { primeiro?: ItemDaLinha; resto: ItemDaLinha[] } => {
    const visiveis = actions.filter((a) => !a.show || a.show(r, can.perfil));
    const acao = (a: RowAction): ItemDaLinha => ({
      key: `acao:${a.key}`,
      label: a.label,
      icon: a.icon,
      danger: a.danger,
      loading: h.running === `${a.key}:${r.uid}`,
      run: () => h.onAction?.(a, r).catch(() => undefined),
      confirm: a.confirm ? { title: a.confirm(r), okText: a.label, danger: a.danger } : undefined,
    });
    const detalhe: ItemDaLinha | undefined = !detail
      ? undefined
      : can.alterar && (!def.editavel || def.editavel(r, can.perfil))
        ? { key: 'editar', label: 'Editar', icon: <EditOutlined />, run: () => h.onEdit(r, false) }
        : { key: 'visualizar', label: 'Visualizar', icon: <EyeOutlined />, run: () => h.onEdit(r, true) };
    const excluir: ItemDaLinha | undefined =
      can.excluir && (!del?.show || del.show(r, can.perfil))
        ? {
            key: 'excluir',
            label: del?.label ?? 'Excluir',
            icon: <DeleteOutlined />,
            danger: true,
            loading: h.deleting === r.uid,
            run: () => h.onDelete(r).catch(() => undefined),
            confirm: {
              title: del?.confirm ? del.confirm(r) : `Excluir ${def.singular.toLowerCase()} "${recordTitle(def, r)}"?`,
              description: del?.description ?? 'Esta ação não pode ser desfeita.',
              okText: del?.label ?? 'Excluir',
              danger: true,
            },
          }
        : undefined;
    const todos = [
      detalhe,
      ...visiveis.filter((a) => !a.menu).map(acao),
      ...links
        .filter((l) => !l.show || l.show(r, can.perfil))
        .map((l): ItemDaLinha => ({ key: `link:${l.label}`, label: l.label, icon: l.icon, to: l.to(r) })),
      ...visiveis.filter((a) => a.menu).map(acao),
      excluir,
    ].filter((i): i is ItemDaLinha => !!i);
    return { primeiro: todos[0], resto: todos.slice(1) };
  };
  return [
    {
      key: '__acoes',
      title: 'Ações',
      fixed: 'right',
      width: 1,
      render: (_v: unknown, r: Registro) => {
        const { primeiro, resto } = itens(r);
        const extra = def.rowExtra?.(r);
        return (
          <Space size={0} style={{ whiteSpace: 'nowrap' }}>
            {primeiro && <AcaoPrincipal item={primeiro} />}
            {(resto.length > 0 || extra) && <MaisAcoes itens={resto} extra={extra} />}
          </Space>
        );
      },
    },
  ];
}

/** An icon beside its words is decoration: hidden from assistive technology, so the action is named
 * "Editar", not "edit Editar" (antd's icons label themselves by their English name). */
const decorativo = (icon: ReactNode) => (isValidElement<{ 'aria-hidden'?: boolean }>(icon) ? cloneElement(icon, { 'aria-hidden': true }) : icon);

function AcaoPrincipal({ item }: { item: ItemDaLinha }) {
  const button = (
    <Button
      type="link"
      size="small"
      danger={item.danger}
      icon={decorativo(item.icon)}
      loading={item.loading}
      tabIndex={item.to ? -1 : undefined}
      onClick={item.confirm || item.to ? undefined : () => void item.run?.()}
    >
      {item.label}
    </Button>
  );
  if (item.to) return <Link to={item.to}>{button}</Link>;
  if (!item.confirm) return button;
  return (
    <Popconfirm
      title={item.confirm.title}
      description={item.confirm.description}
      okText={item.confirm.okText}
      cancelText="Cancelar"
      okButtonProps={{ danger: item.confirm.danger }}
      onConfirm={() => item.run?.()}
    >
      {button}
    </Popconfirm>
  );
}

/** The other things a row offers, in a '⋯' menu; those with a confirmation ask in a modal. Extra
 * elements of the row (buttons opening their own dialogs) sit under the menu: the dropdown is kept
 * mounted when closed, so a dialog they opened stays. */
function MaisAcoes({ itens, extra }: { itens: ItemDaLinha[]; extra?: ReactNode }) {
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const [aberto, setAberto] = useState(false);
  const executar = (i: ItemDaLinha) => {
    if (i.to) navigate(i.to);
    else if (i.confirm) {
      modal.confirm({
        title: i.confirm.title,
        content: i.confirm.description,
        okText: i.confirm.okText,
        cancelText: 'Cancelar',
        okButtonProps: { danger: i.confirm.danger },
        onOk: () => i.run?.(),
      });
    } else void i.run?.();
  };
  return (
    <Dropdown
      trigger={['click']}
      open={aberto}
      onOpenChange={setAberto}
      menu={{
        items: itens.map((i) => ({ key: i.key, label: i.label, icon: decorativo(i.icon), danger: i.danger })),
        onClick: ({ key }) => {
          setAberto(false);
          const i = itens.find((x) => x.key === key);
          if (i) executar(i);
        },
      }}
      popupRender={(menu) =>
        extra ? (
          <div className="fretio-mais-acoes">
            {itens.length > 0 && menu}
            {/* A click on an extra button closes the menu; its own dialog opens above the page. */}
            <div className="fretio-mais-acoes-extra" onClickCapture={() => setAberto(false)}>
              {extra}
            </div>
          </div>
        ) : (
          menu
        )
      }
    >
      <Button
        type="link"
        size="small"
        icon={<EllipsisOutlined aria-hidden />}
        aria-label="Mais ações"
        title="Mais ações"
        loading={itens.some((i) => i.loading)}
      />
    </Dropdown>
  );
}
