import { auditado } from './common.ts';
import { itemLugar } from './compras.ts';
import { opcional, z, zCep, zData, zIbge, zTexto, zTextoOpcional, zUid } from '../zod.ts';

// Pickup orders (ordens de coleta, issue 11). The cargo (products, NF-es) travels in the shared
// carga_produtos/carga_nfes schemas of compras.ts; the status machine is STATUS.ordemColeta.

export const ordemColetaInput = z
  .object({
    origemCep: opcional(zCep),
    origemMunicipioIbge: opcional(zIbge),
    destinoCep: opcional(zCep),
    destinoMunicipioIbge: opcional(zIbge),
    transportadorUid: opcional(zUid).describe('Transportador vinculado que fará a coleta (obrigatório para enviar)'),
    cotacaoUid: opcional(zUid).describe('Cotação finalizada de onde vem a ordem: copia locais, carga, NF-es e o vencedor (só na criação)'),
    remetenteUid: opcional(zUid).describe('Pessoa (cadastro de pessoas) remetente'),
    destinatarioUid: opcional(zUid).describe('Pessoa (cadastro de pessoas) destinatária'),
    dataColetaDesejada: opcional(zData),
    tipoVeiculoUid: opcional(zUid),
    observacao: zTextoOpcional(1000),
  })
  .superRefine((v, ctx) => {
    if (v.cotacaoUid) return;
    if (!v.origemCep && !v.origemMunicipioIbge) ctx.addIssue({ code: 'custom', path: ['origemCep'], message: 'Informe o CEP ou o município de origem' });
    if (!v.destinoCep && !v.destinoMunicipioIbge) ctx.addIssue({ code: 'custom', path: ['destinoCep'], message: 'Informe o CEP ou o município de destino' });
  });
export type OrdemColetaInput = z.infer<typeof ordemColetaInput>;

export const ordemColeta = z.object({
  uid: z.string(),
  numero: z.number().int(),
  status: z.number().int().describe('1 Rascunho, 2 Aguardando Liberação, 3 Enviada para Transportadora, 4 Confirmada, 5 Recusada, 6 Cancelada'),
  justificativa: z.string().nullable().describe('Justificativa do último cancelamento/recusa'),
  transportadorUid: z.string().nullable(),
  transportadorNome: z.string().nullable(),
  cotacaoUid: z.string().nullable(),
  cotacaoNumero: z.number().int().nullable(),
  embarqueUid: z.string().nullable(),
  embarqueNumero: z.number().int().nullable(),
  ...itemLugar,
  remetenteUid: z.string().nullable(),
  remetenteNome: z.string().nullable(),
  destinatarioUid: z.string().nullable(),
  destinatarioNome: z.string().nullable(),
  dataColetaDesejada: z.string().nullable(),
  tipoVeiculoUid: z.string().nullable(),
  tipoVeiculoNome: z.string().nullable(),
  observacao: z.string().nullable(),
  pesoTotalKg: z.number(),
  volumeTotalM3: z.number(),
  valorTotal: z.number(),
  quantidadeNfes: z.number().int(),
  itensTotal: z.number().int().describe('Produtos + NF-es da ordem'),
  itensLiberados: z.number().int().describe('Itens já liberados (liberacaoitem)'),
  enviadoEm: z.string().nullable(),
  dataColetaPrevista: z.string().nullable().describe('Data de coleta informada pelo transportador na confirmação'),
  veiculoUid: z.string().nullable(),
  veiculoPlaca: z.string().nullable(),
  motoristaUid: z.string().nullable(),
  motoristaNome: z.string().nullable(),
  observacaoTransportador: z.string().nullable(),
  respondidoEm: z.string().nullable(),
  respondidoPorNome: z.string().nullable(),
  ...auditado,
});
export type OrdemColeta = z.infer<typeof ordemColeta>;

/** The carrier confirms the pickup: planned date, vehicle and driver of its own fleet (all optional). */
export const confirmacaoColetaInput = z.object({
  dataColetaPrevista: opcional(zData),
  veiculoUid: opcional(zUid).describe('Veículo da frota do transportador'),
  motoristaUid: opcional(zUid).describe('Motorista da frota do transportador'),
  observacao: zTextoOpcional(1000),
});
export type ConfirmacaoColetaInput = z.infer<typeof confirmacaoColetaInput>;

/** The carrier refuses the pickup, with the reason. */
export const recusaColetaInput = z.object({ justificativa: zTexto(1000) });

/** Releases one item (a product line or an NF-e of the order). */
export const liberacaoItemInput = z.object({ itemUid: zUid.describe('uid de um produto ou de uma NF-e da ordem') });
