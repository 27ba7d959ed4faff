CREATE TABLE "produtos" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"embarcador_uid" uuid NOT NULL,
	"codigo" varchar(60) NOT NULL,
	"descricao" varchar(255) NOT NULL,
	"ncm" varchar(8) NOT NULL,
	"unidade" varchar(6) DEFAULT 'UN' NOT NULL,
	"peso_bruto_kg" numeric(14, 3),
	"peso_liquido_kg" numeric(14, 3),
	"comprimento_cm" numeric(10, 2),
	"largura_cm" numeric(10, 2),
	"altura_cm" numeric(10, 2),
	"m3" numeric(14, 6),
	"valor_unitario" numeric(14, 2),
	"ean" varchar(14),
	"ativo" boolean DEFAULT true NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "produtos" ADD CONSTRAINT "produtos_embarcador_uid_embarcadores_uid_fk" FOREIGN KEY ("embarcador_uid") REFERENCES "public"."embarcadores"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "produtos_codigo_uq" ON "produtos" USING btree ("embarcador_uid","codigo" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "produtos_descricao_idx" ON "produtos" USING btree ("embarcador_uid","descricao");--> statement-breakpoint
CREATE INDEX "produtos_ncm_idx" ON "produtos" USING btree ("embarcador_uid","ncm");