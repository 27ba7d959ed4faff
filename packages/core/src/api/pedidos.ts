import { auditado } from './common.ts';
import { exigirLugares, itemLugar, lugar } from './compras.ts';
import { cotacaoCalculada } from './frete.ts';
import { zDecimal, zDecimalOpcional } from './produtos.ts';
import { opcional, z, zCep, zData, zDocumento, zIbge, zTexto, zTextoOpcional, zUid, zUf } from '../zod.ts';

// Orders (documentos/pedidos) and load planning (planejamento-carga), issue 11. An order is an ERP sales
// order before it is invoiced; its freight is simulated over the carriers' tables, one simulation is
// selected (carrier and expected freight fixed) and the NF-e is linked when it is issued. A load plan
// groups unshipped NF-es and orders and becomes a shipment (embarque).


export const pedidoInput = z
  .object({
    numero: zTexto(30).describe('Número do pedido no ERP (único no embarcador)'),
    clienteUid: opcional(zUid).describe('Cliente (cadastro de pessoas)'),
    ...lugar,
    pesoKg: zDecimal(3, 1e10).refine((s) => Number(s) > 0, 'Peso deve ser maior que zero'),
    volumeM3: zDecimalOpcional(6, 1e7),
    valor: zDecimal(2, 1e12),
    volumes: z.number({ error: 'Número inválido' }).int('Deve ser um número inteiro').min(0, 'Volumes não pode ser negativo').max(1e7).default(0),
    dataPrevista: opcional(zData).describe('Data prevista de embarque'),
    tipoVeiculoUid: opcional(zUid),
    observacao: zTextoOpcional(1000),
  })
  .superRefine(exigirLugares);
export type PedidoInput = z.infer<typeof pedidoInput>;

export const pedido = z.object({
  uid: z.string(),
  numero: z.string(),
  status: z.number().int().describe('1 Aberto, 2 Em Cotação, 3 Frete Definido, 4 Faturado'),
  clienteUid: z.string().nullable(),
  clienteNome: z.string().nullable(),
  ...itemLugar,
  pesoKg: z.number(),
  volumeM3: z.number().nullable(),
  valor: z.number(),
  volumes: z.number().int(),
  dataPrevista: z.string().nullable(),
  tipoVeiculoUid: z.string().nullable(),
  observacao: z.string().nullable(),
  nfeUid: z.string().nullable(),
  nfeNumero: z.number().int().nullable(),
  nfeChave: z.string().nullable(),
  transportadorUid: z.string().nullable(),
  transportadorNome: z.string().nullable(),
  simulacaoFreteUid: z.string().nullable(),
  freteEsperado: z.number().nullable().describe('Frete da simulação selecionada (a auditoria confere o CT-e com ele)'),
  prazoDiasUteis: z.number().int().nullable(),
  cotacaoUid: z.string().nullable(),
  cotacaoNumero: z.number().int().nullable(),
  planejamentoUid: z.string().nullable(),
  ...auditado,
});
export type Pedido = z.infer<typeof pedido>;

export const definirNfeInput = z.object({ nfeUid: zUid.describe('NF-e emitida para o pedido (cadastro de NF-es)') });
export const definirTransportadorInput = z.object({ transportadorUid: zUid });
export const selecionarCalculoInput = z.object({ simulacaoFreteUid: zUid.describe('Uma linha de GET {uid}/simulacoes') });

/** One ranked line of an order's freight simulation: one carrier's table. */
export const pedidoSimulacao = z.object({
  uid: z.string(),
  pedidoUid: z.string(),
  /** The run: every line of one simular-frete call has the same lote. */
  lote: z.string(),
  posicao: z.number().int().describe('1 = o mais barato'),
  transportadorUid: z.string(),
  transportadorNome: z.string(),
  tabelaUid: z.string(),
  tabelaNome: z.string(),
  total: z.number(),
  prazoDiasUteis: z.number().int(),
  dataPrevistaEntrega: z.string(),
  selecionada: z.boolean(),
  calculo: cotacaoCalculada.describe('O cálculo do motor como foi feito (componentes)'),
  criadoEm: z.string(),
});
export type PedidoSimulacao = z.infer<typeof pedidoSimulacao>;

