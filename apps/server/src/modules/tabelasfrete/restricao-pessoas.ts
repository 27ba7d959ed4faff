import { and, count, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  MSG,
  documentoValido,
  formatarDocumento,
  importacaoErroReply,
  importacaoPessoasResultado,
  listaDe,
  restricaoPessoa,
  somenteDigitos,
  z,
} from '@fretio/core';
import type { Db } from '../../db/client.ts';
import { pessoas, restricaoPessoas, restricoes, tabelasFrete } from '../../db/schema/index.ts';
import { registrarAuditoria } from '../../framework/audit.ts';
import { type Filters, type Sortable, parseList } from '../../framework/list-query.ts';
import type { DbOrTx } from '../../framework/resource.ts';
import { listQuerySchema } from '../../framework/schemas.ts';
import { created, ok, okEmpty, reply, zUidParam } from '../../framework/schemas.ts';
import { AppError } from '../../lib/errors.ts';
import { LOTE_SQL, cederVez, consultarEmLotes, fatias } from '../../lib/lotes.ts';
import { type RequestContext, exigirEmbarcador } from '../../plugins/auth/context.ts';
import { lerUpload } from '../arquivos/service.ts';
import { lerListaDocumentos } from './lista-documentos.ts';
import { tabelaParaAlterar, tocarTabela } from './repository.ts';

// Senders and recipients of a component restriction: list, link, unlink, bulk import of CNPJs.
const PAPEIS = { remetentes: 'REMETENTE', destinatarios: 'DESTINATARIO' } as const;
type Lista = keyof typeof PAPEIS;
const tags = ['Restrição de componente'];
const base = '/api/v1/tabelasfrete/:uid/restricoes-componentes/:childUid';
const paramsRestricao = z.object({ uid: zUidParam, childUid: zUidParam });
const paramsPessoa = paramsRestricao.extend({ pessoaUid: zUidParam });

/** The restriction of the table of the active shipper, or 404. */
async function restricaoVisivel(db: DbOrTx, ctx: RequestContext, tabelaUid: string, restricaoUid: string) {
  const [r] = await db
    .select({ uid: restricoes.uid, componente: restricoes.componente })
    .from(restricoes)
    .innerJoin(tabelasFrete, eq(tabelasFrete.uid, restricoes.tabelaFreteUid))
    .where(
      and(
        eq(restricoes.uid, restricaoUid),
        eq(restricoes.tabelaFreteUid, tabelaUid),
        eq(tabelasFrete.embarcadorUid, exigirEmbarcador(ctx)),
      ),
    );
  if (!r) throw AppError.notFound();
  return r;
}

const filtros: Filters = {
  nome: { column: pessoas.nome, kind: 'text' },
  documento: { column: restricaoPessoas.documento, kind: 'text' },
};
const ordenaveis: Sortable = { nome: pessoas.nome, documento: restricaoPessoas.documento, vinculadoEm: restricaoPessoas.criadoEm };

async function listar(db: Db, restricaoUid: string, papel: string, query: Record<string, unknown>) {
  const q = parseList(query, { filters: filtros, sortable: ordenaveis, defaultSort: 'nome', tieBreaker: restricaoPessoas.pessoaUid });
  const where = and(eq(restricaoPessoas.restricaoUid, restricaoUid), eq(restricaoPessoas.papel, papel), q.where);
  const [rows, [{ n }]] = await Promise.all([
    db
      .select({
        pessoaUid: restricaoPessoas.pessoaUid,
        nome: pessoas.nome,
        documento: restricaoPessoas.documento,
        vinculadoEm: restricaoPessoas.criadoEm,
      })
      .from(restricaoPessoas)
      .innerJoin(pessoas, eq(pessoas.uid, restricaoPessoas.pessoaUid))
      .where(where)
      .orderBy(...q.orderBy)
      .limit(q.limit)
      .offset(q.offset),
    db.select({ n: count() }).from(restricaoPessoas).innerJoin(pessoas, eq(pessoas.uid, restricaoPessoas.pessoaUid)).where(where),
  ]);
  return { data: rows, totalRecords: Number(n) };
}

