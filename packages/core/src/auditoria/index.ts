// Public API of the freight audit (pure: no I/O; the server feeds it and stores the result).
export { auditarCte, codigoDoComponente, componentesEsperados, normalizarNome } from './comparar.ts';
export { consolidarComplementares, type CteParaDuplicidade, detectarDuplicidades, type ReentregaNfe, type EfeitoCte, efeitoNaAuditoria } from './documentos.ts';
export { esperadoDoMotor, esperadoSpot } from './esperado.ts';
export { aliquotaEsperada } from './icms.ts';
export { classificar, descreverTolerancia, resolverTolerancia } from './tolerancia.ts';
export * from './tipos.ts';
export { COMPONENTE_PESO_BASE, linhaPesoBase } from './peso-base.ts';
