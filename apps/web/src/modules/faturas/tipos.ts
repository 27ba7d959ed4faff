import type { z } from '@fretio/core';
import type { contaCorrente, fatura, faturaCte } from '@fretio/core';

// Reply types of the invoice screens (from the core schemas the server answers with).
export type Fatura = z.infer<typeof fatura> & Record<string, unknown>;
export type FaturaCte = z.infer<typeof faturaCte>;
export type ContaCorrente = z.infer<typeof contaCorrente>;
