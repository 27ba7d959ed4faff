import { lerDocumentoFiscal } from '@fretio/core/fiscal';
import { cteXml, nfeXml } from '@fretio/core/fiscal/fixtures';
import type { CteLida, NfeLida } from '@fretio/core/fiscal';
import { LAYOUTS, escreverEdi, itensImportacaoEdi } from '@fretio/core';
import { salvarCte } from '../../modules/ctes/service.ts';
import { processarItemEdi } from '../../modules/importacao-edi/service.ts';
import { salvarNfe } from '../../modules/nfes/service.ts';
import type { ModuleSeed } from './demo.ts';

// Demo fiscal documents: notes issued by Demo's head office and carried by Rápido Sul (so its user
// sees them in carrier mode), and Rápido Sul's CT-e citing two of them (and one not yet imported); and
// Rápido Sul's CONEMB applied as the EDI import does: CT 1/601 for NF 1003, known from EDI only (its XML
// has not come), shown in the CT-e list with origem EDI.
export const seedFiscal: ModuleSeed = async (tx, ids) => {
  const quem = { embarcadorUid: ids.embarcadores.demo, usuarioUid: ids.usuarios.admin };
  const destinos = [
    { ufDestino: 'RJ', municipioDestino: '3304557' },
    { ufDestino: 'MG', municipioDestino: '3106200' },
    { ufDestino: 'PR', municipioDestino: '4106902' },
  ];
  const chaves: string[] = [];
  for (const [i, d] of destinos.entries()) {
    const { chave, xml } = nfeXml({ emitente: '11222333000181', numero: 1001 + i, transportador: '60746948000112', emissao: `2025-01-${10 + i}T10:00:00-03:00`, ...d });
    chaves.push(chave);
    await salvarNfe(tx, quem, { lida: lerDocumentoFiscal(xml) as NfeLida, assinaturaValida: false, xml: Buffer.from(xml), nome: `${chave}.xml` });
  }
  const pendente = nfeXml({ emitente: '11222333000181', numero: 1099 }).chave;
  const { chave, xml } = cteXml({ emitente: '60746948000112', numero: 501, nfes: [chaves[0], chaves[1], pendente] });
  await salvarCte(tx, quem, { lida: lerDocumentoFiscal(xml) as CteLida, assinaturaValida: false, xml: Buffer.from(xml), nome: `${chave}.xml` });
  const conemb = escreverEdi(LAYOUTS['CONEMB 3.0'], [
    { id: '000', valores: { remetente: 'RAPIDO SUL', destinatario: 'DEMO', data: '2025-01-12', hora: '08:00', intercambio: 'CON12010800' } },
    { id: '320', valores: { identificacao: 'CONHE12010800' } },
    { id: '321', valores: { cnpjTransportadora: '60746948000112', razaoSocial: 'RAPIDO SUL TRANSPORTES' } },
    {
      id: '322',
      valores: {
        filial: 'MATRIZ', serie: '1', numero: '601', emissao: '2025-01-12', condicaoFrete: 'C', peso: '85.00', valorFrete: '212.40', baseIcms: '212.40', aliquotaIcms: '12.00',
        valorIcms: '25.49', fretePeso: '180.00', pedagio: '32.40', cnpjEmissor: '60746948000112', cnpjEmbarcadora: '11222333000181', serieNf1: '1', numeroNf1: '1003',
        acao: 'I', tipoConhecimento: 'N', cfop: '6353',
      },
    },
    { id: '323', valores: { quantidade: '1', valorTotal: '212.40' } },
  ]);
  if (!conemb.ok) throw new Error('CONEMB de demonstração inválido');
  // Our own demo file: read in-process (the worker pool is for users' files).
  for (const item of itensImportacaoEdi(Buffer.from(conemb.texto, 'latin1'), 'CONEMB')) await processarItemEdi(tx, quem.embarcadorUid, null, item.ref, quem);
};
