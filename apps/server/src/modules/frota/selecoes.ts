import { and, asc, eq, or, sql } from 'drizzle-orm';
import {
  formatarDocumento,
  frotaListaQuery,
  motoristaOpcao,
  somenteDigitos,
  tipoVeiculoOpcao,
  veiculoOpcao,
  veiculosListaQuery,
} from '@fretio/core';
import { motoristas, tiposVeiculo, transportadores, veiculos } from '../../db/schema/index.ts';
import type { SelecaoDef } from '../../framework/selecao.ts';
import { contem, escapeLike } from '../../framework/sql.ts';
import { transportadorVisivel } from '../transportadores/repository.ts';
import { dadosPessoaisVisiveis } from '../transportadores/propriedade.ts';
import { mascararCpf } from './dados-pessoais.ts';
import { cnhVencidaSql, tipoVisivel } from './repository.ts';
import { comCapacidades, formatarPlaca } from './service.ts';

// The fleet's selection lists: vehicle types (global catalogue and the shipper's own), and the drivers
// and vehicles of every carrier the caller sees (flat, across carriers).
const LIMITE = 100;

const tipos = (todos: boolean): SelecaoDef => ({
  path: todos ? '/tiposveiculo/list-all' : '/tiposveiculo/list',
  summary: todos
    ? 'Todos os tipos de veículo (ativos e inativos) para seleção'
    : 'Tipos de veículo ativos (catálogo global e próprios) para seleção',
  item: tipoVeiculoOpcao,
  colunas: {
    uid: tiposVeiculo.uid,
    nome: tiposVeiculo.nome,
    capacidadeKg: tiposVeiculo.capacidadeKg,
    capacidadeM3: tiposVeiculo.capacidadeM3,
    eixos: tiposVeiculo.eixos,
    tipoCarroceria: tiposVeiculo.tipoCarroceria,
    global: sql<boolean>`(${tiposVeiculo.embarcadorUid} is null)`,
    ativo: tiposVeiculo.ativo,
  },
  escopoDoRecurso: false,
  where: (ctx) => and(tipoVisivel(ctx), todos ? undefined : eq(tiposVeiculo.ativo, true)),
  orderBy: [asc(tiposVeiculo.capacidadeKg), asc(tiposVeiculo.nome)],
  opcao: (t) => ({ ...comCapacidades(t), value: t.uid, label: t.nome }),
});
export const selecoesTiposVeiculo = [tipos(false), tipos(true)];

export const selecaoMotoristas: SelecaoDef = {
  path: '/motoristas/list',
  permission: ['transportadores', 'ler'],
  summary: `Motoristas ativos dos transportadores visíveis, para seleção (até ${LIMITE})`,
  description:
    "label 'Nome - 000.000.000-00 (Transportador)'; q: trecho do nome ou dígitos do CPF. O CPF de motorista que o embarcador não cadastrou nem mantém vem mascarado (***.456.789-**) e não é buscado.",
  query: frotaListaQuery,
  item: motoristaOpcao,
  limite: LIMITE,
  colunas: (ctx) => ({
    uid: motoristas.uid,
    nome: motoristas.nome,
    cpf: motoristas.cpf,
    cnhCategoria: motoristas.cnhCategoria,
    cnhVencida: cnhVencidaSql,
    transportadorUid: motoristas.transportadorUid,
    transportadorNome: transportadores.nome,
    // The CPF is shown and searched only where ctx may read it (transportadores/propriedade.ts).
    cpfVisivel: sql<boolean>`${dadosPessoaisVisiveis(ctx, motoristas.transportadorUid, motoristas.cadastradoPorEmbarcadorUid) ?? sql`true`}`,
  }),
  from: (q) => q.innerJoin(transportadores, eq(transportadores.uid, motoristas.transportadorUid)),
  escopoDoRecurso: false,
  where: (ctx, { q, transportadorUid }) => {
    const termo = q?.trim();
    const digitos = somenteDigitos(termo);
    const porCpf = and(
      sql`${motoristas.cpf} like ${`${digitos}%`}`,
      dadosPessoaisVisiveis(ctx, motoristas.transportadorUid, motoristas.cadastradoPorEmbarcadorUid),
    );
    return and(
      transportadorVisivel(ctx, motoristas.transportadorUid),
      eq(motoristas.ativo, true),
      transportadorUid ? eq(motoristas.transportadorUid, transportadorUid) : undefined,
      termo ? or(contem(motoristas.nome, termo), digitos.length >= 3 ? porCpf : undefined) : undefined,
    );
  },
  orderBy: [asc(motoristas.nome), asc(motoristas.uid)],
  opcao: ({ cpfVisivel, ...m }) => {
    const cpf = cpfVisivel ? formatarDocumento(m.cpf) : mascararCpf(m.cpf);
    return { ...m, cpf: cpfVisivel ? m.cpf : cpf, value: m.uid, label: `${m.nome} - ${cpf} (${m.transportadorNome})` };
  },
};

export const selecaoVeiculos: SelecaoDef = {
  path: '/veiculos/list',
  permission: ['transportadores', 'ler'],
  summary: `Veículos ativos dos transportadores visíveis, para seleção (até ${LIMITE}); tp filtra pelo tipo`,
  description: "label 'ABC1D23 - Truck (Transportador)'; q: trecho da placa.",
  query: veiculosListaQuery,
  item: veiculoOpcao,
  limite: LIMITE,
  colunas: {
    uid: veiculos.uid,
    placa: veiculos.placa,
    tipoVeiculoUid: veiculos.tipoVeiculoUid,
    tipoVeiculoNome: tiposVeiculo.nome,
    capacidadeKg: veiculos.capacidadeKg,
    capacidadeM3: veiculos.capacidadeM3,
    transportadorUid: veiculos.transportadorUid,
    transportadorNome: transportadores.nome,
  },
  from: (q) =>
    q
      .innerJoin(tiposVeiculo, eq(tiposVeiculo.uid, veiculos.tipoVeiculoUid))
      .innerJoin(transportadores, eq(transportadores.uid, veiculos.transportadorUid)),
  escopoDoRecurso: false,
  where: (ctx, { q, tp, transportadorUid }) => {
    const placa = q
      ?.trim()
      .toUpperCase()
      .replace(/[^A-Z0-9]/g, '');
    return and(
      transportadorVisivel(ctx, veiculos.transportadorUid),
      eq(veiculos.ativo, true),
      tp ? eq(veiculos.tipoVeiculoUid, tp) : undefined,
      transportadorUid ? eq(veiculos.transportadorUid, transportadorUid) : undefined,
      placa ? sql`${veiculos.placa} like ${`%${escapeLike(placa)}%`}` : undefined,
    );
  },
  orderBy: [asc(veiculos.placa), asc(veiculos.uid)],
  opcao: (v) => ({ ...comCapacidades(v), value: v.uid, label: `${formatarPlaca(v.placa)} - ${v.tipoVeiculoNome} (${v.transportadorNome})` }),
};
