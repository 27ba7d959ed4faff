CREATE TABLE "pisos_antt" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"embarcador_uid" uuid NOT NULL,
	"tipo_carga" varchar(30) NOT NULL,
	"eixos" smallint NOT NULL,
	"ccd" numeric(10, 4) NOT NULL,
	"cc" numeric(12, 2) NOT NULL,
	"vigencia_inicio" date NOT NULL,
	"vigencia_fim" date,
	"fonte" varchar(255) NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pisos_antt_eixos_ck" CHECK ("pisos_antt"."eixos" between 2 and 9),
	CONSTRAINT "pisos_antt_vigencia_ck" CHECK ("pisos_antt"."vigencia_fim" is null or "pisos_antt"."vigencia_fim" >= "pisos_antt"."vigencia_inicio")
);
--> statement-breakpoint
ALTER TABLE "unidades_transportador" ADD COLUMN "tipo" varchar(3) DEFAULT 'ETC' NOT NULL;--> statement-breakpoint
ALTER TABLE "unidades_transportador" ADD COLUMN "rntrc" varchar(8);--> statement-breakpoint
ALTER TABLE "restricoes" ADD COLUMN "produtos" varchar(60)[] DEFAULT '{}'::varchar[] NOT NULL;--> statement-breakpoint
ALTER TABLE "restricoes" ADD COLUMN "ncms" varchar(8)[] DEFAULT '{}'::varchar[] NOT NULL;--> statement-breakpoint
ALTER TABLE "pisos_antt" ADD CONSTRAINT "pisos_antt_embarcador_uid_embarcadores_uid_fk" FOREIGN KEY ("embarcador_uid") REFERENCES "public"."embarcadores"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pisos_antt_uq" ON "pisos_antt" USING btree ("embarcador_uid","tipo_carga","eixos","vigencia_inicio");--> statement-breakpoint
ALTER TABLE "unidades_transportador" ADD CONSTRAINT "unidades_transportador_tipo_ck" CHECK ("unidades_transportador"."tipo" in ('ETC', 'TAC', 'CTC'));