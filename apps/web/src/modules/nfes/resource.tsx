import { FileTextOutlined, FolderOpenOutlined } from '@ant-design/icons';
import { UFS, formatarDocumento } from '@fretio/core';
import { Checkbox, Space, Tag } from 'antd';
import { type Registro, type ResourceDef, defineResource } from '../../resources/types.ts';
import { transportadorRemote } from '../prazosentrega/resource.tsx';
import { Chave, LugarTexto, TagConferencia, formatarPeso } from './comum.tsx';
import { useDefComParametros, useParametroDaLista } from './parametros.ts';
import { sobDemanda, telaSobDemanda } from '../../resources/sobDemanda.tsx';

// Screens and dialogs of this module load on demand (resources/sobDemanda.tsx).
const ResourceList = sobDemanda(() => import('../../resources/ResourceList.tsx'), 'ResourceList');
const ImportarDocumentos = sobDemanda(() => import('./ImportarDocumentos.tsx'), 'ImportarDocumentos');
const ExportarNfes = sobDemanda(() => import('./ExportarNfes.tsx'), 'ExportarNfes');
const ExportarNotfis = sobDemanda(() => import('./ExportarNotfis.tsx'), 'ExportarNotfis');
const NfeDetalhePage = telaSobDemanda(() => import('./NfeDetalhePage.tsx'), 'NfeDetalhePage');

// documentos/nfes: the imported notes. The list filters by emission (São Paulo days), key, number,
// parties, destination, carrier, cancelled, "sem CT-e"; a carrier's user sees it in carrier mode
// (par=transportador: the notes it carries). Rows open the note's page (/documentos/nfes/{uid}).
const parte = (campo: 'emitente' | 'destinatario' | 'transportador', chave: 'nome' | 'documento' | 'uf') => (_v: unknown, r: Registro) =>
  ((r[campo] as Record<string, string | null> | null)?.[chave] ?? '—') as string;

function Toolbar({ def }: { def: ResourceDef }) {
  const [semCte, setSemCte] = useParametroDaLista('semCte');
  return (
    <Space wrap>
      <Checkbox checked={semCte === 'true'} onChange={(e) => setSemCte(e.target.checked ? 'true' : null)}>
        Somente sem CT-e
      </Checkbox>
      <ImportarDocumentos documento="nfe" />
      <ExportarNfes def={def} />
      <ExportarNotfis def={def} />
    </Space>
  );
}

/** The generic list, with the query the page adds: "sem CT-e" (from the URL) and the carrier mode. */
function NfesPage({ def }: { def: ResourceDef }) {
  return <ResourceList def={useDefComParametros(def, PARAMETROS, { par: true, descricaoTransportador: 'Notas fiscais em que a sua transportadora é a transportadora, dos embarcadores que a vinculam.' })} />;
}
const PARAMETROS = ['semCte'];

