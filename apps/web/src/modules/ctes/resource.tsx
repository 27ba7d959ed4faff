import { FolderOpenOutlined, ContainerOutlined } from '@ant-design/icons';
import { SITUACOES_CTE, TIPOS_CTE, UFS, formatarDocumento } from '@fretio/core';
import { Checkbox, Select, Space, Tag } from 'antd';
import { type Registro, type ResourceDef, defineResource } from '../../resources/types.ts';
import { Chave, LugarTexto, TagConferencia, formatarPeso } from '../nfes/comum.tsx';
import { useDefComParametros, useParametroDaLista } from '../nfes/parametros.ts';
import { tipoCte } from './rotulos.ts';
import { sobDemanda, telaSobDemanda } from '../../resources/sobDemanda.tsx';

// Screens and dialogs of this module load on demand (resources/sobDemanda.tsx).
const ResourceList = sobDemanda(() => import('../../resources/ResourceList.tsx'), 'ResourceList');
const ImportarDocumentos = sobDemanda(() => import('../nfes/ImportarDocumentos.tsx'), 'ImportarDocumentos');
const ReprocessarPesos = sobDemanda(() => import('./ReprocessarPesos.tsx'), 'ReprocessarPesos');
const CteDetalhePage = telaSobDemanda(() => import('./CteDetalhePage.tsx'), 'CteDetalhePage');

// documentos/ctes: the carriers' transport documents. Filters: emission, key, number, carrier,
// situation ('00' = available for an invoice), an NF-e's key, "sem NF-e". A carrier's user sees only
// its own CT-es (the server scopes them). Rows open the CT-e's page (/documentos/ctes/{uid}).
const situacaoTag = (v: unknown) => {
  const s = SITUACOES_CTE.find((x) => x.value === v);
  const cor = v === '00' ? 'success' : v === '01' ? 'blue' : v === '02' ? 'error' : 'warning';
  return s ? <Tag color={cor} title={s.descricao}>{s.label}</Tag> : '—';
};

function Toolbar(_p: { def: ResourceDef }) {
  const [situacao, setSituacao] = useParametroDaLista('situacao');
  const [semNfe, setSemNfe] = useParametroDaLista('semNfe');
  return (
    <Space wrap>
      <Select
        aria-label="Filtrar por situação"
        allowClear
        style={{ minWidth: 200 }}
        placeholder="Situação: todas"
        value={situacao}
        options={SITUACOES_CTE.map((s) => ({ value: s.value, label: s.label }))}
        onChange={(v?: string) => setSituacao(v ?? null)}
      />
      <Checkbox checked={semNfe === 'true'} onChange={(e) => setSemNfe(e.target.checked ? 'true' : null)}>
        Somente sem NF-e
      </Checkbox>
      <ImportarDocumentos documento="cte" />
      <ReprocessarPesos />
    </Space>
  );
}

function CtesPage({ def }: { def: ResourceDef }) {
  return <ResourceList def={useDefComParametros(def, PARAMETROS, { par: false, descricaoTransportador: 'Os CT-e emitidos pela sua transportadora.' })} />;
}
const PARAMETROS = ['situacao', 'semNfe', 'chaveNfe'];

const pessoa = (campo: string) => (_v: unknown, r: Registro) => {
  const p = r[campo] as { nome: string | null; documento: string | null } | null;
  return p?.nome ?? (p?.documento ? formatarDocumento(p.documento) : '—');
};

export const ctes = defineResource<Registro>({
  key: 'ctes',
  path: '/documentos/ctes',
  label: 'CT-e',
  singular: 'CT-e',
  description: 'Conhecimentos de transporte importados (XML, ZIP ou SEFAZ). Abra um CT-e para ver componentes, ICMS e NF-e.',
  group: 'Documentos',
  icon: <ContainerOutlined />,
  recurso: 'ctes',
  api: '/documentos/ctes',
  operations: [],
  defaultSort: { field: 'emissao', order: 'DESC' },
  page: CtesPage,
  toolbar: Toolbar,
  detail: false,
  columns: [
    { field: 'emissao', title: 'Emissão', kind: 'date', sortable: true, filter: 'dateRange', width: 110 },
    { field: 'numero', title: 'Número', sortable: true, filter: 'text', width: 100 },
    { field: 'serie', title: 'Série', width: 70 },
    { field: 'chave', title: 'Chave', filter: 'text', render: (v) => <Chave chave={v as string} /> },
    { field: 'tipoCte', title: 'Tipo', filter: 'select', filterOptions: TIPOS_CTE.map((t) => ({ value: t.value, label: t.label })), render: (v) => tipoCte(v as number) },
    { field: 'emitenteNome', title: 'Transportador (emitente)', sortable: true, filter: 'text', render: pessoa('emitente') },
    { field: 'tomadorDocumento', title: 'Tomador (CNPJ)', kind: 'documento', filter: 'text', render: pessoa('tomador') },
    { field: 'origemUf', title: 'Origem', filter: 'select', filterOptions: UFS.map((u) => ({ value: u, label: u })), render: (_v, r) => lugar(r.origem) },
    { field: 'destinoUf', title: 'Destino', filter: 'select', filterOptions: UFS.map((u) => ({ value: u, label: u })), render: (_v, r) => lugar(r.destino) },
    { field: 'valorPrestacao', title: 'Valor da prestação (R$)', kind: 'money', sortable: true, width: 140 },
    { field: 'pesoCarga', title: 'Peso', render: (v) => formatarPeso(v as number | null), width: 110 },
    { field: 'quantidadeNfes', title: 'NF-e', width: 70 },
    { field: 'situacao', title: 'Situação', render: situacaoTag, width: 170 },
    { field: 'status', title: 'Status', kind: 'status', statusKey: 'cte', sortable: true, filter: 'select', width: 120 },
    { field: 'assinaturaValida', title: 'Conferência', filter: 'bool', boolLabels: ['Assinatura válida', 'Assinatura inválida'], render: (_v, r) => <TagConferencia r={r} />, width: 150 },
  ],
  fields: [],
  links: [{ label: 'Abrir', icon: <FolderOpenOutlined />, recurso: 'ctes', to: (r) => `/documentos/ctes/${r.uid}` }],
});

const lugar = (v: unknown) => <LugarTexto lugar={v as { municipio: string | null; municipioIbge: string | null; uf: string | null } | null} />;

export const cteDetalhe = defineResource<Registro>({
  key: 'cte-detalhe',
  path: '/documentos/ctes/:uid',
  label: 'CT-e',
  singular: 'CT-e',
  group: 'Documentos',
  icon: <ContainerOutlined />,
  menu: false,
  recurso: 'ctes',
  api: '/documentos/ctes',
  defaultSort: { field: 'emissao', order: 'DESC' },
  columns: [],
  fields: [],
  page: CteDetalhePage,
});
