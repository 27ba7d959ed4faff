ALTER TABLE "ctes" ADD COLUMN "peso_cubado" numeric(15, 4);--> statement-breakpoint
ALTER TABLE "ctes" ADD COLUMN "peso_base_calculo" numeric(15, 4);