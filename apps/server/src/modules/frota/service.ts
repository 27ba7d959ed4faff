import Decimal from 'decimal.js';
import { TIPO_USUARIO } from '@fretio/core';
import type { Tx } from '../../framework/resource.ts';
import { AppError } from '../../lib/errors.ts';
import type { RequestContext } from '../../plugins/auth/context.ts';
import { tipoMesmoNome, tipoVeiculoVisivel } from './repository.ts';

// Fleet rules: the global vehicle-type catalogue is read-only to shippers; names are unique among
// the types a shipper sees; a vehicle's type must be one the caller sees, and lends its capacities.

export async function validarTipoVeiculo(
  tx: Tx,
  ctx: RequestContext,
  values: Record<string, unknown>,
  existing: Record<string, unknown> | null,
) {
  if (existing?.global && ctx.tipoUsuario !== TIPO_USUARIO.ADMIN) {
    throw AppError.forbidden('Tipo de veículo do catálogo global não pode ser alterado; cadastre um tipo próprio.');
  }
  const mesmo = await tipoMesmoNome(tx, ctx, String(values.nome), existing ? String(existing.uid) : undefined);
  if (mesmo) {
    const message = `Já existe um tipo de veículo com este nome: ${mesmo.nome}`;
    throw AppError.conflict(message, [{ field: 'nome', message }]);
  }
}

export async function validarVeiculo(
  tx: Tx,
  ctx: RequestContext,
  values: Record<string, unknown>,
  existing: Record<string, unknown> | null,
) {
  const uid = String(values.tipoVeiculoUid);
  const mesmoTipo = existing && existing.tipoVeiculoUid === uid;
  const tipo = await tipoVeiculoVisivel(tx, ctx, uid);
  // Keeping the type it already has is always allowed (a shared carrier's vehicle may use another shipper's type).
  if (!tipo && !mesmoTipo) throw AppError.field('tipoVeiculoUid', 'Tipo de veículo não encontrado');
  if (tipo && !tipo.ativo && !mesmoTipo) throw AppError.field('tipoVeiculoUid', 'Tipo de veículo inativo');
  if (values.capacidadeKg === null || values.capacidadeKg === undefined) values.capacidadeKg = tipo?.capacidadeKg ?? existing?.capacidadeKg;
  if (values.capacidadeM3 === null || values.capacidadeM3 === undefined) values.capacidadeM3 = tipo?.capacidadeM3 ?? existing?.capacidadeM3;
}

const num = (v: unknown, casas = 2) => Number(new Decimal(String(v ?? 0)).toFixed(casas));
export const comCapacidades = (r: Record<string, unknown>) => ({
  ...r,
  capacidadeKg: num(r.capacidadeKg),
  capacidadeM3: num(r.capacidadeM3),
});

/** 'ABC1234' → 'ABC-1234' (old plates are shown with the hyphen); Mercosul plates as they are. */
export { formatarPlaca } from '@fretio/core';
