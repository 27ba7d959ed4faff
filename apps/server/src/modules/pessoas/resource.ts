import { eq } from 'drizzle-orm';
import { pessoa, pessoaInput, pessoaOpcao, pessoasListaQuery } from '@fretio/core';
import { municipios, pessoas } from '../../db/schema/index.ts';
import { defineResource, doEmbarcador } from '../../framework/resource.ts';
import { registerUniqueConstraint } from '../../lib/pg-errors.ts';
import { exigirEmbarcador } from '../../plugins/auth/context.ts';
import { listaSelecao } from './repository.ts';
import { PESSOA_DUPLICADA, rotuloPessoa, validarPessoa, valoresPessoa } from './service.ts';

// A race past the hook's check still answers 409 naming the field.
registerUniqueConstraint('pessoas_documento_uq', 'documento', PESSOA_DUPLICADA);

/**
 * People of the active shipper (senders, recipients, payers). Deleting one referenced elsewhere
 * answers 409 'Registro em uso' (foreign keys with onDelete 'restrict').
 */
export const pessoasResource = defineResource({
  nome: 'Pessoa',
  path: '/pessoas',
  recurso: 'pessoas',
  table: pessoas,
  uid: pessoas.uid,
  scope: doEmbarcador(pessoas.embarcadorUid),
  item: pessoa,
  input: pessoaInput,
  select: {
    uid: pessoas.uid,
    tipoPessoa: pessoas.tipoPessoa,
    documento: pessoas.documento,
    ie: pessoas.ie,
    nome: pessoas.nome,
    nomeFantasia: pessoas.nomeFantasia,
    cep: pessoas.cep,
    logradouro: pessoas.logradouro,
    numero: pessoas.numero,
    complemento: pessoas.complemento,
    bairro: pessoas.bairro,
    municipioIbge: pessoas.municipioIbge,
    municipioNome: municipios.nome,
    uf: pessoas.uf,
    email: pessoas.email,
    telefone: pessoas.telefone,
    remetente: pessoas.remetente,
    destinatario: pessoas.destinatario,
    tomador: pessoas.tomador,
    isentoCubagem: pessoas.isentoCubagem,
    ativo: pessoas.ativo,
    criadoEm: pessoas.criadoEm,
    atualizadoEm: pessoas.atualizadoEm,
  },
  from: (q) => q.leftJoin(municipios, eq(municipios.ibge, pessoas.municipioIbge)),
  fromMantemLinhas: true,
  sortable: {
    nome: pessoas.nome,
    nomeFantasia: pessoas.nomeFantasia,
    documento: pessoas.documento,
    tipoPessoa: pessoas.tipoPessoa,
    uf: pessoas.uf,
    municipioNome: municipios.nome,
    ativo: pessoas.ativo,
    criadoEm: pessoas.criadoEm,
  },
  defaultSort: 'nome',
  filters: {
    nome: { column: pessoas.nome, kind: 'text' },
    nomeFantasia: { column: pessoas.nomeFantasia, kind: 'text' },
    documento: { column: pessoas.documento, kind: 'text' },
    tipoPessoa: { column: pessoas.tipoPessoa, kind: 'exact' },
    ie: { column: pessoas.ie, kind: 'text' },
    cep: { column: pessoas.cep, kind: 'text' },
    bairro: { column: pessoas.bairro, kind: 'text' },
    municipioIbge: { column: pessoas.municipioIbge, kind: 'exact' },
    municipioNome: { column: municipios.nome, kind: 'text' },
    uf: { column: pessoas.uf, kind: 'exact' },
    email: { column: pessoas.email, kind: 'text' },
    remetente: { column: pessoas.remetente, kind: 'bool' },
    destinatario: { column: pessoas.destinatario, kind: 'bool' },
    tomador: { column: pessoas.tomador, kind: 'bool' },
    ativo: { column: pessoas.ativo, kind: 'bool' },
    criadoEm: { column: pessoas.criadoEm, kind: 'date', range: true },
  },
  toValues: (input) => valoresPessoa(input),
  hooks: { validate: validarPessoa },
  selecoes: [
    {
      path: '/pessoas/list',
      summary: 'Pessoas ativas para seleção com busca (até 20)',
      description:
        'q com 1-2 letras: nomes começando pelo termo; com 3+: primeiro os nomes começando pelo termo, depois nome ou nome fantasia ' +
        'contendo o termo (sem acentos nem maiúsculas); só dígitos/pontuação: documento começando pelos dígitos (e, com 3+ dígitos, ' +
        "nomes que os contêm). Sem q: os primeiros em ordem alfabética. label 'Nome - 00.000.000/0000-00'.",
      query: pessoasListaQuery,
      item: pessoaOpcao,
      // The ranked search (prefix first, then contains) is the repository's own.
      consulta: (db, ctx, q) => listaSelecao(db, exigirEmbarcador(ctx), q.q, q.papel),
      opcao: (p) => ({ value: p.uid, label: rotuloPessoa(p), nome: p.nome, documento: p.documento, uf: p.uf }),
    },
  ],
});
