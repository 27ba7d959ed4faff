import { type EnderecoCep, cepValido, somenteDigitos } from '@fretio/core';
import { Flex, Form, type FormInstance, Spin, Typography } from 'antd';
import { useRef, useState } from 'react';
import { type ApiError, apiGet } from '../../app/api.ts';
import { CepInput } from './CepInput.tsx';

// A CEP that fills the address: when the user leaves the field with a CEP different from the one it
// had, locais/endereco/{cep} answers UF, municipality, street and district, which replace the form's.
// A CEP known only by its range (completo=false) gives the UF alone, and the user is told so.
export const CEP_SO_UF = 'Só foi possível identificar a UF deste CEP; preencha o endereço.';

/** Form fields that receive each part of the reply (default: the API's own names). */
export type CamposCep = { uf?: string; municipioIbge?: string; logradouro?: string; bairro?: string };
const PADRAO: Required<CamposCep> = { uf: 'uf', municipioIbge: 'municipioIbge', logradouro: 'logradouro', bairro: 'bairro' };

type Props = {
  value?: unknown;
  onChange?: (value: unknown) => void;
  id?: string;
  disabled?: boolean;
  /** The form to fill (default: the enclosing one). */
  form?: FormInstance;
  campos?: CamposCep;
};

export function CepField({ value, onChange, id, disabled, form: formProp, campos, ...resto }: Props & Record<string, unknown>) {
  // As a declared `custom` field it also gets the form's extras: only Form.Item's aria-* go to the input.
  const { field: _f, record: _r, uid: _u, close: _c, ...aria } = resto;
  const contexto = Form.useFormInstance();
  const form = formProp ?? contexto;
  const [buscando, setBuscando] = useState(false);
  const [nota, setNota] = useState<{ tipo: 'warning' | 'danger'; texto: string } | null>(null);
  const aoEntrar = useRef<string>('');
  const cep = somenteDigitos(String(value ?? ''));

  async function buscar() {
    if (!cepValido(cep) || cep === aoEntrar.current) return;
    aoEntrar.current = cep;
    setBuscando(true);
    try {
      const { data } = await apiGet<EnderecoCep>(`/locais/endereco/${cep}`);
      const c = { ...PADRAO, ...campos };
      const valores = { [c.uf]: data.uf, [c.municipioIbge]: data.municipioIbge, [c.logradouro]: data.logradouro, [c.bairro]: data.bairro };
      form.setFields(Object.entries(valores).map(([name, v]) => ({ name, value: v ?? null, errors: [] })));
      setNota(data.completo ? null : { tipo: 'warning', texto: CEP_SO_UF });
    } catch (e) {
      const err = e as ApiError;
      if (err?.status !== 401) setNota({ tipo: 'danger', texto: err?.message || 'Não foi possível consultar o CEP.' });
    } finally {
      setBuscando(false);
    }
  }

  return (
    <Flex vertical gap={4}>
      <CepInput
        {...aria}
        id={id}
        disabled={disabled}
        value={cep}
        onChange={(d) => {
          onChange?.(d);
          if (nota) setNota(null);
        }}
        onFocus={() => {
          aoEntrar.current = cep;
        }}
        onBlur={() => void buscar()}
        onPressEnter={(e) => {
          e.preventDefault();
          void buscar();
        }}
        suffix={buscando ? <Spin size="small" /> : <span />}
      />
      {nota && (
        <Typography.Text type={nota.tipo} data-testid="cep-nota">
          {nota.texto}
        </Typography.Text>
      )}
    </Flex>
  );
}
