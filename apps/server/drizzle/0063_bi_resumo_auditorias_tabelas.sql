CREATE TABLE "resumo_bi_auditoria" (
	"doc" uuid PRIMARY KEY NOT NULL,
	"embarcador_uid" uuid NOT NULL,
	"dia" date NOT NULL,
	"transportador_uid" uuid,
	"uf" varchar(2),
	"auditadas" integer NOT NULL,
	"aprovadas" integer NOT NULL,
	"divergentes" integer NOT NULL,
	"aceitas" integer NOT NULL,
	"sem_calculo" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "resumo_bi_auditorias" (
	"embarcador_uid" uuid NOT NULL,
	"dia" date NOT NULL,
	"transportador_uid" uuid,
	"uf" varchar(2),
	"auditadas" integer NOT NULL,
	"aprovadas" integer NOT NULL,
	"divergentes" integer NOT NULL,
	"aceitas" integer NOT NULL,
	"sem_calculo" integer NOT NULL,
	CONSTRAINT "resumo_bi_auditorias_uq" UNIQUE NULLS NOT DISTINCT("embarcador_uid","dia","transportador_uid","uf")
);
--> statement-breakpoint
CREATE TABLE "resumo_bi_fatura_cte" (
	"doc" uuid NOT NULL,
	"embarcador_uid" uuid NOT NULL,
	"dia" date NOT NULL,
	"transportador_uid" uuid,
	"uf" varchar(2),
	"condicao_pagamento_uid" uuid,
	"ctes" integer NOT NULL,
	"soma_dias" integer NOT NULL,
	"valor" numeric(18, 2) NOT NULL,
	CONSTRAINT "resumo_bi_fatura_cte_doc_embarcador_uid_pk" PRIMARY KEY("doc","embarcador_uid")
);
--> statement-breakpoint
CREATE TABLE "resumo_bi_faturas" (
	"embarcador_uid" uuid NOT NULL,
	"dia" date NOT NULL,
	"transportador_uid" uuid,
	"uf" varchar(2),
	"condicao_pagamento_uid" uuid,
	"ctes" integer NOT NULL,
	"soma_dias" integer NOT NULL,
	"valor" numeric(18, 2) NOT NULL,
	CONSTRAINT "resumo_bi_faturas_uq" UNIQUE NULLS NOT DISTINCT("embarcador_uid","dia","transportador_uid","uf","condicao_pagamento_uid")
);
--> statement-breakpoint
CREATE INDEX "auditorias_cte_idx" ON "auditorias" USING btree ("cte_uid");--> statement-breakpoint
CREATE INDEX "fatura_ctes_cte_idx" ON "fatura_ctes" USING btree ("cte_uid");