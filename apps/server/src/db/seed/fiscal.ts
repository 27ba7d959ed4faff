import { lerDocumentoFiscal } from '@fretio/core/fiscal';
import { cteXml, nfeXml } from '@fretio/core/fiscal/fixtures';
import type { CteLida, NfeLida } from '@fretio/core/fiscal';
import { salvarCte } from '../../modules/ctes/service.ts';
import { salvarNfe } from '../../modules/nfes/service.ts';
import type { ModuleSeed } from './demo.ts';

// Demo fiscal documents: notes issued by Demo's head office and carried by Rápido Sul (so its user
// sees them in carrier mode), and Rápido Sul's CT-e citing two of them (and one not yet imported).
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
};
