import type { Acao, Perfil, StatusKey } from '@fretio/core';
import type { App, FormInstance, FormRule } from 'antd';
import type { ComponentType, ReactNode } from 'react';
import type { z } from 'zod';
import type { ApiReply, Query } from '../app/api.ts';

// The registry contract: a screen is a declaration of these, the generic list/form do the rest.
export type Registro = { uid: string } & Record<string, unknown>;

/** Menu areas, in the order the side menu shows them. */
export const MENU_GROUPS = ['Operação', 'Documentos', 'Fretes', 'Cadastros', 'Acesso', 'Administração'] as const;
export type MenuGroup = (typeof MENU_GROUPS)[number];

/** How a list cell shows its value. */
/** 'municipio': an IBGE code shown as "Cidade/UF (código)". */
export type CellKind = 'text' | 'bool' | 'date' | 'dateTime' | 'money' | 'documento' | 'cep' | 'status' | 'municipio';

export type ColumnDef<T extends Registro = Registro> = {
  /** Field of the record (and sort field unless sortField says otherwise). */
  field: keyof T & string;
  title: string;
  kind?: CellKind;
  /** Server-side sort (`ssf`): true uses `field`, a string names another sortable field. */
  sortable?: boolean | string;
  /** Server-side filter `ftr_<filterField ?? field>`: text contains, yes/no, one of `filterOptions`
   * (a status column offers its statuses), or a date range (`ftr_<f>De` / `ftr_<f>Ate`, YYYY-MM-DD). */
  filter?: 'text' | 'bool' | 'select' | 'dateRange';
  filterField?: string;
  filterOptions?: { value: string | number; label: string }[];
  /** Placeholder of a select filter without a value (e.g. what the server applies by default). */
  filterPlaceholder?: string;
  /** Labels of a boolean column's true/false values, e.g. ['Ativo', 'Inativo']. */
  boolLabels?: [string, string];
  statusKey?: StatusKey;
  width?: number;
  render?: (value: unknown, record: T) => ReactNode;
};

/** Options of a Select loaded from another resource's list. */
export type RemoteOptions = {
  api: string;
  query?: Query;
  value?: string;
  label: (record: Registro) => string;
  /** Label of the value the edited record already has (it may be missing from the loaded options). */
  currentLabel?: (record: Registro) => string | null | undefined;
  /** Server-side search parameter (e.g. 'q' of the selection lists, which answer a plain array):
   * typing searches the server, and a value missing from the options is looked up by it. */
  search?: string;
  /** Options restricted by another field of the form, e.g. municipalities of the chosen UF. */
  dependsOn?: { field: string; param: string };
};

/** What a `custom` field's component receives besides Form.Item's value/onChange/id. */
export type FieldComponentProps = {
  value?: unknown;
  onChange?: (value: unknown) => void;
  id?: string;
  disabled?: boolean;
  field: FieldDef;
  record?: Registro | null;
  form: FormInstance;
  /** uid of the edited record, null when creating. */
  uid: string | null;
  /** Closes the form (e.g. the field completed the operation by itself). */
  close: () => void;
};

export type FieldKind =
  | 'text'
  | 'textarea'
  | 'email'
  | 'password'
  | 'number'
  | 'money'
  | 'bool'
  | 'date'
  | 'select'
  | 'remoteSelect'
  | 'cpf'
  | 'cnpj'
  | 'cpfCnpj'
  | 'cep'
  /** A status of STATUS[statusKey]: an edited record offers only the transitions its status allows. */
  | 'status'
  /** Rendered by `component` (e.g. a permission matrix). */
  | 'custom';

export type FieldDef = {
  name: string;
  label: string;
  kind?: FieldKind;
  /** Usually left out: read from the resource's `schema` (see camposDoSchema.ts). Written here, they
   * override it. `max`/`min`: length of text, value of a number. */
  required?: boolean;
  max?: number;
  min?: number;
  placeholder?: string;
  help?: string;
  rules?: FormRule[];
  /** Options of a select (of a status field: the statuses offered, default all). */
  options?: { value: string | number; label: string }[];
  remote?: RemoteOptions;
  statusKey?: StatusKey;
  component?: ComponentType<FieldComponentProps>;
  /** Only shown when creating (e.g. a login that cannot change later). */
  createOnly?: boolean;
  /** Only shown when editing (e.g. the status of a record created in its initial status). */
  editOnly?: boolean;
  /** Grid span out of 24 (default 24). */
  span?: number;
  /** Shown only while this holds for the form's current values (e.g. fields of one kind of record). */
  visible?: (values: Record<string, unknown>) => boolean;
};

