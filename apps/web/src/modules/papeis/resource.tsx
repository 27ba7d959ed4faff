import { SafetyOutlined } from '@ant-design/icons';
import { type Papel, papelInput, TIPO_PAPEL } from '@fretio/core';
import { Flex, Tag, Tooltip, Typography } from 'antd';
import { defineResource } from '../../resources/types.ts';
import { type Permissoes, PermissionMatrix, resumoPermissoes, useRecursosSistema } from './PermissionMatrix.tsx';

// Roles of the active shipper: a name, who they are for and the permission matrix.
export const TIPOS_PAPEL = [
  { value: TIPO_PAPEL.EMBARCADOR, label: 'Usuários do embarcador' },
  { value: TIPO_PAPEL.TRANSPORTADOR, label: 'Usuários de transportadora' },
];

const VISIVEIS = 3;

function ResumoPermissoes({ value }: { value: Permissoes }) {
  const recursos = useRecursosSistema();
  const linhas = resumoPermissoes(value ?? {}, recursos.data);
  const total = recursos.data?.every((r) => r.acoes.every((a) => value?.[r.codigo]?.includes(a)));
  if (!linhas.length) return <Typography.Text type="secondary">Nenhuma permissão</Typography.Text>;
  if (total) return <Tag color="gold">Acesso total</Tag>;
  return (
    <Flex vertical>
      {linhas.slice(0, VISIVEIS).map((l) => (
        <span key={l}>{l}</span>
      ))}
      {linhas.length > VISIVEIS && (
        <Tooltip title={linhas.slice(VISIVEIS).join('; ')}>
          <Typography.Text type="secondary">e mais {linhas.length - VISIVEIS} recurso(s)</Typography.Text>
        </Tooltip>
      )}
    </Flex>
  );
}

export const papeis = defineResource<Papel>({
  key: 'papeis',
  path: '/papeis',
  label: 'Papéis',
  singular: 'Papel',
  description: 'Conjuntos de permissões atribuídos aos usuários.',
  group: 'Acesso',
  icon: <SafetyOutlined />,
  recurso: 'papeis',
  api: '/papeis',
  // User lists show the role's name.
  invalidates: ['embarcador-usuarios'],
  defaultSort: { field: 'nome', order: 'ASC' },
  formSize: 880,
  columns: [
    { field: 'nome', title: 'Nome', sortable: true, filter: 'text' },
    { field: 'descricao', title: 'Descrição', filter: 'text' },
    {
      field: 'tipo',
      title: 'Para',
      sortable: true,
      filter: 'select',
      filterOptions: TIPOS_PAPEL,
      width: 200,
      render: (v) => TIPOS_PAPEL.find((t) => t.value === v)?.label ?? String(v),
    },
    { field: 'permissoes', title: 'Permissões', render: (v) => <ResumoPermissoes value={v as Permissoes} /> },
    { field: 'atualizadoEm', title: 'Alterado em', kind: 'date', sortable: true, width: 130 },
  ],
  schema: papelInput,
  fields: [
    { name: 'nome', label: 'Nome', span: 12 },
    { name: 'tipo', label: 'Para', kind: 'select', required: true, options: TIPOS_PAPEL, span: 12 },
    { name: 'descricao', label: 'Descrição', kind: 'textarea' },
    // The quotation approval limit (alçada): above it, an approval waits for a user whose role covers it.
    {
      name: 'alcadaAprovacao',
      label: 'Alçada de aprovação de cotações (R$)',
      kind: 'money',
      span: 12,
      help: 'Vazio: sem limite. Acima dela, a aprovação aguarda um usuário com alçada maior.',
      visible: (v) => v.tipo === TIPO_PAPEL.EMBARCADOR,
    },
    { name: 'permissoes', label: 'Permissões', kind: 'custom', component: PermissionMatrix },
  ],
  initialValues: { tipo: TIPO_PAPEL.EMBARCADOR, permissoes: {} },
  toInput: (v) => ({ ...v, permissoes: v.permissoes ?? {} }),
});
