import { expect } from 'vitest';
import type { Api } from './http.ts';

const FINAL = [3, 4, 5, 6];

/** Waits (by polling the API, never a fixed delay) until the task has finished; returns it. */
export async function aguardarTarefa(api: Api, uid: string, timeout = 60_000) {
  let ultima: any;
  await expect
    .poll(async () => {
      const r = await api.get(`/api/v1/fila-tarefas/${uid}`);
      ultima = r.body?.data;
      return FINAL.includes(ultima?.status);
    }, { timeout, interval: 50 })
    .toBe(true);
  return ultima;
}

/** The task's per-item report (all pages). */
export async function itensDaTarefa(api: Api, uid: string, query: Record<string, string | number> = {}) {
  const r = await api.get(`/api/v1/fila-tarefas/${uid}/itens`, { pps: 500, ...query });
  expect(r.status).toBe(200);
  return r.body.data.data as { nome: string; status: number; mensagem: string | null; registroUid: string | null; ordem: number }[];
}