export const nfes = defineResource<Registro>({
  key: 'nfes',
  path: '/documentos/nfes',
  label: 'NF-e',
  singular: 'NF-e',
  description: 'Notas fiscais eletrônicas importadas (XML, ZIP ou SEFAZ). Abra uma nota para ver itens, volumes e CT-e.',
  group: 'Documentos',
  icon: <FileTextOutlined />,
  recurso: 'nfes',
  api: '/documentos/nfes',
  operations: ['alterar', 'excluir'],
  defaultSort: { field: 'emissao', order: 'DESC' },
  page: NfesPage,
  toolbar: Toolbar,
  exportar: false,
  title: (r) => `NF-e ${String(r.numero)}`,
  columns: [
    { field: 'emissao', title: 'Emissão', kind: 'date', sortable: true, filter: 'dateRange', width: 110 },
    { field: 'numero', title: 'Número', sortable: true, filter: 'text', width: 100 },
    { field: 'serie', title: 'Série', sortable: true, width: 70 },
    { field: 'chave', title: 'Chave', filter: 'text', render: (v) => <Chave chave={v as string} /> },
    { field: 'emitenteNome', title: 'Emitente', sortable: true, filter: 'text', render: parte('emitente', 'nome') },
    { field: 'emitenteDocumento', title: 'CNPJ emitente', kind: 'documento', filter: 'text', render: (_v, r) => <Documento r={r} campo="emitente" /> },
    { field: 'destinatarioNome', title: 'Destinatário', sortable: true, filter: 'text', render: parte('destinatario', 'nome') },
    { field: 'destinatarioDocumento', title: 'CNPJ/CPF destinatário', kind: 'documento', filter: 'text', render: (_v, r) => <Documento r={r} campo="destinatario" /> },
    {
      field: 'destinatarioUf',
      title: 'UF destino',
      sortable: true,
      filter: 'select',
      filterOptions: UFS.map((u) => ({ value: u, label: u })),
      render: parte('destinatario', 'uf'),
      width: 90,
    },
    {
      field: 'destinatarioMunicipioIbge',
      title: 'Município destino',
      filter: 'text',
      render: (_v, r) => {
        const d = r.destinatario as { municipio: string | null; municipioIbge: string | null } | null;
        return <LugarTexto lugar={d && { municipio: d.municipio, municipioIbge: d.municipioIbge }} />;
      },
    },
    { field: 'transportadorDocumento', kind: 'documento', filter: 'text', title: 'Transportador (CNPJ)', render: (_v, r) => { const t = r.transportador as { nome: string | null; documento: string | null } | null; return t ? `${t.nome ?? ''}${t.documento ? ` (${formatarDocumento(t.documento)})` : ''}` : '—'; } },
    { field: 'valorTotal', title: 'Valor total (R$)', kind: 'money', sortable: true, width: 130 },
    { field: 'pesoBruto', title: 'Peso bruto', sortable: true, render: (v) => formatarPeso(v as number | null), width: 120 },
    { field: 'quantidadeCtes', title: 'CT-e', render: (v) => (Number(v) ? <Tag color="blue">{String(v)}</Tag> : <Tag>Sem CT-e</Tag>), width: 90 },
    { field: 'cancelada', title: 'Situação', kind: 'bool', filter: 'bool', boolLabels: ['Cancelada', 'Autorizada'], render: (v) => (v ? <Tag color="error">Cancelada</Tag> : <Tag color="success">Autorizada</Tag>), width: 110 },
    { field: 'assinaturaValida', title: 'Conferência', filter: 'bool', boolLabels: ['Assinatura válida', 'Assinatura inválida'], render: (_v, r) => <TagConferencia r={r} />, width: 150 },
  ],
  fields: [
    { name: 'transportadorUid', label: 'Transportador', kind: 'remoteSelect', remote: { ...transportadorRemote, currentLabel: (r) => (r.transportadorCadastroNome ? String(r.transportadorCadastroNome) : null) } },
    { name: 'observacao', label: 'Observação', kind: 'textarea', max: 500 },
  ],
  toForm: (r) => ({ transportadorUid: r.transportadorUid ?? null, unidadeEmbarcadorUid: r.unidadeEmbarcadorUid ?? null, observacao: r.observacao ?? '' }),
  links: [{ label: 'Abrir', icon: <FolderOpenOutlined />, recurso: 'nfes', to: (r) => `/documentos/nfes/${r.uid}` }],
  invalidates: ['ctes'],
  deleteAction: { label: 'Excluir', confirm: (r) => `Excluir a NF-e ${String(r.numero)}? Só é possível quando nenhum CT-e a cita.`, sucesso: 'NF-e excluída.' },
});

function Documento({ r, campo }: { r: Registro; campo: 'emitente' | 'destinatario' }) {
  const p = r[campo] as { documento: string | null } | null;
  return <>{p?.documento ? formatarDocumento(p.documento) : '—'}</>;
}

export const nfeDetalhe = defineResource<Registro>({
  key: 'nfe-detalhe',
  path: '/documentos/nfes/:uid',
  label: 'NF-e',
  singular: 'NF-e',
  group: 'Documentos',
  icon: <FileTextOutlined />,
  menu: false,
  recurso: 'nfes',
  api: '/documentos/nfes',
  defaultSort: { field: 'emissao', order: 'DESC' },
  columns: [],
  fields: [],
  page: NfeDetalhePage,
});