export type ResourceDef<T extends Registro = Registro> = {
  /** Unique key; also the root of the resource's query keys. */
  key: string;
  /** Route of the list screen; may carry parent params (':uid') that `api` reuses. */
  path: string;
  /** Plural title (menu, page), singular for the form. */
  label: string;
  singular: string;
  description?: string;
  /** The description a carrier's user reads (the same screen seen from the other side), when it differs. */
  descricaoTransportador?: string;
  /** Menu area and icon; `menu: false` for sub-collections reached from their parent. */
  group: MenuGroup;
  icon: ReactNode;
  menu?: boolean;
  /** Only these user types (TIPO_USUARIO) see it in the menu, e.g. a carrier's own page; default: every type. */
  tiposUsuario?: number[];
  /** Permission resource of packages/core RECURSOS. */
  recurso: string;
  /** Path under /api/v1, with ':param' placeholders filled from the route. */
  api: string;
  /** Fixed query parameters of the list (e.g. par=...). */
  listQuery?: Query;
  columns: ColumnDef<T>[];
  fields: FieldDef[];
  /** The zod input schema of packages/core the server validates the POST body with (e.g.
   * centroCustoInput): the fields' required/max/min come from it, and the body is checked against it
   * (object refinements included) before it is sent. `updateSchema`: the PUT body's, when different. */
  schema?: z.ZodType;
  updateSchema?: z.ZodType;
  defaultSort: { field: string; order: 'ASC' | 'DESC' };
  /** Values of a new record. */
  initialValues?: Record<string, unknown>;
  /** Record → form values and form values → request body (defaults: as is). */
  toForm?: (record: T) => Record<string, unknown>;
  toInput?: (values: Record<string, unknown>) => Record<string, unknown>;
  /** Text of the record in confirmations ("Excluir 'Comercial'?"). */
  title?: (record: T) => string;
  /** Other resources whose lists show this one's data (e.g. a name joined in): refreshed after writes. */
  invalidates?: string[];
  /** Row links to sub-collections, e.g. a shipper's units: '/embarcadores/:uid/unidades'. */
  links?: { label: string; icon?: ReactNode; recurso: string; to: (record: T) => string; show?: RowCondition<T> }[];
  /** A screen of its own instead of the generic list (it still gets menu, route and permission). */
  page?: ComponentType<{ def: ResourceDef }>;
  /** Operations the API offers (default: all). */
  operations?: ('criar' | 'alterar' | 'excluir')[];
  /** false when the API has no GET by uid: rows get no Editar/Visualizar; 'lista' when it has none but
   * the list rows carry every field: the form opens with the row itself. */
  detail?: boolean | 'lista';
  /** Whether a row may be edited (default: yes); otherwise it opens read-only (e.g. a system record). */
  editavel?: RowCondition<T>;
  /** Extra buttons in the list header (e.g. an import), shown next to 'Novo'. */
  toolbar?: ComponentType<{ def: ResourceDef }>;
  /** false: no generic "Exportar" in the list header (the screen has an export of its own). */
  exportar?: false;
  /** A sub-collection shown under its parent record, with tabs to its sibling sub-collections
   * (resources of the same parent, in registry order). `param` is the route/API parameter holding
   * the parent's uid; ':embarcadorAtivo' is always filled with the active shipper. `rowLink`: the
   * parent's list rows get a link here (labelled with `tab ?? label`), declared by the child alone.
   * `herdaSomenteLeitura`: when the parent record says `podeAlterar: false` (a shared record someone
   * else maintains), this list is read-only too — the server would answer 403. */
  parent?: { key: string; param: string; rowLink?: boolean; herdaSomenteLeitura?: boolean };
  /** Label of this resource's tab among its siblings (default: label). */
  tab?: string;
  /** Other actions of a row (status changes, e-mails...): the reply's message is toasted and the lists refresh. */
  rowActions?: RowAction<T>[];
  /** Wording and condition of the delete action when it means something else (unlink, revoke...). */
  deleteAction?: { label: string; confirm?: (record: T) => string; description?: string; show?: RowCondition<T>; sucesso?: string };
  /** Label of the create button (default 'Novo') and title of its form. */
  createLabel?: string;
  /** After a successful save: the toast text (default 'Registro salvo com sucesso.') and anything
   * else the screen must show, e.g. a secret the API returns only once. */
  afterSave?: (saved: T, info: { created: boolean; modal: ModalApi }) => string | undefined;
  /** Content of an expanded row (the row gets an expand button). */
  expandable?: (record: T) => ReactNode;
  /** Width of the form drawer (default 560). */
  formSize?: number;
  /** A page of its own creates/edits a record (an editor with sub-lists): Novo/Editar navigate to it. */
  editor?: (uid: string | null) => string;
  /** Refreshes the list while it shows work in progress (e.g. the task queue): ms, or false to stop. */
  atualizarACada?: (rows: T[]) => number | false;
  /** More elements in a row's actions (e.g. buttons opening their own dialogs). */
  rowExtra?: (record: T) => ReactNode;
};

type ModalApi = ReturnType<typeof App.useApp>['modal'];

/** Whether a row offers a link or action; the profile tells e.g. the active shipper. */
export type RowCondition<T extends Registro = Registro> = (record: T, perfil: Perfil | undefined) => boolean;

export type RowAction<T extends Registro = Registro> = {
  key: string;
  label: string;
  icon?: ReactNode;
  /** Permission needed: `acao` on `recurso` (default: 'alterar' on the resource's recurso). */
  acao?: Acao;
  recurso?: string;
  show?: RowCondition<T>;
  /** Asks before running. */
  confirm?: (record: T) => string;
  danger?: boolean;
  /** Toast after success (default: the reply's message). */
  sucesso?: (record: T) => string;
  /** Shown in the row's '⋯' menu instead of as a button (less frequent actions). */
  menu?: boolean;
  /** false: not offered among the list's bulk actions (rows selected); by default every row action is. */
  lote?: false;
  /** The call; `base` is the resource's API path with its parameters filled. */
  run: (record: T, ctx: { base: string }) => Promise<ApiReply<unknown>>;
};

declare const ITEM: unique symbol;
/** A ResourceDef that remembers its record type (type-only, nothing at run time): the hooks of
 * useResourceApi.ts answer `T` for it instead of Registro. */
export type TypedResourceDef<T extends Registro> = ResourceDef & { readonly [ITEM]?: T };
/** The record type of a declaration (Registro for a plain ResourceDef). */
export type ItemOf<D> = D extends { readonly [ITEM]?: infer T } ? (unknown extends T ? Registro : T) : Registro;

/** Keeps the record type of a declaration while storing it as a plain ResourceDef. */
export const defineResource = <T extends Registro>(def: ResourceDef<T>) => def as unknown as TypedResourceDef<T>;
