DROP INDEX "nfes_uf_emissao_idx";--> statement-breakpoint
CREATE INDEX "nfes_lista_emissao_idx" ON "nfes" USING btree ("embarcador_uid","emissao","uid") WHERE not virtual;--> statement-breakpoint
CREATE INDEX "nfes_uf_emissao_idx" ON "nfes" USING btree ("embarcador_uid","destinatario_uf","emissao","uid") WHERE not virtual;