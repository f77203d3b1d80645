CREATE TABLE "monitor_days" (
	"provider" text NOT NULL,
	"monitor_id" text NOT NULL,
	"day" date NOT NULL,
	"uptime" double precision NOT NULL,
	"status" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "monitor_days_provider_monitor_id_day_pk" PRIMARY KEY("provider","monitor_id","day")
);
