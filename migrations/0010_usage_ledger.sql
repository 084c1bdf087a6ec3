CREATE TABLE `letter_mailings` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`property_id` text NOT NULL,
	`document_id` text,
	`claim_key` text NOT NULL,
	`status` text NOT NULL,
	`recipient_name` text NOT NULL,
	`recipient_address` text NOT NULL,
	`amount` integer NOT NULL,
	`provider` text,
	`tracking_id` text,
	`mailed_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`property_id`) REFERENCES `properties`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`document_id`) REFERENCES `documents`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `letter_mailings_user_claim_idx` ON `letter_mailings` (`user_id`,`claim_key`);--> statement-breakpoint
CREATE INDEX `letter_mailings_user_property_idx` ON `letter_mailings` (`user_id`,`property_id`);--> statement-breakpoint
CREATE TABLE `usage_budgets` (
	`user_id` text PRIMARY KEY NOT NULL,
	`monthly_cap_cents` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `usage_counters` (
	`user_id` text NOT NULL,
	`meter` text NOT NULL,
	`span` text NOT NULL,
	`window_start` integer NOT NULL,
	`amount` integer NOT NULL,
	PRIMARY KEY(`user_id`, `meter`, `span`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `usage_events` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`quantity` integer NOT NULL,
	`unit_cost_microcents` integer NOT NULL,
	`cost_microcents` integer NOT NULL,
	`provider` text NOT NULL,
	`provider_request_id` text,
	`period` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `usage_events_user_period_kind_idx` ON `usage_events` (`user_id`,`period`,`kind`);--> statement-breakpoint
CREATE TABLE `usage_leases` (
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`key` text NOT NULL,
	`expires_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `kind`, `key`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `documents` ADD `amount` integer;--> statement-breakpoint
ALTER TABLE `documents` ADD `dedupe_key` text;--> statement-breakpoint
CREATE UNIQUE INDEX `documents_user_dedupe_idx` ON `documents` (`user_id`,`dedupe_key`);