CREATE TABLE "contagem_linhas" (
	"tabela" varchar(63) NOT NULL,
	"embarcador_uid" uuid NOT NULL,
	"n" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "contagem_linhas_chave_idx" ON "contagem_linhas" USING btree ("tabela","embarcador_uid");