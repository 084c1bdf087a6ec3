ALTER TABLE `regional_models` ADD `range_calibration` text;--> statement-breakpoint
ALTER TABLE `provider_sales` ADD `status` text DEFAULT 'ready' NOT NULL;--> statement-breakpoint
ALTER TABLE `provider_sales` ADD `claim_id` text;--> statement-breakpoint
ALTER TABLE `provider_sales` ADD `claim_expires_at` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `provider_sales_subject_idx` ON `provider_sales` (`provider`,`subject_key`) WHERE role = 'subject';