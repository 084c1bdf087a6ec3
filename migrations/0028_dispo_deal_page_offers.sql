CREATE TABLE `deal_links` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`deal_id` text NOT NULL,
	`token_hash` text NOT NULL,
	`form_secret` text NOT NULL,
	`show_street` integer DEFAULT false NOT NULL,
	`revoked_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`deal_id`) REFERENCES `deals`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `deal_links_deal_idx` ON `deal_links` (`deal_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `deal_links_token_idx` ON `deal_links` (`token_hash`);--> statement-breakpoint
CREATE TABLE `deal_offers` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`deal_id` text NOT NULL,
	`buyer_id` text,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`phone` text,
	`amount` integer,
	`earnest_money` integer,
	`close_date` text,
	`proof_of_funds` integer DEFAULT false NOT NULL,
	`message` text,
	`status` text DEFAULT 'new' NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`deal_id`) REFERENCES `deals`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`buyer_id`) REFERENCES `buyers`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `deal_offers_deal_idx` ON `deal_offers` (`user_id`,`deal_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `deal_offers_buyer_idx` ON `deal_offers` (`user_id`,`buyer_id`);--> statement-breakpoint
ALTER TABLE `deals` ADD `contracted_at` integer;--> statement-breakpoint
ALTER TABLE `deals` ADD `assigned_offer_id` text;--> statement-breakpoint
ALTER TABLE `deals` ADD `assignment_document_id` text;