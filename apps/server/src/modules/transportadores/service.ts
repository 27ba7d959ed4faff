import { type ConsultaCnpjResultado, type DadosCnpj, TIPO_USUARIO, type TransportadorOpcao, cnpjValido, formatarDocumento, somenteDigitos } from '@fretio/core';
import type { Db } from '../../db/client.ts';
import { embarcadorTransportador } from '../../db/schema/index.ts';
import { registrarAuditoria } from '../../framework/audit.ts';
import type { DbOrTx } from '../../framework/resource.ts';
import { AppError } from '../../lib/errors.ts';
import { type RequestContext, exigirEmbarcador } from '../../plugins/auth/context.ts';
import { estaVinculado, transportadorPorCnpj } from './repository.ts';

// Carrier rules: the link of a new carrier to the active shipper, CNPJ lookup, selection lists.
export const TRANSPORTADOR_JA_CADASTRADO = 'Transportador já cadastrado';

/**
 * 409 'Transportador já cadastrado' on cnpj when the CNPJ is taken (the unique index backs it up). When the
 * carrier is already the shipper's, the conflict names it (`registro`) so the form links to it ("Abrir o
 * cadastro de …"); a carrier of other shippers only is not named (the shipper cannot open it).
 */
export async function cnpjAindaLivre(tx: DbOrTx, cnpj: string, embarcadorUid?: string) {
  const existente = await transportadorPorCnpj(tx, cnpj);
  if (existente) {
    const meu = embarcadorUid ? await estaVinculado(tx, existente.uid, embarcadorUid) : false;
    const registro = meu ? { registro: { uid: existente.uid, nome: existente.nome } } : {};
    throw AppError.conflict(TRANSPORTADOR_JA_CADASTRADO, [{ field: 'cnpj', message: TRANSPORTADOR_JA_CADASTRADO, ...registro }]);
  }
}

/** The link that makes a new carrier the active shipper's (audited with the carrier's uid). */
export async function vincularAoEmbarcadorAtivo(tx: DbOrTx, ctx: RequestContext, transportadorUid: string) {
  const embarcadorUid = exigirEmbarcador(ctx);
  await tx.insert(embarcadorTransportador).values({ embarcadorUid, transportadorUid });
  await registrarAuditoria(tx, ctx, 'transportadores', transportadorUid, 'vincular', null, { embarcadorUid, transportadorUid });
}

export const opcao = (t: { uid: string; nome: string; cnpj: string }): TransportadorOpcao => ({
  uid: t.uid,
  nome: t.nome,
  cnpj: t.cnpj,
  value: t.uid,
  label: `${t.nome} - ${formatarDocumento(t.cnpj)}`,
});

/** Only shipper users see carriers beyond their own (carrier users are confined to theirs). */
export const SO_USUARIOS_DE_EMBARCADOR = 'Usuários de transportadora mantêm só o próprio transportador: não cadastram nem consultam outros.';
export function exigirUsuarioEmbarcador(ctx: RequestContext) {
  if (ctx.tipoUsuario === TIPO_USUARIO.TRANSPORTADOR) throw AppError.forbidden(SO_USUARIOS_DE_EMBARCADOR);
}

/** An outside source of company data by CNPJ (e.g. a Receita Federal mirror). */
export interface ConsultaCnpjProvider {
  consultar(cnpj: string): Promise<DadosCnpj | null>;
}

const texto = (...vs: unknown[]) => {
  for (const v of vs) if (v !== undefined && v !== null && String(v).trim() !== '') return String(v).trim();
  return null;
};

/** Maps the usual field names of public CNPJ APIs (ours, camelCase or BrasilAPI's snake_case). */
export function mapearDadosCnpj(cnpj: string, o: Record<string, unknown>): DadosCnpj | null {
  const nome = texto(o.nome, o.razaoSocial, o.razao_social, o.nome_empresarial);
  if (!nome) return null;
  const cep = somenteDigitos(texto(o.cep));
  const uf = texto(o.uf)?.toUpperCase() ?? null;
  const ibge = somenteDigitos(texto(o.municipioIbge, o.codigo_municipio_ibge, o.codigoMunicipioIbge));
  return {
    cnpj,
    nome,
    nomeFantasia: texto(o.nomeFantasia, o.nome_fantasia, o.fantasia),
    email: texto(o.email)?.toLowerCase() ?? null,
    telefone: texto(o.telefone, o.ddd_telefone_1),
    cep: cep.length === 8 ? cep : null,
    uf: uf && uf.length === 2 ? uf : null,
    municipioIbge: ibge.length === 7 ? ibge : null,
  };
}

/** GET `${baseUrl}/${cnpj}` → JSON; 404 or an unusable answer means "not found". */
export function httpConsultaCnpjProvider(baseUrl: string, timeoutMs = 5000): ConsultaCnpjProvider {
  const base = baseUrl.replace(/\/+$/, '');
  return {
    async consultar(cnpj) {
      const res = await fetch(`${base}/${cnpj}`, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(timeoutMs) });
      if (res.status === 404) return null;
      if (!res.ok) throw new Error(`provedor de CNPJ respondeu ${res.status}`);
      const body = (await res.json()) as unknown;
      return body && typeof body === 'object' ? mapearDadosCnpj(cnpj, body as Record<string, unknown>) : null;
    },
  };
}

/** CNPJ_PROVIDER_URL turns the external lookup on; without it there is none. */
export function consultaCnpjProviderDoAmbiente(env: NodeJS.ProcessEnv = process.env): ConsultaCnpjProvider | null {
  const url = env.CNPJ_PROVIDER_URL?.trim();
  return url ? httpConsultaCnpjProvider(url) : null;
}

/** Our records first; then, when asked (e=1), the external provider if one is configured. */
export async function consultarCnpj(
  db: Db,
  ctx: RequestContext,
  documento: string,
  externo: boolean,
  provider: ConsultaCnpjProvider | null,
  log?: { warn(o: object, m: string): void },
): Promise<ConsultaCnpjResultado> {
  const cnpj = somenteDigitos(documento);
  if (!cnpjValido(cnpj)) throw AppError.validation([{ field: 'documento', message: 'CNPJ inválido' }], 'CNPJ inválido');
  const nosso = await transportadorPorCnpj(db, cnpj);
  if (nosso) {
    const vinculado = await estaVinculado(db, nosso.uid, exigirEmbarcador(ctx));
    // Not linked yet: only what is public about a company (Receita/ANTT data), not its contacts.
    const transportador = vinculado ? nosso : { ...nosso, email: null, telefone: null };
    return { encontrado: true, origem: 'cadastro', vinculado, transportador };
  }
  if (externo && provider) {
    try {
      const dados = await provider.consultar(cnpj);
      if (dados) return { encontrado: true, origem: 'externo', vinculado: false, transportador: dados };
    } catch (err) {
      log?.warn({ err }, 'consulta de CNPJ externa falhou');
    }
  }
  return { encontrado: false, origem: null, vinculado: false, transportador: null };
}
