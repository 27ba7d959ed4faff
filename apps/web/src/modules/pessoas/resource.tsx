import { TeamOutlined } from '@ant-design/icons';
import { IE_ISENTO, ieValida, normalizarIe, type Pessoa, pessoaInput, rotuloEnum, TIPOS_PESSOA } from '@fretio/core';
import { Flex, Tag, Typography } from 'antd';
import type { FormRule } from 'antd';
import { documentoRule } from '../../resources/fields/CpfCnpjInput.tsx';
import { TelefoneField, telefoneRule } from '../../resources/fields/TelefoneInput.tsx';
import { UF_OPTIONS, camposEndereco } from '../../resources/fields/endereco.ts';
import { type ColumnDef, defineResource } from '../../resources/types.ts';
import { sobDemanda } from '../../resources/sobDemanda.tsx';

// Screens and dialogs of this module load on demand (resources/sobDemanda.tsx).
const ImportarPlanilha = sobDemanda(() => import('../../resources/ImportarPlanilha.tsx'), 'ImportarPlanilha');
const NomeField = sobDemanda(() => import('../../resources/fields/NomeInput.tsx'), 'NomeField');
const DocumentoField = sobDemanda(() => import('./DocumentoField.tsx'), 'DocumentoField');

// People of the active shipper: senders, recipients and payers of freight (API /api/v1/pessoas;
// CSV/XLSX import at /pessoas/importar with its template at /pessoas/modelo).
const PAPEIS = [
  { field: 'remetente', title: 'Remetente', color: 'blue' },
  { field: 'destinatario', title: 'Destinatário', color: 'green' },
  { field: 'tomador', title: 'Tomador', color: 'purple' },
] as const;

/** The IE is checked against the UF chosen in the form; 'ISENTO' (any case) is always accepted. */
const ieRule: FormRule = ({ getFieldValue }) => ({
  validator: async (_r, v: string | null | undefined) => {
    if (!v?.trim()) return;
    const ie = normalizarIe(v);
    const uf = getFieldValue('uf') as string | null;
    if (ie === IE_ISENTO || !uf) return;
    if (!ieValida(ie, uf)) throw new Error(`Inscrição estadual inválida para ${uf}`);
  },
});

const colunasPapeis: ColumnDef<Pessoa>[] = PAPEIS.map((p) => ({
  field: p.field,
  title: p.title,
  filter: 'bool',
  width: 130,
  render: (v: unknown) => (v ? <Tag color={p.color}>{p.title}</Tag> : null),
}));

export const pessoas = defineResource<Pessoa>({
  key: 'pessoas',
  path: '/pessoas',
  label: 'Pessoas',
  singular: 'Pessoa',
  createLabel: 'Nova pessoa',
  description: 'Remetentes, destinatários e tomadores de frete (pessoas físicas e jurídicas).',
  group: 'Cadastros',
  icon: <TeamOutlined />,
  recurso: 'pessoas',
  api: '/pessoas',
  defaultSort: { field: 'nome', order: 'ASC' },
  formSize: 720,
  toolbar: ImportarPlanilha,
  columns: [
    {
      field: 'nome',
      title: 'Nome / razão social',
      sortable: true,
      filter: 'text',
      render: (v, r) => (
        <Flex vertical>
          <span>{String(v)}</span>
          {r.nomeFantasia && <Typography.Text type="secondary">{r.nomeFantasia}</Typography.Text>}
        </Flex>
      ),
    },
    { field: 'documento', title: 'CPF/CNPJ', kind: 'documento', sortable: true, filter: 'text', width: 190 },
    {
      field: 'tipoPessoa',
      title: 'Tipo',
      sortable: true,
      filter: 'select',
      filterOptions: [...TIPOS_PESSOA],
      width: 150,
      render: (v) => rotuloEnum(TIPOS_PESSOA, String(v)),
    },
    { field: 'municipioNome', title: 'Município', sortable: true, filter: 'text' },
    { field: 'uf', title: 'UF', sortable: true, filter: 'select', filterOptions: UF_OPTIONS, width: 90 },
    ...colunasPapeis,
    { field: 'ativo', title: 'Situação', kind: 'bool', boolLabels: ['Ativo', 'Inativo'], sortable: true, filter: 'bool', width: 120 },
  ],
  schema: pessoaInput,
  fields: [
    {
      name: 'documento',
      label: 'CPF/CNPJ',
      kind: 'custom',
      component: DocumentoField,
      rules: [documentoRule('cpfCnpj')],
      span: 12,
    },
    {
      name: 'ie',
      label: 'Inscrição estadual',
      span: 12,
      placeholder: 'Número ou ISENTO',
      rules: [ieRule],
    },
    {
      name: 'nome',
      label: 'Nome / razão social',
      kind: 'custom',
      component: NomeField,
      rules: [{ max: 150 }, { whitespace: true }],
    },
    { name: 'nomeFantasia', label: 'Nome fantasia', kind: 'custom', component: NomeField, rules: [{ max: 150 }] },
    ...camposEndereco({ buscarCep: true, completo: true }),
    { name: 'email', label: 'E-mail', kind: 'email', span: 14 },
    { name: 'telefone', label: 'Telefone', kind: 'custom', component: TelefoneField, rules: [telefoneRule], span: 10 },
    ...PAPEIS.map((p) => ({ name: p.field, label: p.title, kind: 'bool' as const, span: 6 })),
    { name: 'ativo', label: 'Ativo', kind: 'bool', span: 6 },
    {
      name: 'isentoCubagem',
      label: 'Isento de cubagem',
      kind: 'bool',
      span: 12,
      help: 'As cargas para este destinatário são cobradas pelo peso real, sem peso cubado, em toda tabela.',
    },
  ],
  initialValues: { ativo: true, remetente: false, destinatario: false, tomador: false, isentoCubagem: false },
  toInput: (v) => ({ ...v, ie: typeof v.ie === 'string' && v.ie.trim() ? normalizarIe(v.ie) : null }),
  title: (r) => r.nome,
});
