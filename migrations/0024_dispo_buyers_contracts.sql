CREATE TABLE `buyers` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`name` text NOT NULL,
	`company` text,
	`email` text,
	`phone` text,
	`markets` text DEFAULT '[]' NOT NULL,
	`property_types` text DEFAULT '[]' NOT NULL,
	`price_min` integer,
	`price_max` integer,
	`min_beds` integer,
	`max_repair_level` text,
	`email_consent` integer DEFAULT false NOT NULL,
	`unsubscribed_at` integer,
	`source` text NOT NULL,
	`buyer_lead_id` text,
	`source_buyer_id` text,
	`match_key` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`buyer_lead_id`) REFERENCES `buyer_leads`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `buyers_user_created_idx` ON `buyers` (`user_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `buyers_user_match_idx` ON `buyers` (`user_id`,`match_key`);--> statement-breakpoint
CREATE UNIQUE INDEX `buyers_user_lead_idx` ON `buyers` (`user_id`,`buyer_lead_id`);--> statement-breakpoint
ALTER TABLE `buyer_leads` ADD `source_buyer_id` text;--> statement-breakpoint
ALTER TABLE `deals` ADD `dispo_status` text;--> statement-breakpoint
ALTER TABLE `deals` ADD `contract_price` integer;--> statement-breakpoint
ALTER TABLE `deals` ADD `inspection_deadline` integer;--> statement-breakpoint
ALTER TABLE `deals` ADD `earnest_money` integer;--> statement-breakpoint
ALTER TABLE `deals` ADD `assignment_fee_asked` integer;--> statement-breakpoint
ALTER TABLE `deals` ADD `buyer_price` integer;--> statement-breakpoint
CREATE INDEX `deals_user_dispo_idx` ON `deals` (`user_id`,`dispo_status`);