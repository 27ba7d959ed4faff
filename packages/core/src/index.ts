export * from './api/common.ts';
export * from './documentos.ts';
export * from './formatos.ts';
export * from './mensagens.ts';
export * from './recursos.ts';
export * from './status.ts';
export * from './zod.ts';
export * from './api/cadastros.ts';
