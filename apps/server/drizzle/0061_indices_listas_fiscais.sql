DROP INDEX "ctes_transportador_idx";--> statement-breakpoint
DROP INDEX "nfes_transportador_idx";--> statement-breakpoint
CREATE INDEX "ctes_disponiveis_idx" ON "ctes" USING btree ("embarcador_uid","emissao" DESC NULLS FIRST,"uid") WHERE not cancelado and status not in (4, 5) and fatura_uid is null and protocolo is not null;--> statement-breakpoint
CREATE INDEX "ctes_transportador_lista_idx" ON "ctes" USING btree ("transportador_uid","emissao" DESC NULLS FIRST,"uid");--> statement-breakpoint
CREATE INDEX "nfes_transportador_lista_idx" ON "nfes" USING btree ("transportador_uid","emissao" DESC NULLS FIRST,"uid");