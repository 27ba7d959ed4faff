import { opcional, z, zCep, zEmail, zIbge, zTextoOpcional, zUf } from '../zod.ts';

// Where a company or unit is, as shippers, their units and carriers record it: one shape, one validation.
export const localizacaoInput = {
  cep: opcional(zCep),
  uf: opcional(zUf),
  municipioIbge: opcional(zIbge),
};
export const localizacao = {
  cep: z.string().nullable(),
  uf: z.string().nullable(),
  municipioIbge: z.string().nullable(),
};

export const contatoInput = { email: opcional(zEmail), telefone: zTextoOpcional(20) };
export const contato = { email: z.string().nullable(), telefone: z.string().nullable() };