// Load planning -----------------------------------------------------------------------------------
export const documentoPlanejamentoInput = z
  .object({
    nfeUid: opcional(zUid),
    pedidoUid: opcional(zUid),
  })
  .superRefine((v, ctx) => {
    if (!!v.nfeUid === !!v.pedidoUid) ctx.addIssue({ code: 'custom', path: ['nfeUid'], message: 'Informe a NF-e ou o pedido (um dos dois)' });
  });

export const planejamentoCargaInput = z
  .object({
    descricao: zTexto(120),
    ...lugar,
    tipoVeiculoUid: opcional(zUid).describe('Veículo do planejamento: a capacidade (kg, m³) gera avisos'),
    transportadorUid: opcional(zUid),
    dataEmbarque: opcional(zData),
    observacao: zTextoOpcional(1000),
    documentos: z.array(documentoPlanejamentoInput).max(2000, 'No máximo 2.000 documentos por planejamento').optional().describe('Os documentos do planejamento (substitui a lista; ausente: mantém)'),
  })
  .superRefine(exigirLugares);
export type PlanejamentoCargaInput = z.infer<typeof planejamentoCargaInput>;

export const documentoPlanejado = z.object({
  tipo: z.enum(['nfe', 'pedido']),
  uid: z.string(),
  numero: z.string(),
  chave: z.string().nullable(),
  destinoUf: z.string().nullable(),
  destinoMunicipio: z.string().nullable(),
  destinatarioNome: z.string().nullable(),
  origemMunicipioIbge: z.string().nullable().describe('Município do emitente (NF-e) ou de origem (pedido)'),
  destinoMunicipioIbge: z.string().nullable(),
  data: z.string().nullable(),
  transportadorUid: z.string().nullable(),
  transportadorNome: z.string().nullable(),
  pesoKg: z.number(),
  volumeM3: z.number().nullable(),
  valor: z.number(),
  volumes: z.number().int(),
});
export type DocumentoPlanejado = z.infer<typeof documentoPlanejado>;

export const planejamentoCarga = z.object({
  uid: z.string(),
  numero: z.number().int(),
  descricao: z.string(),
  status: z.number().int().describe('1 Aberto, 2 Finalizado'),
  ...itemLugar,
  tipoVeiculoUid: z.string().nullable(),
  tipoVeiculoNome: z.string().nullable(),
  capacidadeKg: z.number().nullable(),
  capacidadeM3: z.number().nullable(),
  transportadorUid: z.string().nullable(),
  transportadorNome: z.string().nullable(),
  dataEmbarque: z.string().nullable(),
  observacao: z.string().nullable(),
  embarqueUid: z.string().nullable(),
  embarqueNumero: z.number().int().nullable(),
  documentos: z.array(documentoPlanejado),
  quantidadeDocumentos: z.number().int(),
  pesoTotalKg: z.number(),
  volumeTotalM3: z.number(),
  valorTotal: z.number(),
  volumes: z.number().int(),
  ocupacaoPesoPct: z.number().nullable().describe('Peso total ÷ capacidade do veículo, em %'),
  ocupacaoVolumePct: z.number().nullable(),
  avisos: z.array(z.string()).describe('Capacidade do veículo excedida (peso, m³)'),
  ...auditado,
});
export type PlanejamentoCarga = z.infer<typeof planejamentoCarga>;

