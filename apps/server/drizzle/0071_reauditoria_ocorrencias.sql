CREATE TABLE "reauditoria_ocorrencias" (
	"embarcador_uid" uuid NOT NULL,
	"nfe_uid" uuid NOT NULL,
	"desde" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reauditoria_ocorrencias_embarcador_uid_nfe_uid_pk" PRIMARY KEY("embarcador_uid","nfe_uid")
);
--> statement-breakpoint
ALTER TABLE "reauditoria_ocorrencias" ADD CONSTRAINT "reauditoria_ocorrencias_embarcador_uid_embarcadores_uid_fk" FOREIGN KEY ("embarcador_uid") REFERENCES "public"."embarcadores"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reauditoria_ocorrencias" ADD CONSTRAINT "reauditoria_ocorrencias_nfe_uid_nfes_uid_fk" FOREIGN KEY ("nfe_uid") REFERENCES "public"."nfes"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reauditoria_ocorrencias_desde_idx" ON "reauditoria_ocorrencias" USING btree ("desde");