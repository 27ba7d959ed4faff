import { type LocalRef, type LocalRefItem, ROTULOS_TIPO_LOCAL, formatarCep } from '@fretio/core';
import { useQuery } from '@tanstack/react-query';
import { Flex, Select } from 'antd';
import type { FormRule } from 'antd';
import { apiGet } from '../../app/api.ts';
import { queryKeys } from '../../app/queryKeys.ts';
import { CepInput } from '../../resources/fields/CepInput.tsx';
import { RemoteSelect } from '../../resources/fields/RemoteSelect.tsx';
import { UF_OPTIONS } from '../../resources/fields/endereco.ts';
import type { FieldComponentProps, FieldDef } from '../../resources/types.ts';

// A place as the freight API names it (LocalRef): a UF, a municipality (IBGE), one of the shipper's
// regions or a CEP range. One picker for routes, deadlines, table routes, priorities and region locations.
export type TipoLocal = LocalRef['tipo'];
export const TIPOS_LOCAL: TipoLocal[] = ['UF', 'MUNICIPIO', 'REGIAO', 'FAIXA_CEP'];
export const ROTULO_TIPO_LOCAL: Readonly<Record<TipoLocal, string>> = ROTULOS_TIPO_LOCAL;

/** The value while editing: a LocalRef being filled in (a reply's LocalRefItem also fits). */
export type LocalValor = {
  tipo: TipoLocal;
  uf?: string;
  ibge?: string;
  regiaoUid?: string;
  de?: string;
  ate?: string;
  descricao?: string;
} | null;

type FaixaOpcao = { value: string; label: string; de: string; ate: string };

type Props = {
  value?: LocalValor;
  onChange?: (v: LocalValor) => void;
  id?: string;
  disabled?: boolean;
  /** Names the inputs for screen readers: 'Origem: UF'. */
  rotulo?: string;
  tipos?: TipoLocal[];
  /** May be left empty ("qualquer local"). */
  opcional?: boolean;
};

const QUALQUER = '__qualquer';

export function LocalRefInput({ value, onChange, id, disabled, rotulo = 'Local', tipos = TIPOS_LOCAL, opcional = false }: Props) {
  const tipo = value?.tipo ?? (opcional ? null : 'UF');
  const set = (v: LocalValor) => onChange?.(v);
  const faixas = useQuery({
    queryKey: [...queryKeys.resource('faixascep').lists(), 'opcoes-local'],
    queryFn: async ({ signal }) => (await apiGet<FaixaOpcao[]>('/faixascep/lista', undefined, signal)).data,
    enabled: tipo === 'FAIXA_CEP',
    staleTime: 30_000,
  });
  const atual = value?.descricao ? { label: value.descricao } : null;

  return (
    <Flex gap={8} wrap>
      <Select
        id={id}
        aria-label={`${rotulo}: tipo`}
        style={{ width: 150 }}
        disabled={disabled}
        value={tipo ?? QUALQUER}
        options={[
          ...(opcional ? [{ value: QUALQUER, label: 'Qualquer' }] : []),
          ...tipos.map((t) => ({ value: t, label: ROTULO_TIPO_LOCAL[t] })),
        ]}
        onChange={(t: string) => set(t === QUALQUER ? null : { tipo: t as TipoLocal })}
      />
      {tipo === 'UF' && (
        <Select
          aria-label={`${rotulo}: UF`}
          style={{ width: 110 }}
          disabled={disabled}
          showSearch={{ optionFilterProp: 'label' }}
          placeholder="UF"
          value={value?.uf}
          options={UF_OPTIONS}
          onChange={(uf: string) => set({ tipo: 'UF', uf })}
        />
      )}
      {tipo === 'MUNICIPIO' && (
        <RemoteSelect
          aria-label={`${rotulo}: município`}
          style={{ flex: 1, minWidth: 260 }}
          disabled={disabled}
          placeholder="Digite o nome do município"
          remote={{ api: '/locais/ibge/lista', value: 'value', search: 'q', label: (r) => String(r.label) }}
          current={value?.ibge && atual ? { value: value.ibge, label: atual.label } : null}
          value={value?.ibge}
          onChange={(ibge) => set({ tipo: 'MUNICIPIO', ibge: ibge as string | undefined })}
        />
      )}
      {tipo === 'REGIAO' && (
        <RemoteSelect
          aria-label={`${rotulo}: região`}
          style={{ flex: 1, minWidth: 220 }}
          disabled={disabled}
          remote={{ api: '/regioes', query: { ftr_ativo: 'true', ssf: 'nome' }, label: (r) => String(r.nome) }}
          current={value?.regiaoUid && atual ? { value: value.regiaoUid, label: atual.label.replace(/^Região /, '') } : null}
          value={value?.regiaoUid}
          onChange={(regiaoUid) => set({ tipo: 'REGIAO', regiaoUid: regiaoUid as string | undefined })}
        />
      )}
      {tipo === 'FAIXA_CEP' && (
        <>
          <CepInput
            aria-label={`${rotulo}: CEP inicial`}
            style={{ width: 120 }}
            disabled={disabled}
            placeholder="CEP inicial"
            value={value?.de}
            onChange={(de) => set({ tipo: 'FAIXA_CEP', de, ate: value?.ate })}
          />
          <CepInput
            aria-label={`${rotulo}: CEP final`}
            style={{ width: 120 }}
            disabled={disabled}
            placeholder="CEP final"
            value={value?.ate}
            onChange={(ate) => set({ tipo: 'FAIXA_CEP', de: value?.de, ate })}
          />
          <Select
            aria-label={`${rotulo}: faixa cadastrada`}
            style={{ flex: 1, minWidth: 200 }}
            disabled={disabled}
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder="ou escolha uma faixa cadastrada"
            loading={faixas.isFetching}
            value={faixas.data?.find((f) => f.de === value?.de && f.ate === value?.ate)?.value ?? null}
            options={(faixas.data ?? []).map((f) => ({ value: f.value, label: f.label }))}
            onChange={(uid?: string) => {
              const f = faixas.data?.find((x) => x.value === uid);
              if (f) set({ tipo: 'FAIXA_CEP', de: f.de, ate: f.ate });
            }}
          />
        </>
      )}
    </Flex>
  );
}

