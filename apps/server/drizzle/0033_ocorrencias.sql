CREATE TABLE "eventos_ocorrencia" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"embarcador_uid" uuid NOT NULL,
	"ocorrencia_uid" uuid,
	"transportador_uid" uuid,
	"cnpj_transportador" varchar(14),
	"codigo_transportador" varchar(10),
	"cnpj_emissor_nf" varchar(14) DEFAULT '' NOT NULL,
	"serie_nf" varchar(3) DEFAULT '' NOT NULL,
	"numero_nf" varchar(9) NOT NULL,
	"data_hora" timestamp with time zone NOT NULL,
	"observacao" varchar(255),
	"origem" varchar(10) NOT NULL,
	"tarefa_uid" uuid,
	"linha" integer,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ocorrencias" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"embarcador_uid" uuid NOT NULL,
	"codigo" varchar(10) NOT NULL,
	"descricao" varchar(150) NOT NULL,
	"acao" smallint NOT NULL,
	"tipo_cobranca" char(1),
	"valor_cobranca" numeric(14, 4),
	"transporte_aereo" boolean DEFAULT false NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ocorrencias_depara" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"embarcador_uid" uuid NOT NULL,
	"transportador_uid" uuid NOT NULL,
	"codigo_transportador" varchar(10) NOT NULL,
	"descricao_transportador" varchar(150),
	"ocorrencia_uid" uuid NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ocorrencias_sem_depara" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"embarcador_uid" uuid NOT NULL,
	"transportador_uid" uuid,
	"cnpj_transportador" varchar(14) NOT NULL,
	"nome_transportador" varchar(150),
	"codigo_transportador" varchar(10) NOT NULL,
	"quantidade" integer DEFAULT 0 NOT NULL,
	"ultima_em" timestamp with time zone DEFAULT now() NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "eventos_ocorrencia" ADD CONSTRAINT "eventos_ocorrencia_embarcador_uid_embarcadores_uid_fk" FOREIGN KEY ("embarcador_uid") REFERENCES "public"."embarcadores"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eventos_ocorrencia" ADD CONSTRAINT "eventos_ocorrencia_ocorrencia_uid_ocorrencias_uid_fk" FOREIGN KEY ("ocorrencia_uid") REFERENCES "public"."ocorrencias"("uid") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eventos_ocorrencia" ADD CONSTRAINT "eventos_ocorrencia_transportador_uid_transportadores_uid_fk" FOREIGN KEY ("transportador_uid") REFERENCES "public"."transportadores"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ocorrencias" ADD CONSTRAINT "ocorrencias_embarcador_uid_embarcadores_uid_fk" FOREIGN KEY ("embarcador_uid") REFERENCES "public"."embarcadores"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ocorrencias_depara" ADD CONSTRAINT "ocorrencias_depara_embarcador_uid_embarcadores_uid_fk" FOREIGN KEY ("embarcador_uid") REFERENCES "public"."embarcadores"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ocorrencias_depara" ADD CONSTRAINT "ocorrencias_depara_transportador_uid_transportadores_uid_fk" FOREIGN KEY ("transportador_uid") REFERENCES "public"."transportadores"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ocorrencias_depara" ADD CONSTRAINT "ocorrencias_depara_ocorrencia_uid_ocorrencias_uid_fk" FOREIGN KEY ("ocorrencia_uid") REFERENCES "public"."ocorrencias"("uid") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ocorrencias_sem_depara" ADD CONSTRAINT "ocorrencias_sem_depara_embarcador_uid_embarcadores_uid_fk" FOREIGN KEY ("embarcador_uid") REFERENCES "public"."embarcadores"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ocorrencias_sem_depara" ADD CONSTRAINT "ocorrencias_sem_depara_transportador_uid_transportadores_uid_fk" FOREIGN KEY ("transportador_uid") REFERENCES "public"."transportadores"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "eventos_ocorrencia_edi_uq" ON "eventos_ocorrencia" USING btree ("embarcador_uid","cnpj_transportador","codigo_transportador","cnpj_emissor_nf","serie_nf","numero_nf","data_hora");--> statement-breakpoint
CREATE INDEX "eventos_ocorrencia_nf_idx" ON "eventos_ocorrencia" USING btree ("embarcador_uid","numero_nf");--> statement-breakpoint
CREATE INDEX "eventos_ocorrencia_ocorrencia_uid_index" ON "eventos_ocorrencia" USING btree ("ocorrencia_uid");--> statement-breakpoint
CREATE UNIQUE INDEX "ocorrencias_codigo_uq" ON "ocorrencias" USING btree ("embarcador_uid","codigo");--> statement-breakpoint
CREATE INDEX "ocorrencias_descricao_idx" ON "ocorrencias" USING btree ("embarcador_uid","descricao");--> statement-breakpoint
CREATE UNIQUE INDEX "ocorrencias_depara_codigo_uq" ON "ocorrencias_depara" USING btree ("embarcador_uid","transportador_uid","codigo_transportador");--> statement-breakpoint
CREATE INDEX "ocorrencias_depara_ocorrencia_uid_index" ON "ocorrencias_depara" USING btree ("ocorrencia_uid");--> statement-breakpoint
CREATE INDEX "ocorrencias_depara_transportador_uid_index" ON "ocorrencias_depara" USING btree ("transportador_uid");--> statement-breakpoint
CREATE UNIQUE INDEX "ocorrencias_sem_depara_uq" ON "ocorrencias_sem_depara" USING btree ("embarcador_uid","cnpj_transportador","codigo_transportador");