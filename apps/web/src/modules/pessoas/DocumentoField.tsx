import { cnpjValido, formatarDocumento, somenteDigitos } from '@fretio/core';
import { Alert, Flex, Spin } from 'antd';
import { useEffect } from 'react';
import { AbrirRegistro } from '../../resources/AbrirRegistro.tsx';
import { CpfCnpjInput } from '../../resources/fields/CpfCnpjInput.tsx';
import type { FieldComponentProps } from '../../resources/types.ts';
import { useConsultaCnpj } from './hooks.ts';

// The CPF/CNPJ of a person. A new person's CNPJ is looked up (administracao/consulta-cnpj, our
// registers then the external provider): a person already registered is pointed out, and company
// data found elsewhere fills the fields still empty.
const PREENCHIVEIS = ['nome', 'nomeFantasia', 'email', 'telefone', 'cep', 'uf', 'municipioIbge'] as const;

export function DocumentoField({
  value,
  onChange,
  id,
  disabled,
  form,
  uid,
  field: _f,
  record: _r,
  close: _c,
  ...aria
}: FieldComponentProps) {
  const documento = somenteDigitos(String(value ?? ''));
  const consultar = uid === null && cnpjValido(documento);
  const consulta = useConsultaCnpj(documento, consultar);
  const r = consultar ? consulta.data : undefined;
  const pessoa = r?.cadastros.find((c) => c.tipo === 'pessoa');

  useEffect(() => {
    if (!r?.dados || pessoa) return;
    const dados = r.dados as Record<string, unknown>;
    const vazios = PREENCHIVEIS.filter((k) => !form.getFieldValue(k) && dados[k]);
    if (vazios.length) form.setFieldsValue(Object.fromEntries(vazios.map((k) => [k, dados[k]])));
  }, [r, pessoa, form]);

  return (
    <Flex vertical gap={8}>
      <CpfCnpjInput
        {...aria}
        id={id}
        disabled={disabled}
        value={documento}
        placeholder="CPF ou CNPJ"
        onChange={(d) => onChange?.(d)}
        suffix={consulta.isFetching && consultar ? <Spin size="small" /> : <span />}
      />
      {pessoa ? (
        <Alert
          type="warning"
          showIcon
          title={`Já existe uma pessoa com o CNPJ ${formatarDocumento(documento)}: ${pessoa.nome}.`}
          description={<AbrirRegistro path="/pessoas" registro={pessoa} />}
        />
      ) : (
        r?.dados && (
          <Alert
            type="info"
            showIcon
            title={`Dados de ${r.dados.nome} preenchidos a partir da consulta do CNPJ. Confira antes de salvar.`}
          />
        )
      )}
    </Flex>
  );
}
