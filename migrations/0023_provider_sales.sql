CREATE TABLE `provider_sales` (
	`provider` text NOT NULL,
	`subject_key` text NOT NULL,
	`record_id` text NOT NULL,
	`role` text NOT NULL,
	`facts` text,
	`fetched_at` integer NOT NULL,
	PRIMARY KEY(`provider`, `subject_key`, `record_id`)
);
--> statement-breakpoint
CREATE INDEX `provider_sales_fetched_idx` ON `provider_sales` (`fetched_at`);