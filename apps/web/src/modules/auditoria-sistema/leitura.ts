import { ROTULOS_CAMPOS, formatarCep, formatarData, formatarDinheiro, formatarDocumento, statusDef } from '@fretio/core';
import type { ColumnDef, FieldDef, RemoteOptions, ResourceDef } from '../../resources/types.ts';

// How an audit-trail entry reads (the record before and after, field by field): each field by the
// label its screen gives it, values as the screens show them (R$, DD/MM/YYYY, 1.234,5, statuses and
// options by name), and a linked record by its name instead of its uid. The screens' declarations
// (fields and columns of every ResourceDef of the entry's recurso) say how.

/** What the screens declare about one field of a record. */
export type Campo = {
  rotulo: string;
  kind?: FieldDef['kind'] | ColumnDef['kind'];
  options?: { value: string | number; label: string }[];
  statusKey?: ColumnDef['statusKey'];
  boolLabels?: [string, string];
  remote?: RemoteOptions;
};

/** Fields every record has, which no form declares. */
const COMUNS: Record<string, string> = {
  uid: 'Identificador',
  nome: 'Nome',
  codigo: 'Código',
  descricao: 'Descrição',
  ativo: 'Ativo',
  status: 'Status',
  criadoEm: 'Criado em',
  atualizadoEm: 'Atualizado em',
  justificativa: 'Justificativa',
  observacao: 'Observação',
  motivo: 'Motivo',
};

/** Never worth a row: the record's own uid (the list's "Registro" column) and the active shipper (the
 * trail is already the shipper's). */
const OCULTOS = new Set(['uid', 'embarcadorUid']);

/** "pesoBrutoKg" → "Peso bruto kg": the last resort for a field no screen names. */
export function humanizar(codigo: string): string {
  const palavras = codigo
    .replace(/Uid$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return palavras.charAt(0).toUpperCase() + palavras.slice(1);
}

/** Field name → what the screens of `recurso` declare about it. Columns first, form fields override. */
export function camposDoRecurso(recurso: string, recursos: readonly ResourceDef[]): Map<string, Campo> {
  const campos = new Map<string, Campo>();
  for (const def of recursos.filter((r) => r.recurso === recurso)) {
    for (const c of def.columns) {
      if (campos.has(c.field)) continue;
      campos.set(c.field, { rotulo: c.title, kind: c.kind, options: c.filterOptions, statusKey: c.statusKey, boolLabels: c.boolLabels });
    }
  }
  for (const def of recursos.filter((r) => r.recurso === recurso)) {
    for (const f of def.fields) {
      const col = campos.get(f.name);
      campos.set(f.name, {
        ...col,
        rotulo: f.label,
        kind: f.kind ?? col?.kind,
        options: f.options ?? col?.options,
        statusKey: f.statusKey ?? col?.statusKey,
        remote: f.remote,
      });
    }
  }
  return campos;
}

export const rotuloDoCampo = (campo: string, campos: Map<string, Campo>) =>
  campos.get(campo)?.rotulo ?? ROTULOS_CAMPOS[campo] ?? COMUNS[campo] ?? humanizar(campo);

const DECIMAL = /^-?\d+\.\d+$/;
const INSTANTE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const DATA = /^\d{4}-\d{2}-\d{2}$/;
const UID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const ehUid = (v: unknown): v is string => typeof v === 'string' && UID.test(v);

/** A number as Brazilians write it: 1.234,5 (up to 6 decimals, as stored). */
export const numeroBr = (n: number) => n.toLocaleString('pt-BR', { maximumFractionDigits: 6 });

/** A value as its screen shows it; objects and lists as compact JSON. */
export function valorLegivel(v: unknown, campo?: Campo): string {
  if (v === null || v === undefined || v === '') return '—';
  const opcao = campo?.options?.find((o) => String(o.value) === String(v));
  if (opcao) return opcao.label;
  if (campo?.statusKey && (typeof v === 'number' || /^\d+$/.test(String(v)))) return statusDef(campo.statusKey, Number(v))?.label ?? String(v);
  if (typeof v === 'boolean') {
    const [sim, nao] = campo?.boolLabels ?? ['Sim', 'Não'];
    return v ? sim : nao;
  }
  if (campo?.kind === 'money' && (typeof v === 'number' || (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v)))) return `R$ ${formatarDinheiro(v)}`;
  if (typeof v === 'number') return numeroBr(v);
  if (typeof v === 'string') {
    if (campo?.kind === 'cep') return formatarCep(v);
    if (campo?.kind === 'documento' || campo?.kind === 'cnpj' || campo?.kind === 'cpf' || campo?.kind === 'cpfCnpj') return formatarDocumento(v);
    if (INSTANTE.test(v)) return formatarData(v, true) || v;
    if (DATA.test(v)) return formatarData(v) || v;
    // Numeric columns arrive as decimal text ("359.2000").
    if (DECIMAL.test(v)) return numeroBr(Number(v));
    return v;
  }
  return JSON.stringify(v);
}

export type LinhaDiff = { campo: string; rotulo: string; antes: unknown; depois: unknown; mudou: boolean };

/** One row per field of either side, changed ones first; the shipper's own uid and the name columns
 * that only repeat a linked record's name (`xNome` beside `xUid`) are left out. */
export function diffLinhas(antes: unknown, depois: unknown, campos: Map<string, Campo> = new Map()): LinhaDiff[] {
  const a = (antes && typeof antes === 'object' ? antes : {}) as Record<string, unknown>;
  const d = (depois && typeof depois === 'object' ? depois : {}) as Record<string, unknown>;
  const todos = [...new Set([...Object.keys(a), ...Object.keys(d)])];
  const repetidos = new Set(todos.filter((k) => k.endsWith('Uid')).map((k) => `${k.slice(0, -3)}Nome`));
  // A creation or a deletion has one side only: nothing is "changed", the record is simply shown.
  const comparar = !!antes && !!depois;
  const linhas = todos
    .filter((c) => !OCULTOS.has(c) && !repetidos.has(c))
    .map((campo) => ({
      campo,
      rotulo: rotuloDoCampo(campo, campos),
      antes: a[campo],
      depois: d[campo],
      mudou: comparar && JSON.stringify(a[campo] ?? null) !== JSON.stringify(d[campo] ?? null),
    }));
  return linhas.sort((x, y) => Number(y.mudou) - Number(x.mudou));
}

/** The linked record's name the snapshot itself carries: the field's `currentLabel`, else `xNome` beside `xUid`. */
export function nomeNoRegistro(campo: string, registro: unknown, declarado?: Campo): string | null {
  if (!registro || typeof registro !== 'object') return null;
  const r = registro as Record<string, unknown> & { uid: string };
  const pelaDeclaracao = declarado?.remote?.currentLabel?.(r);
  if (pelaDeclaracao) return pelaDeclaracao;
  const irmao = campo.endsWith('Uid') ? r[`${campo.slice(0, -3)}Nome`] : undefined;
  return typeof irmao === 'string' && irmao ? irmao : null;
}

const NOMES = ['nome', 'razaoSocial', 'nomeFantasia', 'descricao', 'codigo', 'numero', 'chave'] as const;

/** What the audited record is called (its name, description, code or number), from either side. */
export function nomeDoAuditado(antes: unknown, depois: unknown): string | null {
  for (const lado of [depois, antes]) {
    if (!lado || typeof lado !== 'object') continue;
    const r = lado as Record<string, unknown>;
    for (const k of NOMES) if ((typeof r[k] === 'string' && r[k]) || typeof r[k] === 'number') return String(r[k]);
  }
  return null;
}
