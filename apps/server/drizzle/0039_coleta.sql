CREATE TABLE "ordens_coleta" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"embarcador_uid" uuid NOT NULL,
	"numero" integer GENERATED ALWAYS AS IDENTITY (sequence name "ordens_coleta_numero_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"status" smallint DEFAULT 1 NOT NULL,
	"justificativa" varchar(1000),
	"transportador_uid" uuid,
	"cotacao_uid" uuid,
	"embarque_uid" uuid,
	"origem_cep" varchar(8),
	"origem_municipio_ibge" varchar(7),
	"destino_cep" varchar(8),
	"destino_municipio_ibge" varchar(7),
	"remetente_uid" uuid,
	"destinatario_uid" uuid,
	"data_coleta_desejada" date,
	"tipo_veiculo_uid" uuid,
	"observacao" varchar(1000),
	"enviado_em" timestamp with time zone,
	"data_coleta_prevista" date,
	"veiculo_uid" uuid,
	"motorista_uid" uuid,
	"observacao_transportador" varchar(1000),
	"respondido_por" uuid,
	"respondido_em" timestamp with time zone,
	"criado_por" uuid,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "carga_nfes" DROP CONSTRAINT "carga_nfes_dono_ck";--> statement-breakpoint
ALTER TABLE "carga_produtos" DROP CONSTRAINT "carga_produtos_dono_ck";--> statement-breakpoint
ALTER TABLE "carga_nfes" ADD COLUMN "ordem_coleta_uid" uuid;--> statement-breakpoint
ALTER TABLE "carga_nfes" ADD COLUMN "liberado_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "carga_produtos" ADD COLUMN "ordem_coleta_uid" uuid;--> statement-breakpoint
ALTER TABLE "carga_produtos" ADD COLUMN "liberado_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ordens_coleta" ADD CONSTRAINT "ordens_coleta_embarcador_uid_embarcadores_uid_fk" FOREIGN KEY ("embarcador_uid") REFERENCES "public"."embarcadores"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ordens_coleta" ADD CONSTRAINT "ordens_coleta_transportador_uid_transportadores_uid_fk" FOREIGN KEY ("transportador_uid") REFERENCES "public"."transportadores"("uid") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ordens_coleta" ADD CONSTRAINT "ordens_coleta_cotacao_uid_cotacoes_frete_uid_fk" FOREIGN KEY ("cotacao_uid") REFERENCES "public"."cotacoes_frete"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ordens_coleta" ADD CONSTRAINT "ordens_coleta_embarque_uid_embarques_uid_fk" FOREIGN KEY ("embarque_uid") REFERENCES "public"."embarques"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ordens_coleta" ADD CONSTRAINT "ordens_coleta_origem_municipio_ibge_municipios_ibge_fk" FOREIGN KEY ("origem_municipio_ibge") REFERENCES "public"."municipios"("ibge") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ordens_coleta" ADD CONSTRAINT "ordens_coleta_destino_municipio_ibge_municipios_ibge_fk" FOREIGN KEY ("destino_municipio_ibge") REFERENCES "public"."municipios"("ibge") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ordens_coleta" ADD CONSTRAINT "ordens_coleta_remetente_uid_pessoas_uid_fk" FOREIGN KEY ("remetente_uid") REFERENCES "public"."pessoas"("uid") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ordens_coleta" ADD CONSTRAINT "ordens_coleta_destinatario_uid_pessoas_uid_fk" FOREIGN KEY ("destinatario_uid") REFERENCES "public"."pessoas"("uid") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ordens_coleta" ADD CONSTRAINT "ordens_coleta_tipo_veiculo_uid_tipos_veiculo_uid_fk" FOREIGN KEY ("tipo_veiculo_uid") REFERENCES "public"."tipos_veiculo"("uid") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ordens_coleta" ADD CONSTRAINT "ordens_coleta_veiculo_uid_veiculos_uid_fk" FOREIGN KEY ("veiculo_uid") REFERENCES "public"."veiculos"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ordens_coleta" ADD CONSTRAINT "ordens_coleta_motorista_uid_motoristas_uid_fk" FOREIGN KEY ("motorista_uid") REFERENCES "public"."motoristas"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ordens_coleta" ADD CONSTRAINT "ordens_coleta_respondido_por_usuarios_uid_fk" FOREIGN KEY ("respondido_por") REFERENCES "public"."usuarios"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ordens_coleta" ADD CONSTRAINT "ordens_coleta_criado_por_usuarios_uid_fk" FOREIGN KEY ("criado_por") REFERENCES "public"."usuarios"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ordens_coleta_lista_idx" ON "ordens_coleta" USING btree ("embarcador_uid","numero");--> statement-breakpoint
CREATE INDEX "ordens_coleta_embarcador_uid_status_index" ON "ordens_coleta" USING btree ("embarcador_uid","status");--> statement-breakpoint
CREATE INDEX "ordens_coleta_transportador_uid_status_index" ON "ordens_coleta" USING btree ("transportador_uid","status");--> statement-breakpoint
CREATE INDEX "ordens_coleta_embarque_uid_index" ON "ordens_coleta" USING btree ("embarque_uid");--> statement-breakpoint
CREATE INDEX "ordens_coleta_cotacao_uid_index" ON "ordens_coleta" USING btree ("cotacao_uid");--> statement-breakpoint
ALTER TABLE "carga_nfes" ADD CONSTRAINT "carga_nfes_ordem_coleta_uid_ordens_coleta_uid_fk" FOREIGN KEY ("ordem_coleta_uid") REFERENCES "public"."ordens_coleta"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carga_produtos" ADD CONSTRAINT "carga_produtos_ordem_coleta_uid_ordens_coleta_uid_fk" FOREIGN KEY ("ordem_coleta_uid") REFERENCES "public"."ordens_coleta"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "carga_nfes_ordem_coleta_uid_index" ON "carga_nfes" USING btree ("ordem_coleta_uid");--> statement-breakpoint
CREATE UNIQUE INDEX "carga_nfes_ordem_coleta_chave_uq" ON "carga_nfes" USING btree ("ordem_coleta_uid","chave");--> statement-breakpoint
CREATE INDEX "carga_produtos_ordem_coleta_uid_index" ON "carga_produtos" USING btree ("ordem_coleta_uid");--> statement-breakpoint
ALTER TABLE "carga_nfes" ADD CONSTRAINT "carga_nfes_dono_ck" CHECK (num_nonnulls("carga_nfes"."solicitacao_uid", "carga_nfes"."cotacao_uid", "carga_nfes"."embarque_uid", "carga_nfes"."ordem_coleta_uid") = 1);--> statement-breakpoint
ALTER TABLE "carga_produtos" ADD CONSTRAINT "carga_produtos_dono_ck" CHECK (num_nonnulls("carga_produtos"."solicitacao_uid", "carga_produtos"."cotacao_uid", "carga_produtos"."embarque_uid", "carga_produtos"."ordem_coleta_uid") = 1);