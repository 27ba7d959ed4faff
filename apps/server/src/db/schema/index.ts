export * from './cadastros.ts';
export * from './identidade.ts';
export * from './sistema.ts';
