ALTER TABLE "tabelas_frete" ADD COLUMN "tabela_base_uid" uuid;--> statement-breakpoint
ALTER TABLE "tabelas_frete" ADD COLUMN "ajustes_base" jsonb;--> statement-breakpoint
ALTER TABLE "tabelas_frete" ADD CONSTRAINT "tabelas_frete_tabela_base_uid_tabelas_frete_uid_fk" FOREIGN KEY ("tabela_base_uid") REFERENCES "public"."tabelas_frete"("uid") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tabelas_frete_base_idx" ON "tabelas_frete" USING btree ("tabela_base_uid");