export default async function restricaoPessoasRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  for (const lista of Object.keys(PAPEIS) as Lista[]) {
    const papel = PAPEIS[lista];
    const singular = lista === 'remetentes' ? 'remetente' : 'destinatário';

    r.get(
      `${base}/${lista}`,
      {
        config: { permission: ['tabelasfrete', 'ler'] },
        schema: {
          tags,
          summary: `Lista os ${lista} da restrição`,
          description: 'Ordenável por: nome, documento, vinculadoEm.',
          params: paramsRestricao,
          querystring: listQuerySchema(Object.keys(filtros), []),
          response: ok(listaDe(restricaoPessoa)),
        },
      },
      async (req) => {
        const x = await restricaoVisivel(app.db, req.contexto, req.params.uid, req.params.childUid);
        return reply.ok(await listar(app.db, x.uid, papel, req.query as Record<string, unknown>));
      },
    );

    r.post(
      `${base}/${lista}/:pessoaUid`,
      {
        config: { permission: ['tabelasfrete', 'alterar'] },
        schema: {
          tags,
          summary: `Vincula um ${singular} (pessoa do embarcador) à restrição`,
          description: '409 quando já vinculado.',
          params: paramsPessoa,
          response: created(restricaoPessoa),
        },
      },
      async (req, res) => {
        const ctx = req.contexto;
        const item = await app.db.transaction(async (tx) => {
          const x = await restricaoVisivel(tx, ctx, req.params.uid, req.params.childUid);
          await tabelaParaAlterar(tx, req.params.uid);
          const [p] = await tx
            .select()
            .from(pessoas)
            .where(and(eq(pessoas.uid, req.params.pessoaUid), eq(pessoas.embarcadorUid, exigirEmbarcador(ctx))));
          if (!p) throw AppError.notFound('Pessoa não encontrada.');
          const [novo] = await tx
            .insert(restricaoPessoas)
            .values({ restricaoUid: x.uid, tabelaFreteUid: req.params.uid, papel, pessoaUid: p.uid, documento: p.documento })
            .onConflictDoNothing()
            .returning();
          if (!novo)
            throw AppError.conflict(`A pessoa já é ${singular} desta restrição.`, [
              { field: 'pessoaUid', message: `A pessoa já é ${singular} desta restrição.` },
            ]);
          await tocarTabela(tx, req.params.uid);
          await registrarAuditoria(tx, ctx, 'tabelasfrete', req.params.uid, `vincular-${lista === 'remetentes' ? 'rem' : 'dest'}`, null, {
            restricaoUid: x.uid,
            pessoaUid: p.uid,
            documento: p.documento,
          });
          return { pessoaUid: p.uid, nome: p.nome, documento: p.documento, vinculadoEm: novo.criadoEm };
        });
        return res.status(201).send(reply.saved(item));
      },
    );

    r.delete(
      `${base}/${lista}/:pessoaUid`,
      {
        config: { permission: ['tabelasfrete', 'alterar'] },
        schema: { tags, summary: `Desvincula um ${singular} da restrição`, params: paramsPessoa, response: okEmpty },
      },
      async (req) => {
        const ctx = req.contexto;
        await app.db.transaction(async (tx) => {
          const x = await restricaoVisivel(tx, ctx, req.params.uid, req.params.childUid);
          await tabelaParaAlterar(tx, req.params.uid);
          const removidos = await tx
            .delete(restricaoPessoas)
            .where(
              and(
                eq(restricaoPessoas.restricaoUid, x.uid),
                eq(restricaoPessoas.papel, papel),
                eq(restricaoPessoas.pessoaUid, req.params.pessoaUid),
              ),
            )
            .returning();
          if (!removidos.length) throw AppError.notFound();
          await tocarTabela(tx, req.params.uid);
          await registrarAuditoria(
            tx,
            ctx,
            'tabelasfrete',
            req.params.uid,
            `desvincular-${lista === 'remetentes' ? 'rem' : 'dest'}`,
            { restricaoUid: x.uid, pessoaUid: req.params.pessoaUid },
            null,
          );
        });
        return reply.deleted();
      },
    );

    r.post(
      `${base}/importar-${lista}`,
      {
        config: { permission: ['tabelasfrete', 'alterar'] },
        schema: {
          tags,
          summary: `Importa ${lista} de um arquivo CSV ou XLSX de CNPJs (multipart, campo file)`,
          description:
            'Um CNPJ (ou CPF) por linha, com ou sem máscara; cada um deve ser uma pessoa do embarcador. Qualquer linha com erro ' +
            '(documento inválido ou não cadastrado) responde 400 com errors [{aba, linha, campo, mensagem}] e nada é gravado. ' +
            'Quem já estava vinculado é mantido (jaVinculados).',
          consumes: ['multipart/form-data'],
          params: paramsRestricao,
          response: { ...ok(importacaoPessoasResultado), 400: importacaoErroReply },
        },
      },
      async (req) => {
        const ctx = req.contexto;
        const embarcadorUid = exigirEmbarcador(ctx);
        const x = await restricaoVisivel(app.db, ctx, req.params.uid, req.params.childUid);
        const linhas = await lerListaDocumentos(await lerUpload(req));
        const erros: { aba: string; linha: number; campo: string; mensagem: string; field: string; message: string }[] = [];
        const erro = (linha: number, mensagem: string) =>
          erros.push({ aba: 'arquivo', linha, campo: 'cnpj', mensagem, field: `linha ${linha}`, message: mensagem });
        const documentos = new Map<string, number>();
        for (const l of linhas) {
          const d = somenteDigitos(l.valor);
          if (!documentoValido(d)) erro(l.linha, `CNPJ inválido: "${l.valor}"`);
          else if (!documentos.has(d)) documentos.set(d, l.linha);
        }
        const achadas = await consultarEmLotes(documentos.keys(), (lote) =>
          app.db
            .select({ uid: pessoas.uid, documento: pessoas.documento })
            .from(pessoas)
            .where(and(eq(pessoas.embarcadorUid, embarcadorUid), inArray(pessoas.documento, lote))),
        );
        const porDocumento = new Map(achadas.map((p) => [p.documento, p.uid]));
        for (const [d, linha] of documentos)
          if (!porDocumento.has(d)) erro(linha, `CNPJ ${formatarDocumento(d)} não cadastrado em pessoas`);
        if (erros.length) {
          erros.sort((a, b) => a.linha - b.linha);
          throw AppError.validation(erros, `${MSG.erroImportar} ${erros.length} linha(s) com erro; nada foi gravado.`);
        }
        // Every document was checked above; the links go in short transactions of LOTE_SQL rows with a
        // yield between them, so a 50,000-line list does not hold the embedded database's one connection.
        let vinculados = 0;
        const lotes = fatias([...porDocumento], LOTE_SQL);
        for (const [i, lote] of lotes.entries()) {
          await cederVez();
          vinculados += await app.db.transaction(async (tx) => {
            await tabelaParaAlterar(tx, req.params.uid);
            const novos = await tx
              .insert(restricaoPessoas)
              .values(lote.map(([documento, pessoaUid]) => ({ restricaoUid: x.uid, tabelaFreteUid: req.params.uid, papel, pessoaUid, documento })))
              .onConflictDoNothing()
              .returning({ uid: restricaoPessoas.uid });
            await tocarTabela(tx, req.params.uid); // each batch: a cached calculation never outlives a change
            if (i === lotes.length - 1) {
              await registrarAuditoria(tx, ctx, 'tabelasfrete', req.params.uid, `importar-${lista === 'remetentes' ? 'rem' : 'dest'}`, null, {
                restricaoUid: x.uid,
                vinculados: vinculados + novos.length,
                linhas: linhas.length,
              });
            }
            return novos.length;
          });
        }
        const resultado = { vinculados, jaVinculados: porDocumento.size - vinculados, linhas: linhas.length };
        return reply.ok(resultado, `${resultado.vinculados} ${lista} vinculados.`);
      },
    );
  }
}
