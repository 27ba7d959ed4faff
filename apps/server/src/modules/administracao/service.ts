import { and, eq, inArray, sql } from 'drizzle-orm';
import * as core from '@fretio/core';
import {
  type ConsultaCnpjAdmin, type ConsultaEnums, MACRORREGIOES, type OpcaoEnum, PARAMETROS_SISTEMA, PARAMETRO_POR_CHAVE, type ParametroItem,
  STATUS, type ValorParametro, cnpjValido, somenteDigitos, validarParametro,
} from '@fretio/core';
import type { Db } from '../../db/client.ts';
import { parametrosEmbarcador } from '../../db/schema/index.ts';
import { registrarAuditoria } from '../../framework/audit.ts';
import { AppError, type FieldError } from '../../lib/errors.ts';
import { type RequestContext, exigirEmbarcador } from '../../plugins/auth/context.ts';
import type { ConsultaCnpjProvider } from '../transportadores/service.ts';
import { type CadastroCnpj, cadastrosPorCnpj, listarUfs, parametrosDoEmbarcador } from './repository.ts';

// Enumerations for the client, the CNPJ lookup over our records (+ the carriers module's external
// provider) and the shipper's system parameters.

/** 'TIPOS_CARROCERIA' → 'tiposCarroceria'; a trailing _OPCOES is dropped ('MACRORREGIOES_OPCOES' → 'macrorregioes'). */
export const nomeDaLista = (constante: string) =>
  constante.replace(/_OPCOES$/, '').toLowerCase().replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());

const ehListaEnum = (v: unknown): v is readonly OpcaoEnum[] =>
  Array.isArray(v) && v.length > 0 &&
  v.every((o) => o && typeof o === 'object' && typeof (o as OpcaoEnum).label === 'string' && ['string', 'number'].includes(typeof (o as OpcaoEnum).value));

/** Every {value, label} list exported by packages/core (enums.ts and others), found once at start-up. */
export const LISTAS_ENUM: Readonly<Record<string, readonly OpcaoEnum[]>> = Object.fromEntries(
  Object.entries(core)
    .filter(([nome, v]) => /^[A-Z][A-Z0-9_]*$/.test(nome) && !nome.endsWith('_VALORES') && ehListaEnum(v))
    .map(([nome, v]) => [nomeDaLista(nome), v as readonly OpcaoEnum[]]),
);

export async function consultaEnums(db: Db): Promise<ConsultaEnums> {
  const ufs = await listarUfs(db);
  const regioes = MACRORREGIOES as Record<string, readonly string[]>;
  return {
    status: STATUS,
    tipoUsuario: STATUS.tipoUsuario.values.map(({ value, label, color }) => ({ value, label, color })),
    statusUsuario: STATUS.usuario.values.map(({ value, label, color }) => ({ value, label, color })),
    ...LISTAS_ENUM,
    macrorregioes: core.MACRORREGIOES_OPCOES.map((r) => ({ ...r, ufs: [...regioes[r.value]] })),
    ufs: ufs.map((u) => ({ value: u.sigla, label: u.nome, regiao: u.regiao, cod: u.codigoIbge })),
  } as unknown as ConsultaEnums;
}

const PRIORIDADE: Record<CadastroCnpj['tipo'], number> = { pessoa: 0, transportador: 1, embarcador: 2, unidade: 3, unidadeTransportador: 4 };

