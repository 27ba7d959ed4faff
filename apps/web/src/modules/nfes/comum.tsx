import { WarningOutlined } from '@ant-design/icons';
import { MODALIDADES_FRETE, formatarDinheiro, formatarDocumento } from '@fretio/core';
import { Alert, Tag, Tooltip, Typography } from 'antd';
import { MunicipioTexto } from '../../resources/fields/MunicipioTexto.tsx';

// Pieces the NF-e and CT-e screens share: the access key in groups of four, a party (document and
// name), the quantities in pt-BR and the warning of a document whose key or signature did not check.

/** '3519…' → '3519 0612 …' (easier to read and compare with the DANFE). */
export const formatarChave = (chave: string | null | undefined) => (chave ? chave.replace(/(\d{4})(?=\d)/g, '$1 ') : '—');

export function Chave({ chave }: { chave: string | null | undefined }) {
  if (!chave) return <>—</>;
  return (
    <Typography.Text copyable={{ text: chave, tooltips: ['Copiar chave', 'Copiada'] }} style={{ fontFamily: 'monospace', fontSize: 12 }}>
      {formatarChave(chave)}
    </Typography.Text>
  );
}

/** A number in pt-BR with up to `casas` decimals (weights, quantities), '—' when absent. */
export const formatarNumero = (v: number | null | undefined, casas = 3) =>
  v === null || v === undefined ? '—' : v.toLocaleString('pt-BR', { maximumFractionDigits: casas });

export const formatarPeso = (v: number | null | undefined) => (v === null || v === undefined ? '—' : `${formatarNumero(v)} kg`);

type Parte = { documento: string | null; nome: string | null; uf?: string | null; municipio?: string | null; municipioIbge?: string | null } | null;

/** Name, document and place of a party of the document. */
export function ParteTexto({ parte }: { parte: Parte }) {
  if (!parte || (!parte.nome && !parte.documento)) return <>—</>;
  const temLugar = !!(parte.municipio || parte.municipioIbge || parte.uf);
  return (
    <div>
      <div>{parte.nome ?? '—'}</div>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {parte.documento ? formatarDocumento(parte.documento) : null}
        {parte.documento && temLugar ? ' · ' : null}
        {temLugar && <LugarTexto lugar={parte} />}
      </Typography.Text>
    </div>
  );
}

type Lugar = { municipio?: string | null; municipioIbge?: string | null; uf?: string | null } | null | undefined;

/** A document's place: the city as the XML names it, else its IBGE code looked up ("Cidade/UF (código)"), never the bare code. */
export function LugarTexto({ lugar }: { lugar: Lugar }) {
  if (!lugar) return <>—</>;
  if (lugar.municipio) return <>{[lugar.municipio, lugar.uf].filter(Boolean).join(' / ')}</>;
  if (lugar.municipioIbge) return <MunicipioTexto ibge={lugar.municipioIbge} />;
  return <>{lugar.uf || '—'}</>;
}

/** What did not check in an imported document (key, signature) plus the import's notes. */
export function problemasDoDocumento(d: { chaveValida: boolean; assinaturaValida: boolean }): string[] {
  const out: string[] = [];
  if (!d.chaveValida) out.push('A chave de acesso não confere (dígito verificador, CNPJ do emitente ou número do documento).');
  if (!d.assinaturaValida) out.push('A assinatura digital do XML não confere: o documento pode ter sido alterado depois de assinado.');
  return out;
}

/** The visible warning on a detail page. */
export function AvisoConferencia({ doc, documento }: { doc: { chaveValida: boolean; assinaturaValida: boolean; avisos: string[] }; documento: string }) {
  const problemas = problemasDoDocumento(doc);
  const itens: string[] = [...problemas, ...doc.avisos];
  if (!itens.length) return null;
  return (
    <Alert
      type={problemas.length ? 'warning' : 'info'}
      showIcon
      style={{ marginBottom: 16 }}
      data-testid="aviso-conferencia"
      title={problemas.length ? `${documento} ${documento === "NF-e" ? "importada" : "importado"} com divergências` : 'Observações da importação'}
      description={
        <ul style={{ margin: 0, paddingLeft: 18 }}>
          {itens.map((t) => (
            <li key={t}>{t}</li>
          ))}
        </ul>
      }
    />
  );
}

/** The list cell: a warning tag when key or signature did not check. */
export function TagConferencia({ r: registro }: { r: object }) {
  const r = registro as { chaveValida?: unknown; assinaturaValida?: unknown };
  const problemas = problemasDoDocumento({ chaveValida: r.chaveValida !== false, assinaturaValida: r.assinaturaValida !== false });
  if (!problemas.length) return <Tag color="success">Conferida</Tag>;
  return (
    <Tooltip title={problemas.join(' ')}>
      <Tag color="warning" icon={<WarningOutlined />}>
        {r.chaveValida === false ? 'Chave inválida' : 'Assinatura inválida'}
      </Tag>
    </Tooltip>
  );
}

/** modFrete → its name (CIF, FOB…). */
export const modalidadeFrete = (v: number | null | undefined) =>
  MODALIDADES_FRETE.find((m) => m.value === v)?.label ?? (v === null || v === undefined ? '—' : String(v));

/** Money on the detail pages: 'R$ 1.234,56' (centavos exact, from @fretio/core), '—' when absent. */
export const reais = (v: number | null | undefined, casas = 2) => (v === null || v === undefined ? '—' : `R$ ${formatarDinheiro(v, casas)}`);
