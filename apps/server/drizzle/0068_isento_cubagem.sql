ALTER TABLE "pessoas" ADD COLUMN "isento_cubagem" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "produtos" ADD COLUMN "isento_cubagem" boolean DEFAULT false NOT NULL;