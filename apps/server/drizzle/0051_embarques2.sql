CREATE INDEX "carga_nfes_nfe_idx" ON "carga_nfes" USING btree ("nfe_uid");--> statement-breakpoint
CREATE INDEX "carga_nfes_digitada_chave_idx" ON "carga_nfes" USING btree ("chave") WHERE nfe_uid is null;--> statement-breakpoint
CREATE INDEX "carga_nfes_digitada_numero_idx" ON "carga_nfes" USING btree ("numero","serie") WHERE nfe_uid is null;