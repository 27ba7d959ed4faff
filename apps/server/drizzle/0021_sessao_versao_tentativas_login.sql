CREATE TABLE "tentativas_login" (
	"chave" varchar(200) PRIMARY KEY NOT NULL,
	"falhas" integer DEFAULT 0 NOT NULL,
	"janela_inicio" timestamp with time zone NOT NULL,
	"bloqueado_ate" timestamp with time zone,
	"bloqueios" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "usuarios" ADD COLUMN "sessao_versao" integer DEFAULT 0 NOT NULL;