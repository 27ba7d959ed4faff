CREATE TABLE "sefaz_distribuicao" (
	"embarcador_uid" uuid NOT NULL,
	"servico" varchar(3) NOT NULL,
	"cnpj" varchar(14) NOT NULL,
	"ultimo_nsu" varchar(15) DEFAULT '000000000000000' NOT NULL,
	"max_nsu" varchar(15) DEFAULT '000000000000000' NOT NULL,
	"proxima_consulta_em" timestamp with time zone,
	"ultimo_c_stat" varchar(5),
	"ultimo_motivo" text,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sefaz_distribuicao_embarcador_uid_servico_cnpj_pk" PRIMARY KEY("embarcador_uid","servico","cnpj")
);
--> statement-breakpoint
CREATE TABLE "sefaz_resumos" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"embarcador_uid" uuid NOT NULL,
	"servico" varchar(3) NOT NULL,
	"cnpj_interessado" varchar(14) NOT NULL,
	"nsu" varchar(15) NOT NULL,
	"schema" varchar(40) NOT NULL,
	"chave" varchar(44),
	"emitente_documento" varchar(14),
	"emitente_nome" varchar(150),
	"emissao" varchar(40),
	"valor" numeric(15, 2),
	"situacao" varchar(2),
	"xml" text NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sefaz_distribuicao" ADD CONSTRAINT "sefaz_distribuicao_embarcador_uid_embarcadores_uid_fk" FOREIGN KEY ("embarcador_uid") REFERENCES "public"."embarcadores"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sefaz_resumos" ADD CONSTRAINT "sefaz_resumos_embarcador_uid_embarcadores_uid_fk" FOREIGN KEY ("embarcador_uid") REFERENCES "public"."embarcadores"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sefaz_resumos_nsu_uq" ON "sefaz_resumos" USING btree ("embarcador_uid","servico","cnpj_interessado","nsu");--> statement-breakpoint
CREATE INDEX "sefaz_resumos_chave_idx" ON "sefaz_resumos" USING btree ("embarcador_uid","chave");