CREATE TABLE "rastreios" (
	"nfe_uid" uuid PRIMARY KEY NOT NULL,
	"embarcador_uid" uuid NOT NULL,
	"token" varchar(43) NOT NULL,
	"data_prevista" date,
	"prazo_dias_uteis" integer,
	"data_entrega" date,
	"tentativas" integer DEFAULT 0 NOT NULL,
	"excecao" boolean DEFAULT false NOT NULL,
	"ultimo_evento_em" timestamp with time zone,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "eventos_ocorrencia" ADD COLUMN "nfe_uid" uuid;--> statement-breakpoint
ALTER TABLE "eventos_ocorrencia" ADD COLUMN "data_agendamento" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "eventos_ocorrencia" ADD COLUMN "responsavel" varchar(100);--> statement-breakpoint
ALTER TABLE "eventos_ocorrencia" ADD COLUMN "local" varchar(150);--> statement-breakpoint
ALTER TABLE "eventos_ocorrencia" ADD COLUMN "usuario_uid" uuid;--> statement-breakpoint
ALTER TABLE "rastreios" ADD CONSTRAINT "rastreios_nfe_uid_nfes_uid_fk" FOREIGN KEY ("nfe_uid") REFERENCES "public"."nfes"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rastreios" ADD CONSTRAINT "rastreios_embarcador_uid_embarcadores_uid_fk" FOREIGN KEY ("embarcador_uid") REFERENCES "public"."embarcadores"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "rastreios_token_uq" ON "rastreios" USING btree ("token");--> statement-breakpoint
CREATE INDEX "rastreios_prevista_idx" ON "rastreios" USING btree ("embarcador_uid","data_prevista");--> statement-breakpoint
ALTER TABLE "eventos_ocorrencia" ADD CONSTRAINT "eventos_ocorrencia_nfe_uid_nfes_uid_fk" FOREIGN KEY ("nfe_uid") REFERENCES "public"."nfes"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eventos_ocorrencia" ADD CONSTRAINT "eventos_ocorrencia_usuario_uid_usuarios_uid_fk" FOREIGN KEY ("usuario_uid") REFERENCES "public"."usuarios"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "eventos_ocorrencia_nfe_idx" ON "eventos_ocorrencia" USING btree ("nfe_uid","data_hora");--> statement-breakpoint
CREATE INDEX "eventos_ocorrencia_data_idx" ON "eventos_ocorrencia" USING btree ("embarcador_uid","data_hora");