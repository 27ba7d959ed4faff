CREATE TABLE "historico_webservice" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"embarcador_uid" uuid NOT NULL,
	"servico" varchar(60) NOT NULL,
	"ambiente" varchar(15) NOT NULL,
	"url" varchar(500) NOT NULL,
	"c_stat" varchar(5),
	"x_motivo" text,
	"sucesso" boolean NOT NULL,
	"duracao_ms" integer NOT NULL,
	"requisicao" text,
	"resposta" text,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "logs_operacao" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"embarcador_uid" uuid NOT NULL,
	"nivel" varchar(10) NOT NULL,
	"origem" varchar(60) NOT NULL,
	"mensagem" text NOT NULL,
	"detalhes" jsonb,
	"tarefa_uid" uuid,
	"usuario_uid" uuid,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tarefa_itens" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tarefa_uid" uuid NOT NULL,
	"ordem" integer NOT NULL,
	"nome" varchar(500) NOT NULL,
	"ref" jsonb,
	"status" smallint DEFAULT 1 NOT NULL,
	"mensagem" text,
	"registro_uid" varchar(80),
	"processado_em" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "tarefas" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"embarcador_uid" uuid NOT NULL,
	"usuario_uid" uuid,
	"tipo" varchar(60) NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"parametros" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"preparada" boolean DEFAULT false NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"processados" integer DEFAULT 0 NOT NULL,
	"erros" integer DEFAULT 0 NOT NULL,
	"avisos" integer DEFAULT 0 NOT NULL,
	"cancelar" boolean DEFAULT false NOT NULL,
	"mensagem" text,
	"arquivo" jsonb,
	"trabalhador" varchar(80),
	"vivo_em" timestamp with time zone,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"iniciado_em" timestamp with time zone,
	"concluido_em" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "historico_webservice" ADD CONSTRAINT "historico_webservice_embarcador_uid_embarcadores_uid_fk" FOREIGN KEY ("embarcador_uid") REFERENCES "public"."embarcadores"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logs_operacao" ADD CONSTRAINT "logs_operacao_embarcador_uid_embarcadores_uid_fk" FOREIGN KEY ("embarcador_uid") REFERENCES "public"."embarcadores"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tarefa_itens" ADD CONSTRAINT "tarefa_itens_tarefa_uid_tarefas_uid_fk" FOREIGN KEY ("tarefa_uid") REFERENCES "public"."tarefas"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tarefas" ADD CONSTRAINT "tarefas_embarcador_uid_embarcadores_uid_fk" FOREIGN KEY ("embarcador_uid") REFERENCES "public"."embarcadores"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "historico_webservice_idx" ON "historico_webservice" USING btree ("embarcador_uid","criado_em");--> statement-breakpoint
CREATE INDEX "logs_operacao_idx" ON "logs_operacao" USING btree ("embarcador_uid","criado_em");--> statement-breakpoint
CREATE UNIQUE INDEX "tarefa_itens_ordem_uq" ON "tarefa_itens" USING btree ("tarefa_uid","ordem");--> statement-breakpoint
CREATE INDEX "tarefa_itens_status_idx" ON "tarefa_itens" USING btree ("tarefa_uid","status","ordem");--> statement-breakpoint
CREATE INDEX "tarefas_fila_idx" ON "tarefas" USING btree ("status","criado_em");--> statement-breakpoint
CREATE INDEX "tarefas_embarcador_idx" ON "tarefas" USING btree ("embarcador_uid","criado_em");