/** POST planejamento-carga/documentos/filter: NF-es and orders not yet planned nor shipped. */
export const documentosFilterInput = z.object({
  tipo: z.enum(['nfe', 'pedido', 'todos']).default('todos'),
  origemUf: opcional(zUf),
  destinoUf: opcional(zUf),
  destinoMunicipioIbge: opcional(zIbge),
  /** IBGE macro-region of the destination (N, NE, CO, SE, S). */
  destinoRegiao: opcional(z.enum(['N', 'NE', 'CO', 'SE', 'S'], { message: 'Região deve ser N, NE, CO, SE ou S' })),
  regiaoDestinoUid: opcional(zUid).describe('Região do embarcador que contém o destino (UF, município ou faixa de CEP)'),
  remetenteDocumento: opcional(zDocumento).describe('CNPJ/CPF do remetente: o emitente da NF-e; o de um pedido é o próprio embarcador'),
  dataInicio: opcional(zData),
  dataFim: opcional(zData),
  transportadorUid: opcional(zUid),
  pesoMaximoKg: opcional(z.number().min(0, 'Deve ser maior ou igual a 0')),
  limite: z.number().int().min(1).max(2000).default(500),
});

// Load proposals, moving documents, consolidated vs separate cost --------------------------------------
export const propostaCargasInput = documentosFilterInput
  .extend({
    origemCep: opcional(zCep),
    origemMunicipioIbge: opcional(zIbge),
    tipoVeiculoUid: zUid.describe('Veículo das cargas: a capacidade (kg, m³) limita cada carga'),
    agrupamento: z.enum(['uf', 'municipio']).default('uf').describe('uf: uma ou mais cargas por UF de destino; municipio: por município'),
    transportadorUid: opcional(zUid),
    dataEmbarque: opcional(zData),
  })
  .superRefine((v, ctx) => {
    if (!v.origemCep && !v.origemMunicipioIbge) ctx.addIssue({ code: 'custom', path: ['origemCep'], message: 'Informe o CEP ou o município de origem' });
  });
export type PropostaCargasInput = z.infer<typeof propostaCargasInput>;
export const propostaCargas = z.object({
  cargas: z.array(planejamentoCarga).describe('Um planejamento Aberto por carga proposta, com os documentos'),
  documentosSemDestino: z.number().int().describe('Documentos sem município de destino: ficam fora da proposta'),
});

export const moverDocumentosInput = z.object({
  destinoUid: zUid.describe('Planejamento (Aberto) que recebe os documentos'),
  documentos: z.array(documentoPlanejamentoInput).min(1, 'Escolha ao menos um documento').max(2000),
});

const custoDocumento = z.object({
  tipo: z.enum(['nfe', 'pedido']),
  uid: z.string(),
  numero: z.string(),
  total: z.number().nullable().describe('Menor frete das tabelas vigentes; null: nenhuma tabela cobre'),
  transportadorNome: z.string().nullable(),
  tabelaNome: z.string().nullable(),
});
export const comparacaoCarga = z.object({
  separado: z.object({
    total: z.number().describe('Soma do menor frete de cada documento enviado sozinho'),
    documentos: z.array(custoDocumento),
    semCotacao: z.number().int(),
  }),
  consolidado: z
    .object({
      total: z.number(),
      transportadorNome: z.string(),
      tabelaNome: z.string(),
      prazoDiasUteis: z.number().int(),
      destinoMunicipioIbge: z.string().nullable().describe('Destino que define o preço: a parada mais cara da rota (com uma só, o destino da carga)'),
      paradas: z
        .array(z.object({ destinoMunicipioIbge: z.string().nullable(), documentos: z.number().int(), pesoKg: z.number(), total: z.number() }))
        .describe('Cada destino da carga: documentos, peso e o preço da carga inteira até ele pela tabela vencedora'),
    })
    .nullable()
    .describe('Menor frete da carga inteira num veículo (peso, m³, valor e NF-es somados): com vários destinos, uma tabela que cubra todos e o preço da parada mais cara; null: nenhuma tabela cobre'),
  economia: z.number().nullable().describe('separado − consolidado (só quando todos os documentos cotaram)'),
  economiaPct: z.number().nullable(),
});
export type ComparacaoCarga = z.infer<typeof comparacaoCarga>;