/** Is every part of the place filled in? */
export function localCompleto(v: LocalValor): boolean {
  if (!v) return false;
  if (v.tipo === 'UF') return !!v.uf;
  if (v.tipo === 'MUNICIPIO') return !!v.ibge;
  if (v.tipo === 'REGIAO') return !!v.regiaoUid;
  return (v.de?.length ?? 0) === 8 && (v.ate?.length ?? 0) === 8;
}

const FALTA: Record<TipoLocal, string> = {
  UF: 'Selecione a UF',
  MUNICIPIO: 'Selecione o município',
  REGIAO: 'Selecione a região',
  FAIXA_CEP: 'Informe os CEPs inicial e final (8 dígitos)',
};

/** A started place must be complete (an empty one is left to `required`). */
export const localRule: FormRule = {
  validator: async (_r, v: LocalValor) => {
    if (v && !localCompleto(v)) throw new Error(FALTA[v.tipo]);
  },
};

/** The value sent to the API: only the fields of its tipo (null when empty). */
export function paraLocalRef(v: LocalValor | undefined): LocalRef | null {
  if (!v) return null;
  switch (v.tipo) {
    case 'UF':
      return { tipo: 'UF', uf: v.uf ?? '' };
    case 'MUNICIPIO':
      return { tipo: 'MUNICIPIO', ibge: v.ibge ?? '' };
    case 'REGIAO':
      return { tipo: 'REGIAO', regiaoUid: v.regiaoUid ?? '' };
    default:
      return { tipo: 'FAIXA_CEP', de: v.de ?? '', ate: v.ate ?? '' };
  }
}

/** A place of a reply as the lists show it. */
export function descricaoLocal(l: LocalRefItem | null | undefined, vazio = 'Qualquer'): string {
  if (!l) return vazio;
  if (l.descricao) return l.descricao;
  if (l.tipo === 'FAIXA_CEP') return `CEP ${formatarCep(l.de ?? '')} a ${formatarCep(l.ate ?? '')}`;
  return l.uf ?? l.ibge ?? l.regiaoUid ?? vazio;
}

type OpcoesCampo = { tipos?: TipoLocal[]; opcional?: boolean };
/** The options of each declared place field (the field object is what the form hands its component). */
const opcoesDoCampo = new WeakMap<FieldDef, OpcoesCampo>();

function CampoLocal(p: FieldComponentProps) {
  const o = opcoesDoCampo.get(p.field) ?? {};
  return (
    <LocalRefInput
      id={p.id}
      value={p.value as LocalValor}
      onChange={p.onChange}
      disabled={p.disabled}
      rotulo={p.field.label}
      tipos={o.tipos}
      opcional={o.opcional}
    />
  );
}

/** A declared form field holding a place. */
export function campoLocal(name: string, label: string, o: OpcoesCampo & { span?: number; help?: string } = {}): FieldDef {
  const f: FieldDef = {
    name,
    label,
    kind: 'custom',
    component: CampoLocal,
    required: !o.opcional,
    rules: [localRule],
    span: o.span,
    help: o.help,
  };
  opcoesDoCampo.set(f, o);
  return f;
}
