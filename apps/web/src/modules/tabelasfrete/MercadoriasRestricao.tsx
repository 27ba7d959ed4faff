import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useState } from 'react';
import { apiGet } from '../../app/api.ts';
import { queryKeys } from '../../app/queryKeys.ts';
import type { FieldComponentProps, Registro } from '../../resources/types.ts';

/** Also used outside forms of the registry (the calculator): only the value props are needed. */
type Props = Pick<FieldComponentProps, 'value' | 'onChange' | 'id' | 'disabled'>;

// Goods criterion of a component restriction: product codes (searched in the product register, or
// typed) and NCM prefixes (typed; 2 to 8 digits). The server checks the codes (400 on an unknown one).

const lista = (v: unknown): string[] => (Array.isArray(v) ? (v as string[]) : []);

export function ProdutosRestricaoField({ value, onChange, id, disabled }: Props) {
  const [busca, setBusca] = useState('');
  const termo = busca.trim();
  const { data, isFetching } = useQuery({
    queryKey: [...queryKeys.resource('produtos').list({ q: termo }), 'opcoes-codigo'],
    queryFn: async ({ signal }) => (await apiGet<Registro[]>('/produtos/list', termo ? { q: termo } : {}, signal)).data,
    staleTime: 30_000,
  });
  return (
    <Select
      id={id}
      mode="tags"
      disabled={disabled}
      value={lista(value)}
      onChange={(v) => onChange?.(v)}
      onSearch={setBusca}
      loading={isFetching}
      tokenSeparators={[',', ';']}
      placeholder="Busque pelo código ou descrição"
      options={(Array.isArray(data) ? data : []).map((p) => ({ value: String(p.codigo), label: String(p.label ?? p.codigo) }))}
      filterOption={false}
      aria-label="Produtos"
    />
  );
}

type Digitadas = Props & { normalizar: (s: string) => string; placeholder: string; rotulo: string };

/** Typed tags (no options list): each entry normalized, repeats dropped. */
function TagsDigitadas({ value, onChange, id, disabled, normalizar, placeholder, rotulo }: Digitadas) {
  return (
    <Select
      id={id}
      mode="tags"
      disabled={disabled}
      value={lista(value)}
      onChange={(v: string[]) => onChange?.([...new Set(v.map(normalizar).filter(Boolean))])}
      tokenSeparators={[',', ';', ' ']}
      placeholder={placeholder}
      open={false}
      aria-label={rotulo}
    />
  );
}

// Dots and spaces are dropped: "8471.30" → "847130".
const soDigitos = (x: string) => x.replace(/\D/g, '');
export const NcmsRestricaoField = (p: Props) => <TagsDigitadas {...p} normalizar={soDigitos} placeholder="Ex.: 8471, 30049069" rotulo="NCMs" />;

/** Recipients' CPF/CNPJ typed as tags (the table's cubage exemption list): only digits/letters are kept. */
const documento = (x: string) => x.replace(/[^0-9A-Za-z]/g, '').toUpperCase();
export const DocumentosField = (p: Props) => <TagsDigitadas {...p} normalizar={documento} placeholder="CPF ou CNPJ" rotulo="Destinatários isentos de cubagem" />;
