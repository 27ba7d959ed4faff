DROP INDEX "restricoes_componente_uq";--> statement-breakpoint
ALTER TABLE "regras" ADD COLUMN "restricao_uid" uuid;--> statement-breakpoint
ALTER TABLE "regras" ADD CONSTRAINT "regras_restricao_uid_restricoes_uid_fk" FOREIGN KEY ("restricao_uid") REFERENCES "public"."restricoes"("uid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "regras_restricao_uid_index" ON "regras" USING btree ("restricao_uid");--> statement-breakpoint
CREATE INDEX "restricoes_componente_idx" ON "restricoes" USING btree ("tabela_frete_uid","componente");