export async function consultarCnpjAdmin(
  db: Db,
  ctx: RequestContext,
  documento: string,
  externo: boolean,
  provider: ConsultaCnpjProvider | null,
  log?: { warn(o: object, m: string): void },
): Promise<ConsultaCnpjAdmin> {
  const cnpj = somenteDigitos(documento);
  if (!cnpjValido(cnpj)) throw AppError.validation([{ field: 'cnpj', message: 'CNPJ inválido' }], 'CNPJ inválido');
  const cadastros = (await cadastrosPorCnpj(db, ctx, cnpj)).sort((a, b) => PRIORIDADE[a.tipo] - PRIORIDADE[b.tipo]);
  const melhor = cadastros[0];
  if (melhor) {
    const { uid: _uid, tipo: _tipo, ...dados } = melhor;
    return { cnpj, encontrado: true, cadastros: cadastros.map(({ uid, nome, tipo }) => ({ uid, nome, tipo })), dados: { cnpj, ...dados }, origem: 'cadastro' };
  }
  if (externo && provider) {
    try {
      const dados = await provider.consultar(cnpj);
      if (dados) return { cnpj, encontrado: true, cadastros: [], dados, origem: 'externo' };
    } catch (err) {
      log?.warn({ err }, 'consulta de CNPJ externa falhou');
    }
  }
  return { cnpj, encontrado: false, cadastros: [], dados: null, origem: null };
}

// ---- parâmetros ----------------------------------------------------------------------------------
export async function listarParametros(db: Db, ctx: RequestContext): Promise<ParametroItem[]> {
  const salvos = new Map((await parametrosDoEmbarcador(db, exigirEmbarcador(ctx))).map((p) => [p.chave, p]));
  return PARAMETROS_SISTEMA.map((def) => {
    const s = salvos.get(def.chave);
    // A value saved under older bounds that no longer validates falls back to the default.
    const v = s ? validarParametro(def, s.valor) : null;
    return {
      chave: def.chave,
      grupo: def.grupo,
      descricao: def.descricao,
      tipo: def.tipo,
      valor: v?.ok ? v.valor : def.padrao,
      padrao: def.padrao,
      personalizado: !!v?.ok,
      min: def.min ?? null,
      max: def.max ?? null,
      opcoes: def.opcoes ? [...def.opcoes] : null,
      atualizadoEm: v?.ok && s ? s.atualizadoEm : null,
    };
  });
}

/** Validates every key first (400 naming each bad key), then writes all in one audited transaction. */
export async function salvarParametros(db: Db, ctx: RequestContext, body: Record<string, ValorParametro | null>) {
  const embarcadorUid = exigirEmbarcador(ctx);
  const erros: FieldError[] = [];
  const mudancas: { chave: string; valor: ValorParametro | null }[] = [];
  for (const [chave, valor] of Object.entries(body)) {
    const def = PARAMETRO_POR_CHAVE.get(chave);
    if (!def) {
      erros.push({ field: chave, message: 'Parâmetro desconhecido' });
      continue;
    }
    if (valor === null) {
      mudancas.push({ chave, valor: null });
      continue;
    }
    const v = validarParametro(def, valor);
    if (v.ok) mudancas.push({ chave, valor: v.valor });
    else erros.push({ field: chave, message: v.message });
  }
  if (erros.length) throw AppError.validation(erros);
  await db.transaction(async (tx) => {
    const chaves = mudancas.map((m) => m.chave);
    const antes = new Map(
      chaves.length
        ? (await tx.select().from(parametrosEmbarcador).where(and(eq(parametrosEmbarcador.embarcadorUid, embarcadorUid), inArray(parametrosEmbarcador.chave, chaves))).for('update'))
          .map((p) => [p.chave, p.valor])
        : [],
    );
    for (const { chave, valor } of mudancas) {
      const anterior = antes.get(chave) ?? null;
      if (anterior === valor) continue;
      const onde = and(eq(parametrosEmbarcador.embarcadorUid, embarcadorUid), eq(parametrosEmbarcador.chave, chave));
      if (valor === null) await tx.delete(parametrosEmbarcador).where(onde);
      else {
        await tx.insert(parametrosEmbarcador).values({ embarcadorUid, chave, valor })
          .onConflictDoUpdate({ target: [parametrosEmbarcador.embarcadorUid, parametrosEmbarcador.chave], set: { valor, atualizadoEm: sql`now()` } });
      }
      await registrarAuditoria(tx, ctx, 'configuracoes', `parametro:${chave}`, 'alterar', { chave, valor: anterior }, { chave, valor });
    }
  });
  return listarParametros(db, ctx);
}
