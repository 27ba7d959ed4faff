import { and, eq, inArray } from 'drizzle-orm';
import { atualizarRastreio } from '../../modules/tracking/service.ts';
import { eventosOcorrencia, nfes, ocorrencias } from '../schema/index.ts';
import type { ModuleSeed } from './demo.ts';

// Demo occurrence events on the seeded notes of Rápido Sul (seed/fiscal.ts), so the tracking shows each
// case: NF 1001 (Rio, due 14/01/2025) delivered on time; NF 1003 (Curitiba, due 13/01/2025: capital to
// capital in 1 business day) an attempt, then delivered two days late; NF 1002 (BH, no deadline
// registered for Rápido Sul) an address-not-found attempt: an exception.
export const seedRastreio: ModuleSeed = async (tx, ids) => {
  const demo = ids.embarcadores.demo;
  const notas = new Map(
    (await tx.select({ uid: nfes.uid, numero: nfes.numero }).from(nfes).where(and(eq(nfes.embarcadorUid, demo), inArray(nfes.numero, [1001, 1002, 1003])))).map((n) => [n.numero, n.uid]),
  );
  const tipos = new Map(
    (await tx.select({ uid: ocorrencias.uid, codigo: ocorrencias.codigo }).from(ocorrencias).where(and(eq(ocorrencias.embarcadorUid, demo), inArray(ocorrencias.codigo, ['01', '05', '06'])))).map(
      (o) => [o.codigo, o.uid],
    ),
  );
  const ev = (numero: number, codigo: string, dataHora: string, extra: { observacao?: string; responsavel?: string; local?: string } = {}) => ({
    embarcadorUid: demo,
    nfeUid: notas.get(numero) as string,
    ocorrenciaUid: tipos.get(codigo) as string,
    transportadorUid: ids.transportadores.rapido,
    cnpjEmissorNf: '11222333000181',
    serieNf: '1',
    numeroNf: String(numero),
    dataHora,
    origem: 'manual',
    usuarioUid: ids.usuarios.admin,
    ...extra,
  });
  if (notas.size < 3 || tipos.size < 3) return;
  await tx.insert(eventosOcorrencia).values([
    ev(1001, '01', '2025-01-14T16:20:00-03:00', { responsavel: 'Portaria', local: 'Rio de Janeiro/RJ', observacao: 'Canhoto assinado.' }),
    ev(1003, '05', '2025-01-13T11:00:00-03:00', { local: 'Curitiba/PR', observacao: 'Depósito lotado, reagendar.' }),
    ev(1003, '01', '2025-01-15T09:30:00-03:00', { responsavel: 'Recebimento', local: 'Curitiba/PR' }),
    ev(1002, '06', '2025-01-13T15:45:00-03:00', { local: 'Belo Horizonte/MG' }),
  ]);
  for (const uid of notas.values()) await atualizarRastreio(tx, uid);
};
